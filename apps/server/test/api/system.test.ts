/** Health, runtime configuration, security headers, OpenAPI and the web app's fallback. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_CONFIG_ELEMENT_ID, clientConfigSchema } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let t: TestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--portal-config--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), `console.log(${'"x",'.repeat(600)}1);`);
  // A manifest as Vite writes it: the entry shares react with the Tracker's screen, which has a chunk and a style.
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_react-1.js'],
        dynamicImports: ['src/features/tracker/components/tracker-page.tsx'],
      },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_get-usage-1.js': { file: 'assets/get-usage-1.js', imports: ['_react-1.js', 'index.html'] },
      'src/features/tracker/components/tracker-page.tsx': {
        file: 'assets/tracker-page-1.js',
        isDynamicEntry: true,
        imports: ['_get-usage-1.js', '_react-1.js', 'index.html'],
        css: ['assets/tracker-page-1.css'],
      },
    }),
  );
  t = await buildTestApp({ WEB_DIST_DIR: webDir, RETAILER_NAME: 'Test <Power> & Co' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('system', () => {
  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('answers 503 from health when the database is away', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
    await broken.app.close();
  });

  it("serves the retailer's runtime configuration", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    const config = clientConfigSchema.parse(response.json());
    expect(config.retailer.name).toBe('Test <Power> & Co');
    expect(config.apiBase).toBe('/api');
    expect(config.reduceAndRewardBase).toBe('/reduce_and_reward');
    expect(config.innovativeBillingBase).toBe('/innovative_billing');
  });

  it('sends the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
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
      url: '/assets/app-1234.js',
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
