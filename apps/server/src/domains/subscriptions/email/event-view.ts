/**
 * What the Reduce & Reward emails say (issue 29, docs/reduce-and-reward.md#emails), as sentences and links: one
 * view model per email that both the HTML and the plain-text components render. The invitation says what the
 * overview's "Coming up" panel says (the upcoming endpoint's entry, `upcomingEventOf`, in its sentences); the
 * results say what the event detail says (its answer, `eventProgressFor`, through `eventOutcomeOf` and the
 * chart's target and average lines).
 */
import {
  announcedTargetChange,
  type EventProgressResponse,
  eventCopy,
  eventEmailCopy,
  eventOutcomeOf,
  formatCurrency,
  formatDecimal,
  formatLongDate,
  formatMessage,
  isWeekday,
  paths,
  progressTarget,
  upcomingEventCopy,
} from '@portal/contracts';
import type { UpcomingEvent } from '../../reduce-and-reward/upcoming.ts';
import type { LinkBuilder } from '../links.ts';
import { footerLines, type SnapshotLink, type SnapshotRetailer } from './view.ts';

export interface EventEmailView {
  subject: string;
  preheader: string;
  brand: string;
  heading: string;
  /** The event's date and times, AEST. */
  when: string;
  /** The first paragraph: the invitation's why, or the result's total. */
  lead: string;
  sections: { title: string; lines: string[] }[];
  action: SnapshotLink;
  why: string;
  unsubscribe: SnapshotLink;
  footer: string[];
}

const kwh = (value: number) => formatDecimal(value, 2);

/** '{date}, {start} to {end} AEST' from AEST ISO times, as the overview's panel says it. */
export function eventWhen(startTime: string, endTime: string) {
  return formatMessage(upcomingEventCopy.when, {
    date: formatLongDate(startTime.slice(0, 10)),
    start: startTime.slice(11, 16),
    end: endTime.slice(11, 16),
  });
}

interface Common {
  retailer: SnapshotRetailer;
  publicId: string;
  links: LinkBuilder;
}

function common(input: Common) {
  return {
    brand: formatMessage(eventEmailCopy.brand, { retailer: input.retailer.name }),
    unsubscribe: { label: eventEmailCopy.unsubscribe, href: input.links.unsubscribe() },
    footer: footerLines(input.retailer),
  };
}

/** The invitation: the event as the upcoming endpoint gives it for the account. */
export function invitationView(input: Common & { event: UpcomingEvent }): EventEmailView {
  const { event, publicId, links } = input;
  const date = event.start_time.slice(0, 10);
  const when = eventWhen(event.start_time, event.end_time);
  const { target } = event;
  const targetLines = target
    ? [
        formatMessage(upcomingEventCopy.target, {
          event: kwh(target.event_kwh),
          perInterval: kwh(target.per_interval_kwh),
        }),
        formatMessage(upcomingEventCopy.baseline, {
          baseline: kwh(target.baseline_kwh),
          days: target.baseline_days,
          dayType: isWeekday(date) ? upcomingEventCopy.weekdays : upcomingEventCopy.weekendDays,
          last: formatLongDate(target.last_baseline_day),
        }),
        eventEmailCopy.targetNote,
      ]
    : [upcomingEventCopy.noTarget];
  const rewards = formatMessage(upcomingEventCopy.rewards, {
    silver: formatCurrency(event.rewards.silver_cents / 100),
    gold: formatCurrency(event.rewards.gold_cents / 100),
    goldPercent: event.rewards.gold_percent,
  });
  return {
    ...common(input),
    subject: formatMessage(eventEmailCopy.invitationSubject, {
      date: formatLongDate(date),
      start: event.start_time.slice(11, 16),
      end: event.end_time.slice(11, 16),
    }),
    preheader: targetLines[0] as string,
    heading: eventEmailCopy.invitationHeading,
    when,
    lead: eventEmailCopy.invitationIntro,
    sections: [
      { title: eventEmailCopy.targetTitle, lines: targetLines },
      { title: eventEmailCopy.rewardsTitle, lines: [rewards] },
    ],
    action: { label: eventEmailCopy.viewOverview, href: links.click(paths.reduceAndReward.href(publicId)) },
    why: eventEmailCopy.invitationWhy,
  };
}

/** The results: the event detail's answer for the account, and the target its invitation announced. */
export function resultsView(
  input: Common & {
    eventId: number;
    startTime: string;
    endTime: string;
    progress: EventProgressResponse;
    announcedTargetKwh: number | null;
  },
): EventEmailView {
  const { progress, publicId, links } = input;
  const outcome = eventOutcomeOf(progress.usage.total_rewards?.cents ?? null);
  const date = input.startTime.slice(0, 10);
  const target = progressTarget(progress);
  const change = announcedTargetChange(input.announcedTargetKwh, target);
  const total = `${eventCopy.totalRewards}: ${outcome.total}`;
  const resultLines = outcome.tier
    ? [
        `${eventCopy.rankLabel} ${outcome.tier.name} ‘${outcome.tier.motto}’`,
        `${eventEmailCopy.resultLabel} ${outcome.result}`,
      ]
    : [];
  const targetLines: string[] = [];
  if (target !== null && progress.usage.average !== null) {
    targetLines.push(
      formatMessage(eventEmailCopy.resultsTarget, {
        target: kwh(target),
        average: kwh(progress.usage.average),
      }),
    );
  }
  if (change) targetLines.push(change.sentence);
  const sections = [
    { title: eventEmailCopy.resultTitle, lines: resultLines },
    { title: eventEmailCopy.targetTitle, lines: targetLines },
  ].filter((section) => section.lines.length > 0);
  return {
    ...common(input),
    subject: formatMessage(eventEmailCopy.resultsSubject, {
      date: formatLongDate(date),
      total: outcome.total,
    }),
    preheader: [total, ...resultLines].join(' '),
    heading: eventEmailCopy.resultsHeading,
    when: eventWhen(input.startTime, input.endTime),
    lead: total,
    sections,
    action: {
      label: eventEmailCopy.viewEvent,
      href: links.click(paths.event.href(publicId, String(input.eventId))),
    },
    why: eventEmailCopy.resultsWhy,
  };
}
