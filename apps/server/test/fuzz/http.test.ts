/**
 * The HTTP fuzz in `npm test` (PGlite only: it tests the server's answers, not the database): FUZZ_RUNS
 * requests per route (1,000 by default) on one app. bench/fuzz/run.ts runs the same with 100,000.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';
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

const runs = fuzzRuns(1000);
let harness: Awaited<ReturnType<typeof buildTestApp>>;
let ctx: FuzzContext;

beforeAll(async () => {
  harness = await buildTestApp(fuzzAppEnv);
  ctx = await fuzzContext(harness.app);
});
afterAll(async () => harness?.close());

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
