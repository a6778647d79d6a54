/**
 * Every bound of the shared schemas is one the database and the code accept (issue 16 item 3): requests to
 * every documented route with each date, instant, number and string field mostly at its bounds (the first
 * and last market dates and instants, year 0 and 9999 with the widest offsets, each end of a number's range
 * and one past it, the longest strings in characters outside Latin-1), and genuine email links to targets
 * outside ASCII, on PGlite and on PostgreSQL. Never a 5xx; every refusal a clear JSON error (the fuzz's
 * rules). The first market week and the instants of its ends are also asked outright.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { ANY_ROUTE, endpointFuzzers } from '../fuzz/endpoints.ts';
import { type FuzzContext, fuzzAppEnv, fuzzContext, fuzzRoute, fuzzRuns } from '../fuzz/http-fuzz.ts';
import { BOUND_INSTANTS } from '../fuzz/json-schema-arbitrary.ts';
import { testAppForFile } from '../helpers/app.ts';

const runs = fuzzRuns(60);
const harness = testAppForFile(fuzzAppEnv);
let ctx: FuzzContext;

beforeAll(async () => {
  ctx = await fuzzContext(harness.app, { atBounds: true });
});

const routes = Object.entries(endpointFuzzers).filter(
  ([key]) => key !== ANY_ROUTE && !key.startsWith('GET /api/docs'),
);

describe(`${runs} requests per route with fields at their bounds: never a 5xx`, () => {
  test.each(routes)('%s', { timeout: 300_000 }, async (key, fuzzer) => {
    await fuzzRoute(harness.app, ctx, key, fuzzer, { runs, stopAtFirst: true });
  });
});

test('the first and the last market weeks answer, the first without a previous week', async () => {
  for (const from of ['1900-01-01', '1900-01-07', '2999-12-30', '2999-12-31']) {
    const response = await harness.app.inject({
      url: '/api/tracker/usage',
      query: { account_id: 'demo-home', from },
    });
    expect(response.statusCode, from).toBe(200);
    if (from < '1900-01-08') expect(response.json().previous_week).toEqual({ from: null, has_data: false });
  }
});

test('a visit at each end of the instants is stored or refused with 400, never 500', async () => {
  for (const eventTime of BOUND_INSTANTS) {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/web_interactions',
      payload: {
        type: 'tracker_ui_visit',
        source: 'trust',
        account_identifier: null,
        page_name: 'landing',
        url: '/',
        additional_data: { event_time: eventTime },
      },
    });
    const year = new Date(eventTime).getUTCFullYear();
    const inside = year >= 1900 && year <= 2999;
    expect(response.statusCode, eventTime).toBe(inside ? 204 : 400);
  }
});
