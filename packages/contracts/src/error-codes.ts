/** The codes of the JSON error shape (docs/reliability.md); schema-free so the web app can check errors cheaply. */
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
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'NOT_MODIFIED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
