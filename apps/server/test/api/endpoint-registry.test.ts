/**
 * The endpoint registry is the server's list of routes (docs/decisions/0025): every route the router knows is
 * an entry of `endpoints` and every entry a route, so a route cannot be added beside it; and the OpenAPI
 * document describes each entry, with the account guard's errors on the guarded ones.
 */
import {
  type EndpointSpec,
  endpointPath,
  endpoints,
  serverPrefixes,
  serverRoutePath,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { registeredRoutes, routeKey } from '../fuzz/http-fuzz.ts';
import { testAppForFile } from '../helpers/app.ts';

const t = testAppForFile();

const entries: [string, EndpointSpec][] = Object.entries(endpoints);

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
});
