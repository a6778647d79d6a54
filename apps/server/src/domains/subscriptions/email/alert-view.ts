/**
 * What a budget alert says (docs/budget-alerts.md), as sentences and links: one view model that both the HTML
 * and the plain-text components render, so the two parts of the email cannot disagree. The figures are the
 * projection's (budget-alert.ts), which are the Tracker's own.
 */
import {
  budgetAlertCopy,
  formatCurrency,
  formatLongDate,
  formatMessage,
  paths,
  snapshotCopy,
} from '@portal/contracts';
import type { WeekProjection } from '../budget-alert.ts';
import type { LinkBuilder } from '../links.ts';
import type { SnapshotLink, SnapshotRetailer } from './view.ts';
import { footerLines, weekRange } from './view.ts';

export interface BudgetAlertView {
  subject: string;
  preheader: string;
  brand: string;
  heading: string;
  /** The headline: on track to go over, or already over. */
  headline: string;
  lines: string[];
  days: { title: string; lines: string[] };
  method: { title: string; line: string };
  action: SnapshotLink;
  turnOff: { line: string; link: SnapshotLink };
  footer: string[];
}

const money = (cents: number) => formatCurrency(cents / 100);
/** 'Thursday 26 November' */
const dayName = (date: string) => formatLongDate(date).replace(/ \d{4}$/, '');

export function budgetAlertView(input: {
  projection: WeekProjection;
  averageWeeks: number;
  retailer: SnapshotRetailer;
  publicId: string;
  links: LinkBuilder;
}): BudgetAlertView {
  const { projection: week, retailer, publicId, links } = input;
  const budget = money(week.budgetCents);
  const over = week.spentCents > week.budgetCents;
  const end = week.days[6]?.date as string;
  const headline = over
    ? formatMessage(budgetAlertCopy.alreadyOver, {
        spent: money(week.spentCents),
        over: money(week.spentCents - week.budgetCents),
        budget,
      })
    : formatMessage(budgetAlertCopy.projected, {
        projected: money(week.projectedCents),
        over: money(week.projectedCents - week.budgetCents),
        budget,
      });
  const dayCount = `${week.daysWithData} ${week.daysWithData === 1 ? budgetAlertCopy.day : budgetAlertCopy.days}`;
  const lines = [formatMessage(budgetAlertCopy.spent, { spent: money(week.spentCents), days: dayCount })];
  if (week.daysWithData < 7) lines.push(formatMessage(budgetAlertCopy.rest, { rest: money(week.restCents) }));
  if (over && week.daysWithData < 7)
    lines.push(
      formatMessage(budgetAlertCopy.projected, {
        projected: money(week.projectedCents),
        over: money(week.projectedCents - week.budgetCents),
        budget,
      }),
    );
  lines.push(budgetAlertCopy.canSave);
  return {
    subject: formatMessage(over ? budgetAlertCopy.subjectOver : budgetAlertCopy.subject, { budget }),
    preheader: headline,
    brand: formatMessage(snapshotCopy.brand, { retailer: retailer.name }),
    heading: formatMessage(budgetAlertCopy.heading, { range: weekRange(week.weekStart, end) }),
    headline,
    lines,
    days: {
      title: budgetAlertCopy.daysTitle,
      lines: week.days.map((day) =>
        formatMessage(
          day.kind === 'actual'
            ? budgetAlertCopy.dayActual
            : day.kind === 'average'
              ? budgetAlertCopy.dayProjected
              : budgetAlertCopy.dayNoAverage,
          { day: dayName(day.date), amount: money(day.cents) },
        ),
      ),
    },
    method: {
      title: budgetAlertCopy.methodTitle,
      line: formatMessage(budgetAlertCopy.method, { weeks: input.averageWeeks }),
    },
    action: {
      label: budgetAlertCopy.viewWeek,
      href: links.click(paths.usage.href(publicId, week.weekStart)),
    },
    turnOff: {
      line: budgetAlertCopy.why,
      link: { label: budgetAlertCopy.turnOff, href: links.click(paths.settings.href(publicId)) },
    },
    footer: footerLines(retailer),
  };
}
