/**
 * The wording and rules of the Tracker's insights beyond the week (issue 28): this quarter against last year
 * and similar homes. No zod here: the web app imports it on first load (docs/decisions/0010).
 */

/** The parts a quarter's change is split into, in the order shown. */
export const quarterChangeParts = ['days', 'usage', 'prices', 'solar', 'happy_hours', 'concessions'] as const;
export type QuarterChangePart = (typeof quarterChangeParts)[number];

/** Enough data to compare (docs/tracker-figures.md#this-quarter-against-last-year). */
export const QUARTER_COMPARE_MIN_DAYS = 14;
/** Each period needs meter data on at least this share of its days. */
export const QUARTER_COMPARE_MIN_COVERAGE = 0.8;

export const quarterCopy = {
  title: 'This quarter against last year',
  /** {from} and {to}: the dates compared. */
  thisYear: 'This quarter so far ({from} to {to})',
  sameDatesLastYear: 'The same dates last year ({from} to {to})',
  lastYearQuarter: 'The whole quarter last year ({from} to {to})',
  projected: 'This quarter, projected',
  notProjected: 'Not enough data to project',
  differenceMore: '{amount} more than the same dates last year',
  differenceLess: '{amount} less than the same dates last year',
  differenceSame: 'The same as the same dates last year',
  methodTitle: 'How we work it out',
  tableCaption: 'What makes the difference, {from} to {to} against the same dates last year',
  part: 'Reason',
  amount: 'Change',
  total: 'Difference',
  parts: {
    days: 'Days with data (the supply charge of the extra or fewer days)',
    usage: 'Usage (the change in kWh, at last year’s prices)',
    prices: 'Prices (this year’s kWh and supply at this year’s prices less last year’s)',
    solar: 'Solar credit (the change in feed-in credit)',
    happy_hours: 'Happy Hours (the change in free hours)',
    concessions: 'Concessions (the change in concessions)',
  } satisfies Record<QuarterChangePart, string>,
  methodDays: 'Days: the difference in days with meter data, times last year’s average daily supply charge.',
  methodUsage:
    'Usage: the change in kWh times last year’s average price per kWh (its usage charges, before any free Happy Hours, divided by its kWh).',
  methodPrices:
    'Prices: this year’s usage charges less this year’s kWh at last year’s average price, and this year’s supply charges less last year’s for the same number of days.',
  methodRest:
    'Solar credit, Happy Hours and concessions: this year’s less last year’s, as credits (more credit lowers the difference).',
  methodRounding:
    'Totals are the days’ exact charges added up and rounded to the cent, as in your projected bill; the parts are rounded so that they add up to the difference exactly.',
  /** {days} and {percent}: the rule for enough data. */
  notEnough:
    'Not enough data to compare with last year yet: we compare once {days} days of the quarter have passed and both this quarter and the same dates last year have meter data for at least {percent}% of their days.',
} as const;
