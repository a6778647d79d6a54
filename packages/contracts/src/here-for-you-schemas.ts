/**
 * Reduce & Be Rewarded calls' schemas (docs/api.md#calls). Apart from here-for-you.ts, whose constants and wording the
 * web app imports without loading zod (docs/decisions/0010).
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { participantRequestShape } from './happy-hours-schemas.ts';

export const hereForYouParamsSchema = z.object({ accountId: accountIdSchema });
export type HereForYouParams = z.input<typeof hereForYouParamsSchema>;

export const hereForYouParticipantSchema = z
  .object({ opted_in: z.boolean().describe('In Reduce & Be Rewarded (eligible for the weekly credit)') })
  .meta({ id: 'HereForYouParticipant' });
export type HereForYouParticipant = z.infer<typeof hereForYouParticipantSchema>;

/** POST /here_for_you_participants (opt in) and POST /here_for_you_participants/{accountId}/opt_out. */
export const hereForYouBodySchema = z.object(participantRequestShape).meta({ id: 'HereForYouRequest' });
export type HereForYouBody = z.infer<typeof hereForYouBodySchema>;
