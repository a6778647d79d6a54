/**
 * The server's side of keeping credentials out of its log and its error reports (docs/reliability.md#logs-and-error-reports):
 * contracts' one rule (redaction.ts there) applied to what a request carries and to the errors it meets. An
 * error is written with its type, message, stack, code, SQL and the names PostgreSQL gives (constraint, table,
 * column), never the values of a query: a failed query's message lists its parameters, which hold public ids,
 * email addresses and answers.
 */
import { credentialFields, credentialsInUrl, redactReport } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';

/** Drizzle writes a failed query as `Failed query: <sql>\nparams: <values>`. */
const PARAMETERS = '\nparams: ';

export function withoutParameters(text: string): string {
  const at = text.indexOf(PARAMETERS);
  return at < 0 ? text : text.slice(0, at);
}

/** The fields of an error (and of its causes) that are written; the others may hold a query's values. */
const keptFields = ['code', 'query', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: unknown;
  [field: string]: unknown;
}

/**
 * An error as plain data without the values of its query, its causes too (five deep at most). Anything else
 * thrown is written as its text; plain data (an error already written so) is left as it is.
 */
export function errorWithoutValues(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return error && typeof error === 'object'
      ? (error as LoggedError)
      : { type: typeof error, message: String(error), stack: '' };
  }
  const message = withoutParameters(error.message);
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message,
    stack: (error.stack ?? '').replace(error.message, () => message),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of keptFields) {
    if (fields[field] !== undefined) logged[field] = fields[field];
  }
  if (error.cause !== undefined && depth < 5) logged.cause = errorWithoutValues(error.cause, depth + 1);
  return logged;
}

/**
 * The credentials a request carries: in its URL (by the rule), in its parsed query, path parameters and body
 * under a credential's name, and the public id of the account the guard found.
 */
export function requestCredentials(request: FastifyRequest): string[] {
  const found = credentialsInUrl(request.url);
  for (const container of [request.query, request.params, request.body]) {
    if (!container || typeof container !== 'object') continue;
    for (const [key, value] of Object.entries(container)) {
      if (credentialFields.has(key) && typeof value === 'string') found.push(value);
    }
  }
  if (request.account) found.push(request.account.publicId);
  return found;
}

/** An error as the log writes it: without its query's values, nor any credential (`known`, say the request's). */
export function redactedError(error: unknown, known: Iterable<string> = []): LoggedError {
  return redactReport(errorWithoutValues(error), known);
}
