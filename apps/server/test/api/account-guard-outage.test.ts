/**
 * A database outage is not a guess (issue 16 item 1's guard): a look-up that fails because the database cannot
 * answer gives its reserved point back, so once the database is back the customers behind that address are
 * answered, not told to wait out the guessing limit. The look-up fails here as it does when PostgreSQL is
 * down (ECONNREFUSED: 503); the real outage is the server-process test of PostgreSQL stopped under load.
 */
import { describe, expect, it, vi } from 'vitest';
import { testAppForFile } from '../helpers/app.ts';

const outage = vi.hoisted(() => ({ on: false }));

vi.mock('../../src/domains/accounts/queries.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/domains/accounts/queries.ts')>();
  return {
    ...original,
    findAccountByPublicId: async (...args: Parameters<typeof original.findAccountByPublicId>) => {
      if (outage.on)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return original.findAccountByPublicId(...args);
    },
  };
});

const LIMIT = 5;
const t = testAppForFile({ ACCOUNT_LOOKUP_FAILURES: String(LIMIT), ACCOUNT_LOOKUP_WINDOW_SECONDS: '600' });

const lookUp = (accountId: string, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/accounts/customer',
    query: { account_id: accountId },
    remoteAddress,
  });

describe('look-ups during a database outage', () => {
  it('answer 503 and count nothing: once the database is back, the address is answered', async () => {
    outage.on = true;
    try {
      // One after another, more than the limit: each must be a 503, none a 429.
      const during: number[] = [];
      for (let i = 0; i < LIMIT * 3; i++) during.push((await lookUp('demo-home', '10.91.0.1')).statusCode);
      expect(during).toEqual(new Array(LIMIT * 3).fill(503));
    } finally {
      outage.on = false;
    }
    const after = await lookUp('demo-home', '10.91.0.1');
    expect(after.statusCode).toBe(200);
    // Unknown ids still count (each new one: a repeat is not a new guess, decision 0039): the limit is intact.
    const guesses = [];
    for (let i = 0; i < LIMIT + 1; i++)
      guesses.push((await lookUp(`no-such-account-${i}`, '10.91.0.1')).statusCode);
    expect(guesses).toEqual([...new Array(LIMIT).fill(401), 429]);
  });
});
