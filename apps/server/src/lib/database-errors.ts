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
  // A checked-out connection that the server ended between two statements (node-postgres's words).
  /Client has encountered a connection error and is not queryable/i,
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

/**
 * What a standby may answer that the primary would not (decision 0044): a statement that writes
 * (read_only_sql_transaction), a query cancelled by a conflict with recovery (serialization_failure,
 * deadlock_detected, database_dropped), besides being away. A read that gets one runs again on the primary.
 */
const standbyCodes = new Set(['25006', '40001', '40P01', '57P04']);

export function isStandbyRefusal(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && standbyCodes.has(candidate.code)) return true;
    current = candidate.cause;
  }
  return false;
}

/** A write sent to a node in recovery (SQLSTATE 25006, read_only_sql_transaction): DATABASE_URL is a standby. */
export function isWriteOnStandby(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '25006') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
