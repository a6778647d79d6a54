/**
 * Reduce & Be Rewarded ("here for you", spec §2, §4, §7, §9; design §4.7): the opt-out and opt-in calls'
 * schemas, the weekly credit's constants, the screens' wording and the credits CSV.
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { clientCodeQuerySchema } from './happy-hours.ts';

/** A week 10% below the account's 4-week average earns a $20 bill credit (spec §2, §9; design §4.7). */
export const HERE_FOR_YOU_CREDIT_CENTS = 2000;
export const HERE_FOR_YOU_REDUCTION_PERCENT = 10;
export const HERE_FOR_YOU_BASELINE_WEEKS = 4;

export const hereForYouParamsSchema = z.object({ accountId: accountIdSchema });

export const hereForYouParticipantSchema = z
  .object({ opted_in: z.boolean().describe('In Reduce & Be Rewarded (eligible for the weekly credit)') })
  .meta({ id: 'HereForYouParticipant' });
export type HereForYouParticipant = z.infer<typeof hereForYouParticipantSchema>;

/** POST /here_for_you_participants (opt in) and POST /here_for_you_participants/{accountId}/opt_out. */
export const hereForYouBodySchema = z
  .object({
    client_code: clientCodeQuerySchema.shape.client_code,
    account_identifier: accountIdSchema,
  })
  .meta({ id: 'HereForYouRequest' });
export type HereForYouBody = z.infer<typeof hereForYouBodySchema>;

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
  /** Our wording of spec §2's warning. */
  optOutWarning:
    'If you opt out, you will no longer be eligible for a $20 bill credit for reducing your electricity usage by 10% over the week.',
  optOutButton: 'Opt Out',
  subscriptionNote: 'Your weekly Tracker email subscription will continue.',
  optBackInText:
    'Opt back in to be eligible again for a $20 bill credit each week you reduce your electricity usage by 10% compared with your average.',
  optBackInButton: 'Opt Back In',
} as const;
