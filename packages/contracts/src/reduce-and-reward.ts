/**
 * Reduce & Reward (docs/screens.md, docs/api.md, docs/rules.md#limits; docs/reduce-and-reward.md): the rules shared by the server's settlement and the web
 * app's screens, and the screens' wording. Energy in kWh, times in AEST. The calls' schemas are in
 * reduce-and-reward-schemas.ts, so that the screens load without zod (docs/decisions/0010).
 */
import { formatCurrency, formatDecimal } from './format.ts';
import { formatMessage } from './messages.ts';
import { rewardTiers } from './offers.ts';

/** Event intervals are 30 minutes (docs/rules.md#limits). */
export const EVENT_INTERVAL_MINUTES = 30;
/** The event history shows only events that start after 1 Oct 2023 (docs/rules.md#limits), AEST. */
export const EVENT_HISTORY_START = '2023-10-01T00:00:00+10:00';
/** Baseline: the same interval on the 10 most recent days of the same day type before the event (docs/reduce-and-reward.md). */
export const BASELINE_DAYS = 10;
/** How far back the baseline looks for its days, and the fewest days it accepts. */
export const BASELINE_LOOKBACK_DAYS = 60;
export const BASELINE_MIN_DAYS = 5;
/** Gold goes to the top 2% of passing accounts by kWh reduced (docs/rules.md#limits, docs/reduce-and-reward.md). */
export const GOLD_PERCENT = 2;
/** Credits in cents (docs/reduce-and-reward.md): Silver for passing, Gold for the top 2% (at least 9500, docs/rules.md#states-and-transitions). */
export const EVENT_CREDIT_CENTS = { bronze: 0, silver: 500, gold: 10_000 } as const;

export const eventStatuses = ['scheduled', 'complete'] as const;
export type EventStatus = (typeof eventStatuses)[number];

/** Target per interval (docs/rules.md#limits): (baseline + factor x |baseline|) / interval count. */
export function eventTarget(baseline: number, factor: number, intervalCount: number): number {
  return (baseline + factor * Math.abs(baseline)) / intervalCount;
}

export type RewardTierKey = keyof typeof rewardTiers;

/** The tier of a credit (docs/rules.md#states-and-transitions): 9500 or more Gold, 500 to 9499 Silver, below that Bronze. */
export function rewardTierOf(cents: number): RewardTierKey {
  if (cents >= rewardTiers.gold.cents) return 'gold';
  if (cents >= rewardTiers.silver.cents) return 'silver';
  return 'bronze';
}

/** The RESULT column of the history (docs/screens.md). */
export const eventResultTexts = { passed: 'Success!', notPassed: 'Almost!', missing: 'Missing' } as const;

/** Passing earns at least the Silver credit (docs/rules.md): the answers carry the credit, not the pass. */
export const eventPassed = (cents: number) => cents >= rewardTiers.silver.cents;

/**
 * What the event detail's header says of an event's credit (docs/screens.md): the total rewards in dollars
 * ('–' before there is one), the rank (the tier, its name and motto) and the RESULT word. One function for
 * the screen and the results email (issue 29), so that they say the same.
 */
export function eventOutcomeOf(cents: number | null) {
  if (cents === null) return { total: '–', tier: null, result: null } as const;
  const tier = rewardTierOf(cents);
  return {
    total: formatCurrency(cents / 100),
    tier: { key: tier, name: rewardTiers[tier].name, motto: rewardTiers[tier].text },
    result: eventPassed(cents) ? eventResultTexts.passed : eventResultTexts.notPassed,
  } as const;
}

/** The event portal's wording: docs/screens.md words where it gives them, ours elsewhere. */
export const eventCopy = {
  overviewHeading: 'Event Portal',
  overviewIntro:
    'When the electricity grid is under pressure we ask you to use less for a couple of hours. Use less than your usual, and earn a credit on your bill.',
  totalCredits: 'Total bill credits earned',
  historyTitle: 'Event History',
  historyEmpty: 'You have no completed events yet.',
  historyError: 'We could not load your events. Please try again later.',
  columnDate: 'DATE',
  columnResult: 'RESULT',
  columnCredit: 'BILL CREDIT',
  columnRanking: 'RANKING',
  noRanking: 'No ranking',
  rewardsTitle: 'How rewards work',
  rewardsIntro: 'For each event you earn a credit on your next bill, depending on how much you reduce.',
  rewardBronze: 'You took part but stayed above your target.',
  rewardSilver: '$5 bill credit for using 30% or more below your baseline.',
  rewardGold: '$100 bill credit for the top 2% of savers by kWh reduced.',
  tipsTitle: 'Energy saving tips',
  tipsText:
    'Small changes during an event add up: run the dishwasher and washing machine later, pre-cool or pre-heat before the event starts, and switch off appliances at the wall.',
  tipsLink: 'More energy saving tips',
  legalTitle: 'Reduce & Reward terms',
  legalText:
    'Bill credits are applied to your electricity account after the event has been settled, usually within two bills. Results use your smart-meter data in Australian Eastern Standard Time (AEST).',
  /** {phone} is the retailer's contact number. */
  legalContact: 'Questions about Reduce & Reward? Call us on {phone}.',
  totalRewards: 'Total rewards',
  rankLabel: 'Rank:',
  neighboursLabel: 'Other events',
  previousEvent: 'Previous event',
  nextEvent: 'Next event',
  backToOverview: 'Back to Event History',
  /** {date} is the event's date, {start} and {end} its times. */
  chartTitle: 'Your usage per 30 minutes during the event',
  chartAxis: 'kWh',
  chartTable: 'Show the numbers as a table',
  tableTime: 'Time',
  tableUsage: 'Usage (kWh)',
  legendTarget:
    'The orange dotted line is your target, based on your historical usage during the event hours.',
  legendUsage: 'The blue bars are your electricity usage for each 30-minute interval.',
  legendSolar:
    'A yellow bar appears if you have solar and exported more electricity than you consumed in that interval.',
  legendAverage:
    'The solid green line is your average usage during the event: keep it below the orange line to earn a bill credit.',
  averageLine: 'Your average: {value} kWh',
  targetLine: 'Your target: {value} kWh',
  noIntervals: 'Your meter data for this event has not arrived yet.',
} as const;

