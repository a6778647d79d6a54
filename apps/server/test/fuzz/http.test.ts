/**
 * The HTTP fuzz in `npm test` (PGlite only: it tests the server's answers, not the database): FUZZ_RUNS
 * requests per route (200 by default, enough to meet every generator's kinds of garbage several times) on one
 * app. The long run, bench/fuzz/run.ts, sends the same generators 100,000 per route (docs/reliability.md).
 */
import { demoAccountIds } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { subscriptions } from '../../src/db/schema/subscriptions.ts';
import { accounts } from '../../src/db/schema.ts';
import { seedDemoSubscriptions } from '../../src/demo/seed-subscriptions.ts';
import { testAppForFile } from '../helpers/app.ts';
import { ANY_ROUTE, endpointFuzzers } from './endpoints.ts';
import {
  type FuzzContext,
  fuzzAppEnv,
  fuzzContext,
  fuzzRoute,
  fuzzRuns,
  registeredRoutes,
  routeKey,
} from './http-fuzz.ts';

const runs = fuzzRuns(200);
const harness = testAppForFile(fuzzAppEnv);
let ctx: FuzzContext;

beforeAll(async () => {
  ctx = await fuzzContext(harness.app);
});

// Each route starts from the demo subscriptions, not from what the routes fuzzed before it left: random
// unsubscribes could leave no subscribed account, and no change of frequency could then succeed.
beforeEach(async () => {
  const demo = harness.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(inArray(accounts.publicId, Object.values(demoAccountIds)));
  await harness.db.delete(subscriptions).where(inArray(subscriptions.accountId, demo));
  await seedDemoSubscriptions(harness.db, ctx.today);
});

test('every route the app registers has a request generator, and every generator a route', () => {
  const registered = registeredRoutes(harness.app).map(routeKey).sort();
  expect(registered.length).toBeGreaterThan(20);
  const generators = Object.keys(endpointFuzzers)
    .filter((key) => key !== ANY_ROUTE)
    .sort();
  expect(generators).toEqual(registered);
});

describe(`${runs} random requests per route: never a 5xx, every rejection a clear JSON error`, () => {
  test.each(Object.entries(endpointFuzzers))('%s', { timeout: 600_000 }, async (key, fuzzer) => {
    const report = await fuzzRoute(harness.app, ctx, key, fuzzer, { runs, stopAtFirst: true });
    // The generators must reach past validation: a route that only ever rejects was not really fuzzed.
    if (key !== ANY_ROUTE) {
      const answered = Object.entries(report.statuses)
        .filter(([status]) => Number(status) < 400)
        .reduce((sum, [, n]) => sum + n, 0);
      expect(answered, `statuses: ${JSON.stringify(report.statuses)}`).toBeGreaterThan(0);
    }
  });
});
