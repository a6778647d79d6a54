/** The data export (docs/contracts.md, beyond the specification). */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { EXPORT_MAX_DAYS } from './limits.ts';
import { marketDateSchema } from './market-date.ts';
import { daysBetween } from './market-time.ts';

/** The longest range one export request may ask for (the CLI has no limit). */

export const exportQuerySchema = z
  .object({ account_id: accountIdSchema, from: marketDateSchema, to: marketDateSchema })
  .refine((query) => query.from <= query.to, { message: '"from" must not be after "to"', path: ['to'] })
  .refine((query) => query.from > query.to || daysBetween(query.from, query.to) < EXPORT_MAX_DAYS, {
    message: `The date range can be at most ${EXPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type ExportQuery = z.infer<typeof exportQuerySchema>;
