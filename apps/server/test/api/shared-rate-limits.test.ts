/**
 * Rate limits shared through Redis (docs/scaling.md): two app instances on one Redis (TEST_REDIS_URL; skipped
 * without it, as .ci/run sets it) count one client address together, for failed account look-ups and for
 * visit records; keys stay under the deployment's REDIS_KEY_PREFIX (unique per test run here). With Redis
 * away an instance still starts and still limits guessing, in its own memory.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { testAppForFile } from '../helpers/app.ts';
import { testConfig } from '../helpers/config.ts';
import { lookup, record } from '../helpers/limited-requests.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `portal-test:${randomBytes(6).toString('hex')}:`;
const limits = {
  REDIS_KEY_PREFIX: prefix,
  ACCOUNT_LOOKUP_FAILURES: '4',
  ACCOUNT_LOOKUP_WINDOW_SECONDS: '60',
  INTERACTIONS_PER_MINUTE: '4',
};

describe.skipIf(!redisUrl)('two instances sharing one Redis', () => {
  const env = { ...limits, REDIS_URL: redisUrl as string };
  const a = testAppForFile(env);
  let b: App;
  let redis: Redis;
  beforeAll(async () => {
    // The second instance: another app on the same database and the same Redis, as behind a load balancer.
    b = await buildApp({ config: testConfig(env), database: a.database, logger: false });
    await b.ready();
    redis = new Redis(redisUrl as string);
  });
  afterAll(async () => {
    await b?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it('counts failed look-ups on instance A towards the limit on instance B', async () => {
    const guesser = '10.60.0.1';
    // Four failures, alternating instances: neither saw more than two itself.
    expect((await lookup(a.app, 'guess-0001', guesser)).statusCode).toBe(401);
    expect((await lookup(b, 'guess-0002', guesser)).statusCode).toBe(401);
    expect((await lookup(a.app, 'x', guesser)).statusCode).toBe(422);
    expect((await lookup(b, 'demo-other', guesser)).statusCode).toBe(403);
    for (const app of [a.app, b]) {
      const blocked = await lookup(app, 'demo-home', guesser);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not affected, on either instance.
    expect((await lookup(b, 'demo-home', '10.60.0.2')).statusCode).toBe(200);
    expect((await lookup(a.app, 'demo-home', '10.60.0.2')).statusCode).toBe(200);
    // The counter lives in Redis, under the deployment's prefix.
    expect(await redis.keys(`${prefix}account-lookup-failures*${guesser}`)).toHaveLength(1);
  });

  it('counts visit records on instance A towards the limit on instance B', async () => {
    const flooder = '10.61.0.1';
    const statuses = [];
    for (const app of [a.app, b, a.app, b, a.app, b]) statuses.push((await record(app, flooder)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 429, 429]);
    expect((await record(a.app, '10.61.0.2')).statusCode).toBe(204);
    expect(await redis.keys(`${prefix}rate-limit:*${flooder}`)).toHaveLength(1);
  });
});

describe('with Redis configured but away', () => {
  // Port 1 refuses connections: the instance starts anyway and counts in its own memory.
  const t = testAppForFile({ ...limits, REDIS_URL: 'redis://127.0.0.1:1' });

  it('still answers, and still blocks an address that guesses', async () => {
    const guesser = '10.62.0.1';
    for (const guess of ['guess-0001', 'guess-0002', 'guess-0003', 'guess-0004']) {
      expect((await lookup(t.app, guess, guesser)).statusCode).toBe(401);
    }
    expect((await lookup(t.app, 'demo-home', guesser)).statusCode).toBe(429);
    expect((await lookup(t.app, 'demo-home', '10.62.0.2')).statusCode).toBe(200);
    expect((await record(t.app, '10.62.0.3')).statusCode).toBe(204);
  });
});
