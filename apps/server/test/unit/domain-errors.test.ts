/**
 * Domain errors (docs/decisions/0026-boundaries.md): services throw them by what went wrong, and the one error
 * handler (plugins/errors.ts) answers each with its status, its code and its message word for word.
 */
import { messages } from '@portal/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  Conflict,
  type DomainError,
  Forbidden,
  InvalidRequest,
  NotFound,
  RateLimited,
  UnknownAccount,
  Unprocessable,
} from '../../src/lib/errors.ts';
import errorsPlugin from '../../src/plugins/errors.ts';

async function answerTo(error: DomainError) {
  const app = Fastify();
  await app.register(errorsPlugin);
  app.get('/fails', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe('domain errors', () => {
  it.each([
    [new InvalidRequest('Sign-up needs a slot.'), 400, 'BAD_REQUEST', 'Sign-up needs a slot.'],
    [new UnknownAccount(messages.invalidAccountId), 401, 'UNKNOWN_ACCOUNT', messages.invalidAccountId],
    [new Forbidden(messages.wrongProvider), 403, 'WRONG_PROVIDER', messages.wrongProvider],
    [new NotFound(messages.eventNoData), 404, 'NOT_FOUND', messages.eventNoData],
    [
      new Conflict('Sign-up to Happy Hours has closed.'),
      409,
      'CONFLICT',
      'Sign-up to Happy Hours has closed.',
    ],
    [
      new Unprocessable(messages.invalidAccountId, 'INVALID_ACCOUNT_ID'),
      422,
      'INVALID_ACCOUNT_ID',
      messages.invalidAccountId,
    ],
    [new RateLimited('Too many requests.'), 429, 'RATE_LIMITED', 'Too many requests.'],
  ] as const)('%s answers %i %s with its message', async (error, status, code, message) => {
    expect(await answerTo(error)).toEqual({ status, body: { error: { code, message } } });
  });

  it('are named for their class, for logs and the CLI', () => {
    expect(new Conflict('x').name).toBe('Conflict');
    expect(new NotFound('x')).toBeInstanceOf(Error);
  });
});
