/**
 * Reduce & Be Rewarded ("here for you", docs/screens.md, docs/rules.md, docs/api.md#calls; docs/offers.md): the weekly credit's constants, the
 * screens' wording and the credits CSV. The opt-out and opt-in calls' schemas are in here-for-you-schemas.ts,
 * apart, so that the web app's screens do not load zod (docs/decisions/0010).
 */

/** A week 10% below the account's 4-week average earns a $20 bill credit (docs/screens.md, docs/rules.md#limits; docs/offers.md). */
export const HERE_FOR_YOU_CREDIT_CENTS = 2000;
export const HERE_FOR_YOU_REDUCTION_PERCENT = 10;
export const HERE_FOR_YOU_BASELINE_WEEKS = 4;

/** The credits file for billing (`portal offers here-for-you credits`). */
export const HERE_FOR_YOU_CREDITS_HEADER = [
  'account_id',
  'nmi',
  'week_start',
  'week_end',
  'week_kwh',
  'average_kwh',
  'reduction_percent',
  'credit_cents',
] as const;

export const hereForYouCopy = {
  /** Our wording of docs/screens.md's warning. */
  optOutWarning:
    'If you opt out, you will no longer be eligible for a $20 bill credit for reducing your electricity usage by 10% over the week.',
  optOutButton: 'Opt Out',
  subscriptionNote: 'Your weekly Tracker email subscription will continue.',
  optBackInText:
    'Opt back in to be eligible again for a $20 bill credit each week you reduce your electricity usage by 10% compared with your average.',
  optBackInButton: 'Opt Back In',
} as const;
