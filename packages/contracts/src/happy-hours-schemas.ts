/**
 * Happy Hours calls' schemas (docs/api.md). Apart from happy-hours.ts, whose rules and wording the web app
 * imports without loading zod (docs/decisions/0010).
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { marketDateSchema } from './market-date.ts';
import { timeSlotIds } from './offers.ts';

export const timeSlotIdSchema = z.enum(timeSlotIds).meta({
  id: 'TimeSlot',
  description: 'A Happy Hours slot of docs/api.md#entities: two hours on weekdays, AEST',
  example: '11:00-13:00',
});

export const clientCodeQuerySchema = z.object({
  client_code: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: "The retailer's client code", example: 'BRIGHTSIDE' }),
});
export type ClientCodeQuery = z.input<typeof clientCodeQuerySchema>;

/** Whom a request to join or leave a product is for: the first fields of each such body, of either product. */
export const participantRequestShape = {
  client_code: clientCodeQuerySchema.shape.client_code,
  account_identifier: accountIdSchema,
};

export const daytimeSaverParticipantParamsSchema = z.object({ accountId: accountIdSchema });
export type DaytimeSaverParticipantParams = z.input<typeof daytimeSaverParticipantParamsSchema>;

/** GET /daytime_saver_participants/{accountId}: docs/api.md#entities `opted_in`, and what we add beside it. */
export const daytimeSaverParticipantSchema = z
  .object({
    opted_in: z.boolean().describe('Signed up to Happy Hours'),
    time_slot: timeSlotIdSchema.nullable().describe('The slot last chosen (null before sign-up)'),
    effective_date: marketDateSchema
      .nullable()
      .describe('The weekday from which the last chosen slot applies (AEST)'),
    active_time_slot: timeSlotIdSchema
      .nullable()
      .describe('The slot in force today (null before the first slot takes effect)'),
    next_change_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe('When the slot may next be changed (null: now)'),
  })
  .meta({ id: 'DaytimeSaverParticipant' });
export type DaytimeSaverParticipant = z.infer<typeof daytimeSaverParticipantSchema>;

/** GET /product_configs/DaytimeSaver. */
export const daytimeSaverConfigSchema = z
  .object({
    signup_end_time: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe('After this instant new sign-ups are closed (null: open)'),
  })
  .meta({ id: 'DaytimeSaverConfig' });
export type DaytimeSaverConfig = z.infer<typeof daytimeSaverConfigSchema>;

/** POST /daytime_saver_participants: sign-up and slot change (docs/api.md#calls). */
export const daytimeSaverSignupBodySchema = z
  .object({
    ...participantRequestShape,
    time_slot: timeSlotIdSchema,
  })
  .meta({ id: 'DaytimeSaverSignup' });
export type DaytimeSaverSignupBody = z.infer<typeof daytimeSaverSignupBodySchema>;
