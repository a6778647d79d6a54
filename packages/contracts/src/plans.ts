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

/** The screen's path of an account's plans. */
export const plansPath = (accountId: string) => `/new/plans/${encodeURIComponent(accountId)}`;

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

/** The portal does not switch plans: the customer is sent to the retailer. */
export const planSwitchNote = 'To change plan, call us or visit your account online.';
