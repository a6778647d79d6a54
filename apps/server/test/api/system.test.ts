/** Health, runtime configuration, security headers, OpenAPI and the web app's fallback. */
import { CLIENT_CONFIG_ELEMENT_ID, clientConfigSchema, errorResponseSchema } from '@portal/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testAppForFile } from '../helpers/app.ts';
import { expectSecurityHeaders } from '../helpers/security-headers.ts';
import { createWebDist, WEB_ASSET_PATH } from '../helpers/web-dist.ts';

const web = createWebDist();
afterAll(() => web.remove());
const t = testAppForFile({ WEB_DIST_DIR: web.dir, RETAILER_NAME: 'Test <Power> & Co' });

describe('system', () => {
  it('reports health with the database kind, its role, and no standbys without DATABASE_READ_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: t.database.kind,
      role: 'primary',
      standbys: [],
    });
    // Without standbys nothing changes: a write sets no read-your-writes cookie (decision 0044).
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings/spend_target?account_id=demo-home',
      payload: { spend_target: 12 },
    });
    expect(saved.statusCode).toBe(204);
    expect(saved.headers['set-cookie']).toBeUndefined();
  });

  it('answers 503 from health when the database is away', async () => {
    // An app of its own, for this test only: its database is closed under it.
    const broken = await buildTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expectSecurityHeaders(response, 'a 503');
    } finally {
      await broken.app.close();
    }
  });

  it("serves the retailer's runtime configuration", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    const config = clientConfigSchema.parse(response.json());
    expect(config.retailer.name).toBe('Test <Power> & Co');
    expect(config.apiBase).toBe('/api');
    expect(config.reduceAndRewardBase).toBe('/reduce_and_reward');
    expect(config.innovativeBillingBase).toBe('/innovative_billing');
  });

  it.each<[string, InjectOptions, number]>([
    ['the web app (HTML)', { url: '/' }, 200],
    ['a deep link (HTML)', { url: '/new/usage/demo-home/2026-11-16/2' }, 200],
    ['an API answer (JSON)', { url: '/api/config' }, 200],
    ['a static asset', { url: WEB_ASSET_PATH }, 200],
    ['an unknown API path (404)', { url: '/api/nothing-here' }, 404],
    ['a POST to an app path (404)', { method: 'POST', url: '/some/page' }, 404],
    ['a malformed id (422)', { url: '/api/accounts/customer?account_id=x' }, 422],
    ['an unknown account (401)', { url: '/api/accounts/customer?account_id=nobody-here' }, 401],
    [
      'malformed JSON (400)',
      {
        method: 'POST',
        url: '/api/web_interactions',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
      400,
    ],
    [
      'an oversized body (413)',
      {
        method: 'POST',
        url: '/api/web_interactions',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ url: 'x'.repeat(20_000) }),
      },
      413,
    ],
    ['a malformed URL (400, answered before routing)', { url: '/api/%E0%A4%A' }, 400],
    ['a non-canonical asset path (403)', { url: '//evil.example/x.js' }, 403],
    ['a signed link that is not genuine (400)', { url: '/api/email/click?t=forged' }, 400],
  ])('sends the security headers on %s', async (what, options, status) => {
    const response = await t.app.inject({ method: 'GET', remoteAddress: '10.80.0.1', ...options });
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response, what);
    if (status >= 400) expect(errorResponseSchema.parse(response.json()).error.code).toBeTruthy();
  });

  it('sends them on the API documentation too, with inline styles only there', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeLessThan(400);
      expectSecurityHeaders(response, url, { inlineStyles: true });
    }
  });

  it('answers every app path with index.html carrying the configuration as inert JSON', async () => {
    for (const url of ['/', '/any/unknown/path', '/new/usage/demo-home/2026-11-16/2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const match = response.body.match(
        new RegExp(`<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">(.*?)</script>`),
      );
      expect(match).not.toBeNull();
      // The retailer name's < > & are escaped so they cannot close the block early.
      expect(match?.[1]).not.toMatch(/[<>&]/);
      expect(clientConfigSchema.parse(JSON.parse(match?.[1] ?? '')).retailer.name).toBe('Test <Power> & Co');
    }
  });

  it("names the screen's own chunks and styles for preloading, in the page of that screen only", async () => {
    const tracker = (await t.app.inject({ method: 'GET', url: '/new/usage/demo-home/2026-11-16/2?x=1' }))
      .body;
    const preloads = [...tracker.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    // Not the entry or what it loads itself (react): the browser has those from the entry script.
    expect(preloads).toEqual([
      'modulepreload /assets/tracker-page-1.js',
      'modulepreload /assets/get-usage-1.js',
      'preload /assets/tracker-page-1.css',
    ]);
    expect(tracker.indexOf('tracker-page-1.js')).toBeLessThan(tracker.indexOf('</head>'));
    for (const url of ['/', '/any/unknown/path', '/new/usage']) {
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('preload');
    }
  });

  it('serves fingerprinted assets compressed and cached for good', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: WEB_ASSET_PATH,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API paths and non-GET app paths as JSON 404s', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/reduce_and_reward/nothing' })).statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/some/page' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('NOT_FOUND');
  });

  it('describes every endpoint in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/config',
        '/api/accounts/customer',
        '/api/web_interactions',
      ]),
    );
    expect(document.paths['/api/web_interactions'].post.requestBody).toBeDefined();
  });
});
