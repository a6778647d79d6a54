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

/** Similar homes (issue 28 item 3, docs/tracker-figures.md#similar-homes): a group is shown from this many homes. */
export const SIMILAR_HOMES_MIN_GROUP = 20;
/** The days compared: the last 4 complete weeks, each home with data on every one of them. */
export const SIMILAR_HOMES_DAYS = 28;

export const similarHomesStatuses = [
  'compared',
  'small_group',
  'no_group',
  'not_enough_data',
  'no_profile',
  'pending',
] as const;
export type SimilarHomesStatus = (typeof similarHomesStatuses)[number];
export const similarHomesRatings = ['great', 'good', 'more'] as const;
export type SimilarHomesRating = (typeof similarHomesRatings)[number];

export const similarHomesCopy = {
  title: 'Similar homes',
  smeTitle: 'Similar businesses',
  /** Opower's words for the three outcomes. */
  ratings: {
    great: 'Great',
    good: 'Good',
    more: 'Using more than similar homes',
  } satisfies Record<SimilarHomesRating, string>,
  smeRatings: {
    great: 'Great',
    good: 'Good',
    more: 'Using more than similar businesses',
  } satisfies Record<SimilarHomesRating, string>,
  /** {from} and {to}: the 4 weeks compared. */
  period: 'Average kWh a day, {from} to {to}',
  you: 'You',
  efficient: 'Efficient similar homes',
  median: 'All similar homes (median)',
  smeEfficient: 'Efficient similar businesses',
  smeMedian: 'All similar businesses (median)',
  /** {homes}: how many homes the group has (20 or more). */
  based:
    'Compared with {homes} homes like yours with this retailer: the median is the middle home, efficient homes the lowest 20%. No other home’s own figures are shown.',
  smeBased:
    'Compared with {homes} businesses like yours with this retailer: the median is the middle one, efficient businesses the lowest 20%. No other business’s own figures are shown.',
  noProfile: 'Tell us about your home and we will compare your usage with similar homes.',
  smeNoProfile: 'Tell us about your business and we will compare your usage with similar businesses.',
  surveyLink: 'Take the survey',
  smallGroup:
    'Not enough similar homes yet to compare fairly: we compare once at least 20 homes like yours have 4 weeks of data.',
  noGroup:
    'Your survey answers leave out what we need to find similar homes (the type of home, how many people, pool or spa, hot water and solar; for a business its type and size).',
  notEnoughData: 'We compare once you have 4 complete weeks of meter data.',
  pending:
    'Thanks for your answers: we compare similar homes once a week, and yours will be here after the next comparison.',
  /** The email line: {rating}, {you}, {median} and {efficient} in kWh a day. */
  emailLine:
    'Similar homes: {rating}. You used {you} kWh a day; similar homes {median}, efficient ones {efficient}.',
} as const;
