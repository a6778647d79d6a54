/**
 * Every answer of every account-scoped route (a route with an account id in its path, query or body, per the
 * OpenAPI document) says `Cache-Control: private, no-store`, whatever its status (issue 16 item 9): requests
 * from the fuzz's generators, on PostgreSQL (on PGlite in a run without it: decision 0059). The one documented exception: the Tracker's usage
 * answer (200 and 304) is `private, no-cache` with an ETag, so that a client revalidates it (issue 14).
 */
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { ANY_ROUTE, endpointFuzzers } from '../fuzz/endpoints.ts';
import { type FuzzContext, fuzzAppEnv, fuzzContext, operationOf, resolver, send } from '../fuzz/http-fuzz.ts';
import type { JsonSchema } from '../fuzz/json-schema-arbitrary.ts';
import { testAppForFile } from '../helpers/app.ts';

const ACCOUNT_FIELDS = new Set(['account_id', 'accountId', 'account_identifier']);
const harness = testAppForFile(fuzzAppEnv);
let ctx: FuzzContext;

beforeAll(async () => {
  ctx = await fuzzContext(harness.app);
});

function isAccountScoped(key: string): boolean {
  const [method = '', url = ''] = key.split(' ');
  let operation: ReturnType<typeof operationOf>;
  try {
    operation = operationOf(ctx, { method, url });
  } catch {
    return false;
  }
  if ((operation.parameters ?? []).some((parameter) => ACCOUNT_FIELDS.has(parameter.name))) return true;
  let body = operation.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
  if (body?.$ref) body = resolver(ctx)(body.$ref);
  return Object.keys(body?.properties ?? {}).some((name) => ACCOUNT_FIELDS.has(name));
}

test('every answer of an account-scoped route is private, no-store (usage: private, no-cache with an ETag)', async () => {
  const scoped = Object.entries(endpointFuzzers).filter(([key]) => key !== ANY_ROUTE && isAccountScoped(key));
  expect(scoped.length).toBeGreaterThan(10);
  for (const [key, fuzzer] of scoped) {
    const [method = '', url = ''] = key.split(' ');
    const requests = fc.sample(fuzzer(ctx, { method, url }), { numRuns: 40, seed: 16 });
    // The generators now and then use another method or mangle the path, which is another (unknown) route.
    const pattern = new RegExp(`^${url.replace(/:[A-Za-z0-9_]+/g, '[^/?]+')}/?$`);
    const ours = requests.filter((r) => r.method === method && pattern.test(r.url.split('?')[0] ?? ''));
    expect(ours.length, key).toBeGreaterThan(10);
    for (const request of ours) {
      const response = await send(harness.app, request);
      const label = `${key} → ${response.statusCode} (${request.method} ${request.url.slice(0, 200)}) ${response.body.slice(0, 200)}`;
      if (key === 'GET /api/tracker/usage' && (response.statusCode === 200 || response.statusCode === 304)) {
        expect(response.headers['cache-control'], label).toBe('private, no-cache');
        expect(response.headers.etag, label).toBeDefined();
      } else {
        expect(response.headers['cache-control'], label).toBe('private, no-store');
      }
    }
  }
});
