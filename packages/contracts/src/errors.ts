/** The one JSON error shape of every 4xx and 5xx answer (docs/reliability.md), and its codes. */
import { z } from 'zod';
import { errorCodes } from './error-codes.ts';

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