/** The overview's events still to come (issue 29 item 2); `{name}` placeholders are filled with formatMessage. */
export const upcomingEventCopy = {
  title: 'Coming up',
  when: '{date}, {start} to {end} AEST',
  target: 'Your target: less than {event} kWh over the event, {perInterval} kWh per 30 minutes.',
  baseline:
    'Your usual use at these times is {baseline} kWh, the average of your {days} most recent {dayType} with meter data (the latest {last}).',
  weekdays: 'weekdays',
  weekendDays: 'weekend days',
  noTarget: 'Your target will show here once we have enough of your meter data (5 days like the event day).',
  rewards: 'Stay below it to earn a {silver} bill credit; the top {goldPercent}% of savers earn {gold}.',
  error: 'We could not load your events to come. Please try again later.',
} as const;

/** The target the event detail's chart draws, kWh per 30 minutes (docs/rules.md#limits); null without a baseline. */
export function progressTarget(progress: {
  challenge: { percent_displacement_factor: number };
  usage: { baseline: number | null; intervals: readonly unknown[] };
}): number | null {
  const { baseline, intervals } = progress.usage;
  return baseline !== null && intervals.length > 0
    ? eventTarget(baseline, progress.challenge.percent_displacement_factor, intervals.length)
    : null;
}

/**
 * The target announced before the event against the one the result is measured against, as the customer reads
 * them (kWh per 30 minutes, 2 decimals), with the sentence that says so (issue 29 item 3); null when no target
 * was announced or none was settled.
 */
export function announcedTargetChange(announcedKwh: number | null, settledKwh: number | null) {
  if (announcedKwh === null || settledKwh === null) return null;
  const announced = formatDecimal(announcedKwh, 2);
  const settled = formatDecimal(settledKwh, 2);
  const changed = announced !== settled;
  return {
    changed,
    sentence: changed
      ? formatMessage(eventEmailCopy.targetChanged, { announced, settled })
      : eventEmailCopy.targetUnchanged,
  };
}

/**
 * The Reduce & Reward emails (issue 29, docs/reduce-and-reward.md#emails): the invitation before an event, with
 * the customer's own target (the sentences of upcomingEventCopy), and the results once it is settled (the
 * words of the event detail, eventCopy). `{name}` placeholders are filled with formatMessage.
 */
export const eventEmailCopy = {
  brand: '{retailer} Reduce & Reward',
  invitationSubject: 'Reduce & Reward event: {date}, {start} to {end} AEST',
  invitationHeading: 'You are invited to a Reduce & Reward event',
  invitationIntro:
    'The electricity grid will be under pressure. Use less than usual during the event and earn a credit on your bill.',
  targetTitle: 'Your target',
  targetNote:
    'Worked out from your meter data as it is today. If data for earlier days arrives before the event, the target your result is measured against can change: your results email will say so.',
  rewardsTitle: 'Rewards',
  viewOverview: 'See Reduce & Reward',
  invitationWhy: 'You get this email because you were invited to this event and subscribed to our emails.',
  resultsSubject: 'Your Reduce & Reward result for {date}: {total}',
  resultsHeading: 'Your Reduce & Reward result',
  resultTitle: 'Your result',
  resultLabel: 'Result:',
  /** {target} and {average} in kWh per 30 minutes, as the event detail's chart shows them. */
  resultsTarget:
    'Your target: {target} kWh per 30 minutes. Your average during the event: {average} kWh per 30 minutes.',
  targetChanged:
    'Your target changed after we announced it: we announced {announced} kWh per 30 minutes, and your result is measured against {settled} kWh, because meter data for more days before the event has arrived since.',
  targetUnchanged: 'Your target is the one we announced before the event.',
  viewEvent: 'See the event in detail',
  resultsWhy: 'You get this email because you took part in this event and subscribed to our emails.',
  unsubscribe: 'Unsubscribe from our emails',
} as const;
