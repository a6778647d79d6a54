/**
 * Limits per account and per address (issue 25 item 3, docs/access.md#limits-per-account): for every call of
 * the endpoint registry that declares one (the writes, the export, the Tracker's weeks), requests sent at
 * once for one account from many addresses, and for several accounts from one address, on PostgreSQL (on
 * PGlite in a run without it: decision 0059), counted in memory and in Redis (TEST_REDIS_URL; skipped without it): exactly the
 * limit are served, the rest answer 429 RATE_LIMITED with Retry-After; another account, or another address,
 * is not affected. Each call gets an app of its own on the file's database, so its counts start at zero.
 */
import { randomBytes } from 'node:crypto';
import { type AccountLimit, accountLimits, type EndpointName, endpoints } from '@portal/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { testAppForFile } from '../helpers/app.ts';
import { testConfig } from '../helpers/config.ts';
import { genuineRequests, type RequestContext, requestContext } from '../helpers/genuine-requests.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const LIMIT = 4;
const AT_ONCE = 24;
const PLENTY = '100000';

/** The settings of each kind of limit: per account, per address. */
const settings: Record<AccountLimit, { account: string; address: string }> = {
  writes: { account: 'WRITES_PER_ACCOUNT_PER_HOUR', address: 'WRITES_PER_ADDRESS_PER_HOUR' },
  exports: { account: 'EXPORTS_PER_ACCOUNT_PER_HOUR', address: 'EXPORTS_PER_ADDRESS_PER_HOUR' },
  usageWeeks: {
    account: 'USAGE_WEEKS_PER_ACCOUNT_PER_MINUTE',
    address: 'USAGE_WEEKS_PER_ADDRESS_PER_MINUTE',
  },
};

const limited = (Object.entries(endpoints) as [EndpointName, (typeof endpoints)[EndpointName]][]).flatMap(
  ([name, endpoint]) =>
    (accountLimits as readonly string[]).includes(endpoint.limit)
      ? [{ name, limit: endpoint.limit as AccountLimit }]
      : [],
);

function countStatuses(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const t = testAppForFile();
let ctx: RequestContext;
const prefixes: string[] = [];
const apps: App[] = [];
beforeAll(async () => {
  ctx = await requestContext(t.db, t.config);
});
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  if (redisUrl && prefixes.length > 0) {
    const redis = new Redis(redisUrl);
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
  }
});

/** Another instance on the file's database with fresh counts (its own memory, or its own Redis prefix). */
async function appWith(env: Record<string, string>, useRedis: boolean): Promise<App> {
  const prefix = `portal-test:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  const app = await buildApp({
    config: testConfig({
      REDIS_KEY_PREFIX: prefix,
      ...(useRedis ? { REDIS_URL: redisUrl as string } : {}),
      ...env,
    }),
    database: t.database,
    logger: false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

function expectRefusals(answers: Awaited<ReturnType<App['inject']>>[]) {
  for (const answer of answers.filter((a) => a.statusCode === 429)) {
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.json().error.code).toBe('RATE_LIMITED');
    expect(answer.json().error.message).toMatch(
      /^Too many .+\. Please try again in \d+ (second|minute)s?\.$/,
    );
  }
}

it('every call with a limit of its own kind is here (from the registry)', () => {
  expect(limited.map((entry) => entry.name).sort()).toEqual(
    [
      'changeFrequency',
      'chooseSlot',
      'updateBudgetAlert',
      'exportCsv',
      'hereForYouOptIn',
      'hereForYouOptOut',
      'solarWelcome',
      'spendTarget',
      'updateProfile',
      'updateSubscription',
      'usage',
    ].sort(),
  );
});

const stores = [
  { store: 'in memory', redis: false },
  { store: 'in Redis', redis: true },
] as const;

describe.each(stores)('limits per account and per address, $store', ({ redis: useRedis }) => {
  const skip = useRedis && !redisUrl;

  describe.each(limited)('$name ($limit)', ({ name, limit }) => {
    const request = genuineRequests[name];

    it.skipIf(skip)(
      `serves exactly ${LIMIT} of ${AT_ONCE} at once for one account; another account is served`,
      async () => {
        const app = await appWith(
          { [settings[limit].account]: String(LIMIT), [settings[limit].address]: PLENTY },
          useRedis,
        );
        // Each from its own address: only the account's count can refuse them.
        const answers = await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) =>
            app.inject({ ...request(ctx, 'demo-home', i), remoteAddress: `10.80.1.${i + 1}` }),
          ),
        );
        const counts = countStatuses(answers.map((answer) => answer.statusCode));
        expect(counts[429], JSON.stringify(counts)).toBe(AT_ONCE - LIMIT);
        expect(
          Object.keys(counts).every((status) => Number(status) < 500),
          JSON.stringify(counts),
        ).toBe(true);
        expectRefusals(answers);
        // The account stays refused, from any address; another account, from the same addresses, is served.
        expect(
          (await app.inject({ ...request(ctx, 'demo-home', 99), remoteAddress: '10.80.2.1' })).statusCode,
        ).toBe(429);
        const other = await app.inject({ ...request(ctx, 'demo-happy', 0), remoteAddress: '10.80.1.1' });
        expect(other.statusCode, other.body).not.toBe(429);
        expect(other.statusCode).toBeLessThan(500);
      },
    );

    it.skipIf(skip)(
      `serves exactly ${LIMIT} of ${AT_ONCE} at once from one address; another address is served`,
      async () => {
        const app = await appWith(
          { [settings[limit].account]: PLENTY, [settings[limit].address]: String(LIMIT) },
          useRedis,
        );
        const accounts = ['demo-home', 'demo-happy', 'demo-solar'];
        const answers = await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) =>
            app.inject({ ...request(ctx, accounts[i % 3] as string, i), remoteAddress: '10.80.3.1' }),
          ),
        );
        const counts = countStatuses(answers.map((answer) => answer.statusCode));
        expect(counts[429], JSON.stringify(counts)).toBe(AT_ONCE - LIMIT);
        expect(
          Object.keys(counts).every((status) => Number(status) < 500),
          JSON.stringify(counts),
        ).toBe(true);
        expectRefusals(answers);
        const other = await app.inject({ ...request(ctx, 'demo-home', 0), remoteAddress: '10.80.3.2' });
        expect(other.statusCode, other.body).not.toBe(429);
      },
    );
  });
});
