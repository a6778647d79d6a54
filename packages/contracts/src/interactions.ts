/** Web interaction (visit) records of docs/api.md. */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { VISIT_URL_MAX_LENGTH } from './limits.ts';
import { instantSchema } from './market-date.ts';

export const pageNames = ['landing', 'week_view', 'day_view', 'settings', 'feedback'] as const;
export const pageNameSchema = z.enum(pageNames);
export type PageName = z.infer<typeof pageNameSchema>;

export const webInteractionSchema = z
  .object({
    type: z.literal('tracker_ui_visit'),
    source: z.literal('trust'),
    account_identifier: accountIdSchema.nullish(),
    page_name: pageNameSchema,
    // Control characters are no part of an address (and PostgreSQL cannot store NUL in text).
    url: z
      .string()
      .max(VISIT_URL_MAX_LENGTH)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'An address has no control characters'),
    additional_data: z.object({ event_time: instantSchema }).strict(),
  })
  .strict()
  .meta({ id: 'WebInteraction' });
export type WebInteraction = z.infer<typeof webInteractionSchema>;
