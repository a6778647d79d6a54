/**
 * What the web app's paths answer besides its pages (issue 16 item 8, issue 15 item 11): anything missing
 * under /assets/ is a 404 (never the app's HTML, which a stale tab would try to run as JavaScript); nothing of
 * the build's internals (Vite's `.vite/` directory) is served, under any spelling; a malformed address gives
 * a browser the portal's landing page and an API client the JSON error.
 */
import { errorResponseSchema } from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../helpers/app.ts';
import { expectSecurityHeaders } from '../helpers/security-headers.ts';
import { createWebDist, WEB_ASSET_PATH } from '../helpers/web-dist.ts';

const web = createWebDist();
afterAll(() => web.remove());
const t = testAppForFile({ WEB_DIST_DIR: web.dir });

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('assets', () => {
  it('serves a built asset', async () => {
    expect((await t.app.inject({ url: WEB_ASSET_PATH })).statusCode).toBe(200);
  });

  it.each([
    '/assets/index-OLD.js',
    '/assets/index-OLD.css',
    '/assets/missing',
    '/assets/',
    '/assets',
    '/assets/sub/dir/x.js',
    '/assets/x.js?v=1',
  ])('%s is a JSON 404, for a browser too', async (url) => {
    for (const headers of [html, { accept: '*/*' }]) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(errorResponseSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
      expectSecurityHeaders(response, url);
    }
  });

  it.each([
    '/.vite/manifest.json',
    '/.vite/',
    '/.vite',
    '/%2Evite/manifest.json',
    '/.VITE/manifest.json',
    '/assets/../.vite/manifest.json',
    '/./.vite/manifest.json',
  ])('serves nothing of the build internals: %s', async (url) => {
    const response = await t.app.inject({ url, headers: html });
    expect(response.body, url).not.toContain('tracker-page-1');
    expect(response.statusCode, url).not.toBe(200);
  });
});

describe('a malformed address (issue 15 item 11)', () => {
  it('sends a browser to the landing page', async () => {
    for (const url of ['/new/usage/%E0%A4%A', '/%E0%A4%A', '/new/usage/demo-home/%ZZ']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/');
      expectSecurityHeaders(response, url);
    }
  });

  it('gives an API client, or any client on a server path, the JSON error', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/new/usage/%E0%A4%A', { accept: 'application/json' }],
      ['/new/usage/%E0%A4%A', {}],
      ['/api/%E0%A4%A', html],
    ];
    for (const [url, headers] of cases) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(errorResponseSchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
      expectSecurityHeaders(response, url);
    }
  });
});
