/**
 * Errors the domain raises on purpose, by what went wrong rather than by HTTP status: services, queries and CLI
 * commands throw them without knowing about HTTP, and one place, the error handler (plugins/errors.ts), maps
 * each kind to its status and answers the JSON shape of docs/reliability.md (docs/decisions/0026-boundaries.md).
 * Each carries the code of that shape and the message the customer or operator reads, word for word (the
 * customer's messages are constants in packages/contracts).
 */
import type { ErrorCode } from '@portal/contracts';

/** What went wrong, for the one mapping to HTTP statuses (plugins/errors.ts). */
export type DomainErrorKind =
  | 'invalid-request'
  | 'unknown-account'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'rate-limited';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request is malformed or asks for something that cannot be done as asked. */
export class InvalidRequest extends DomainError {
  readonly kind = 'invalid-request';
  constructor(message: string, code: ErrorCode = 'BAD_REQUEST') {
    super(code, message);
  }
}

/** No account has the id given. */
export class UnknownAccount extends DomainError {
  readonly kind = 'unknown-account';
  constructor(message: string, code: ErrorCode = 'UNKNOWN_ACCOUNT') {
    super(code, message);
  }
}

/** The account exists but may not be used this way (another retailer's). */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
  constructor(message: string, code: ErrorCode = 'WRONG_PROVIDER') {
    super(code, message);
  }
}

/** What was asked for does not exist (for this account). */
export class NotFound extends DomainError {
  readonly kind = 'not-found';
  constructor(message: string, code: ErrorCode = 'NOT_FOUND') {
    super(code, message);
  }
}

/** The request is valid but the state it meets does not allow it now. */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  constructor(message: string, code: ErrorCode = 'CONFLICT') {
    super(code, message);
  }
}

/** Well-formed input whose content is not acceptable (an account id, survey answers). */
export class Unprocessable extends DomainError {
  readonly kind = 'unprocessable';
  constructor(message: string, code: ErrorCode = 'VALIDATION_ERROR') {
    super(code, message);
  }
}

/** Too many requests or attempts in a while. */
export class RateLimited extends DomainError {
  readonly kind = 'rate-limited';
  constructor(message: string, code: ErrorCode = 'RATE_LIMITED') {
    super(code, message);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/**
 * A library's own message about input it could not read, for a one-line refusal: such a message may quote what
 * it stopped at (csv-parse quotes the whole field, however long), so it is cut to `max` characters.
 */
export function libraryMessage(error: unknown, max = 200): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length <= max ? message : `${message.slice(0, max - 1)}…`;
}

/**
 * The first `shown` of a list for a one-line message, and how many more: an operator's file can name thousands
 * of accounts, and the message must stay a line ("a, b, c and 1,997 more").
 */
export function someOf(items: readonly string[], shown = 10): string {
  if (items.length <= shown) return items.join(', ');
  return `${items.slice(0, shown).join(', ')} and ${(items.length - shown).toLocaleString('en-AU')} more`;
}
