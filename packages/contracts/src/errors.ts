/** The one JSON error shape of every 4xx and 5xx answer (design §6), and its codes. */
import { z } from 'zod';

export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'INVALID_ACCOUNT_ID',
  'UNKNOWN_ACCOUNT',
  'WRONG_PROVIDER',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'CONFLICT',
  'NOT_MODIFIED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
