/** Recognises "the database is away" so requests answer 503 instead of 500 (or a hang) while it is. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57014', // query_canceled: statement_timeout (a statement stuck behind a lock)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '08001', // sqlclient_unable_to_establish_sqlconnection
]);

const unavailableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /PGlite is closed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && unavailableCodes.has(candidate.code)) return true;
    if (
      typeof candidate.message === 'string' &&
      unavailableMessages.some((re) => re.test(candidate.message as string))
    )
      return true;
    current = candidate.cause;
  }
  return false;
}
