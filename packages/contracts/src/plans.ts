/**
 * Plans compared on the customer's own meter data (issue 17, docs/plans.md): the rules both the server and
 * the web app apply and the wording the customer reads. The call's schemas are in plans-schemas.ts, apart, so
 * that the screens do not load zod (docs/decisions/0010).
 */

/** The comparison covers the 365 days up to yesterday (AEST): the customer's last 12 months. */
export const PLAN_YEAR_DAYS = 365;

/**
 * Below this many days with meter data in the last 12 months the comparison is refused: a season is the least
 * that says anything about a year (docs/plans.md).
 */
export const PLAN_MIN_DAYS = 90;

/** The smallest yearly saving, in whole dollars, that the Tracker and the emails show as a better offer. */
export const BETTER_OFFER_DEFAULT_MIN_SAVING = 50;

/** How the yearly figures were worked out, in words (the API's `method` and the page's explanation). */
export function planMethodText(daysWithData: number): string {
  if (daysWithData >= PLAN_YEAR_DAYS) {
    return `Worked out from your last 12 months of meter data (${PLAN_YEAR_DAYS} days). Prices include GST.`;
  }
  return `Estimated from the ${daysWithData} days of meter data we have in the last 12 months, scaled to a year: each plan's cost over those days x ${PLAN_YEAR_DAYS} / ${daysWithData}. Seasons missing from your data can make the estimate higher or lower than a full year. Prices include GST.`;
}

/** Why there is no comparison yet (fewer than PLAN_MIN_DAYS days of data). */
export function planNotEnoughDataText(daysWithData: number): string {
  return `We need at least ${PLAN_MIN_DAYS} days of your meter data from the last 12 months to compare plans, and we have ${daysWithData}.`;
}

/** The better offer line (the Tracker's panel and the emails); amounts already formatted, e.g. "$123.45". */
export const betterOfferLine = (planName: string, saving: string) =>
  `You could save about ${saving} a year on ${planName}, based on your own meter data over the last 12 months (including GST).`;

/** Said when the customer's own plan costs least. */
export const cheapestPlanLine = 'You are on the cheapest of our plans for you, based on your own meter data.';

/** The plans page's and the better offer panel's wording. */
export const planCopy = {
  pageTitle: 'Compare our plans',
  intro:
    'Each of our plans you can choose, priced on your own half-hourly meter data, as if you had been on it for the whole period.',
  period: 'Your meter data from {from} to {to}.',
  chartTitle: 'Estimated cost of a year on each plan',
  tableCaption: 'Estimated yearly cost of each plan, cheapest first (including GST)',
  plan: 'Plan',
  yearlyCost: 'Cost a year',
  usage: 'Usage',
  supply: 'Supply',
  solarCredit: 'Solar credit',
  concession: 'Concession',
  difference: 'Against your plan',
  current: 'Your plan',
  notOnOffer: 'No longer offered',
  saves: 'Saves {amount} a year',
  costsMore: 'Costs {amount} more a year',
  same: 'The same as your plan',
  howTitle: 'How we worked it out',
  howIntro:
    'The same pricing as your Tracker: each half-hour at the price of its time of day, plus the daily supply charge, less any solar credit, concession and discounts.',
  switchIntro: 'To change plan, call us on {phone} or visit {site}.',
  accountSite: 'your account online',
  loading: 'Working out your plans...',
  error: 'We could not compare plans just now. Please try again later.',
  betterOfferTitle: 'A better offer for you',
  betterOfferLink: 'Compare our plans',
  backToTracker: 'Back to your Tracker',
  projectionNote:
    'An estimate from your past usage: your usage, prices and the seasons ahead will make a real year differ.',
} as const;
