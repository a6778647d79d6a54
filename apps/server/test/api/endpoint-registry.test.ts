/**
 * The endpoint registry is the server's list of routes (docs/decisions/0025): every route the router knows is
 * an entry of `endpoints` and every entry a route, so a route cannot be added beside it; the OpenAPI
 * document describes each entry, with the account guard's errors on the guarded ones; and every call that
 * changes the database declares a limit (issue 25 item 3), found by sending each call and comparing the
 * tables before and after, not by trusting the declaration.
 */
import {
  demoAccountIds,
  type EndpointName,
  type EndpointSpec,
  endpointPath,
  endpoints,
  serverPrefixes,
  serverRoutePath,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { tableFingerprints } from '../../src/db/backup.ts';
import { registeredRoutes, routeKey } from '../fuzz/http-fuzz.ts';
import { testAppForFile } from '../helpers/app.ts';
import { genuineRequests, requestContext } from '../helpers/genuine-requests.ts';

const t = testAppForFile();

const entries = Object.entries(endpoints) as [EndpointName, EndpointSpec][];

/**
 * What the database derives and a read may bring up to date (days left stale priced, their version raised:
 * decisions 0019 and 0021), bounded by the days there are, not by the calls made.
 */
const derived = ['public.priced_days', 'public.priced_days_stale', 'public.usage_versions'];

describe('the endpoint registry', () => {
  it('is exactly the routes the server registers (besides the OpenAPI pages)', () => {
    const registered = registeredRoutes(t.app)
      .filter((route) => !route.url.startsWith('/api/docs'))
      .map(routeKey)
      .sort();
    const declared = entries.map(([, endpoint]) => `${endpoint.method} ${serverRoutePath(endpoint)}`).sort();
    expect(new Set(declared).size).toBe(declared.length);
    expect(registered).toEqual(declared);
  });

  it('documents every entry, with the guard errors on the guarded ones only', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [name, endpoint] of entries) {
      const path = `${serverPrefixes[endpoint.base]}${endpoint.path}`;
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${name}: ${endpoint.method} ${path}`).toBeDefined();
      const statuses = Object.keys(operation.responses);
      if (endpoint.guard)
        expect(statuses, name).toEqual(expect.arrayContaining(['400', '401', '403', '422', '429']));
      else expect(statuses, name).not.toContain('401');
    }
  });

  it('runs the account guard on the guarded entries: an unknown account answers 401', async () => {
    const unknown = 'no-such-account';
    for (const [name, endpoint] of entries) {
      if (!endpoint.guard || endpoint.guard.optional) continue;
      const { in: where, key } = endpoint.guard;
      // Every path parameter of the registry is the account id.
      const url = `${serverPrefixes[endpoint.base]}${endpointPath(endpoint, { accountId: unknown })}`;
      const response = await t.app.inject({
        method: endpoint.method,
        url,
        ...(where === 'query' ? { query: { [key]: unknown } } : {}),
        ...(where === 'body' ? { payload: { [key]: unknown } } : {}),
      });
      expect(response.statusCode, name).toBe(401);
    }
  });

  it('declares a limit on every call that changes the database, and on every call but a GET', async () => {
    const ctx = await requestContext(t.db, t.config);
    const writers: string[] = [];
    for (const [name, endpoint] of entries) {
      if (endpoint.method !== 'GET') expect(endpoint.limit, name).not.toBe('reads');
      const before = await tableFingerprints(t.db);
      const answer = await t.app.inject({
        ...genuineRequests[name](ctx, demoAccountIds.home, 0),
        remoteAddress: '10.90.0.1',
      });
      // A genuine request, answered: what it does is what this test reads.
      expect(answer.statusCode, `${name}: ${answer.body}`).toBeLessThan(400);
      const after = await tableFingerprints(t.db);
      const changed = after
        .filter((table, i) => table.md5 !== before[i]?.md5 || table.rows !== before[i]?.rows)
        .map((table) => table.table)
        .filter((table) => !derived.includes(table));
      if (changed.length === 0) continue;
      writers.push(name);
      expect(endpoint.limit, `${name} changed ${changed.join(', ')}`).not.toBe('reads');
    }
    // The check saw the writes it should: a customer's changes, visit records and email clicks.
    expect(writers).toEqual(
      expect.arrayContaining([
        'updateProfile',
        'webInteraction',
        'spendTarget',
        'chooseSlot',
        'emailClick',
        'updateBudgetAlert',
        'emailBudgetAlertsOff',
      ]),
    );
    // Two fingerprints of every table for each of the registry's calls (36): room for a busy two-core machine
    // (the whole suite's run took 140 s of it with 36 calls, 2026-11-26).
  }, 240_000);
});
