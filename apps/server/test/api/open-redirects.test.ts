/**
 * No open redirect anywhere on the server (docs/reliability.md, Abuse): the email click link refuses every
 * classic payload even when it is genuinely signed, and whatever it does redirect to stays on the portal; the
 * web app's fallback and every other path answer without a Location, whatever `next`-style parameter they
 * carry. (The web app's own links: packages/contracts paths test and e2e/tests/security.test.ts.)
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSecret } from '../../src/domains/subscriptions/links.ts';
import { testAppForFile } from '../helpers/app.ts';
import { createWebDist } from '../helpers/web-dist.ts';

const PUBLIC_URL = 'https://portal.brightside.example';
/** The classic open-redirect payloads, and a few spellings of each. */
const payloads = [
  '//evil.com',
  '//evil.com/',
  '///evil.com',
  // Dot and empty segments collapse into '//evil.com' once resolved (found by the property below).
  '/.//evil.com',
  '/a/..//evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\\/evil.com',
  'https:evil.com',
  'https://evil.com',
  'http://portal.brightside.example@evil.com',
  '%2F%2Fevil.com',
  '/%2F%2Fevil.com',
  '/%5Cevil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/\t/evil.com',
  '/\n/evil.com',
  ' //evil.com',
  '/api/tracker/export',
];

const web = createWebDist();
afterAll(() => web.remove());
const t = testAppForFile({ WEB_DIST_DIR: web.dir, PUBLIC_URL });
let secret: string;
beforeAll(async () => {
  secret = await linkSecret(t.db, t.config);
});

/** A click token for any target, signed with the real secret: only the server's path check stands between. */
const signedClick = (target: string) => {
  const e = Math.floor(Date.now() / 1000) + 86_400;
  const data = Buffer.from(JSON.stringify({ k: 'click', a: 'demo-home', p: target, e })).toString(
    'base64url',
  );
  return `${data}.${createHmac('sha256', secret).update(data).digest('base64url')}`;
};
let address = 0;
const get = (url: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress: `10.90.0.${++address % 250}` });
const click = (target: string) => get(`/api/email/click?t=${signedClick(target)}`);

/** Where a browser would go from a response, or null when it would not be redirected. */
const destination = (location: string | string[] | undefined) =>
  typeof location === 'string' ? new URL(location, `${PUBLIC_URL}/api/email/click`) : null;

describe('the email click link', () => {
  it.each(payloads)('refuses a genuinely signed link to %j', async (target) => {
    const response = await click(target);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    expect(response.headers.location).toBeUndefined();
  });

  it('redirects only to portal pages, whatever the signed target', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...payloads),
          fc.string(),
          fc.webUrl(),
          fc.string().map((rest) => `/${rest}`),
          fc
            .constantFrom('/', '\\', '%2F', '%5C', '/.', '@', ':', '\t')
            .chain((piece) =>
              fc
                .array(fc.constantFrom(piece, '/', 'evil.com', '%2F', '\\'), { maxLength: 6 })
                .map((parts) => parts.join('')),
            ),
        ),
        async (target) => {
          const response = await click(target);
          expect([302, 400]).toContain(response.statusCode);
          const to = destination(response.headers.location);
          if (response.statusCode === 302) {
            expect(to?.origin, target).toBe(PUBLIC_URL);
            expect(to?.pathname.startsWith('/api'), target).toBe(false);
          } else {
            expect(to).toBeNull();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('still follows a genuine link to its page', async () => {
    const response = await click('/new/settings/demo-home');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/new/settings/demo-home');
  });
});

describe('every other path', () => {
  const nextParameters = ['next', 'redirect', 'redirect_uri', 'returnTo', 'return_to', 'url', 'continue'];

  it.each(payloads.filter((payload) => payload.startsWith('/')))(
    'answers the path %j without redirecting',
    async (path) => {
      // Sent as it is (a raw HTTP client can), only whitespace escaped.
      const response = await get(path.replace(/\s/g, encodeURIComponent));
      expect(response.headers.location).toBeUndefined();
      if (response.statusCode === 200) expect(response.headers['content-type']).toContain('text/html');
      else {
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().error.code).toBeTruthy();
      }
    },
  );

  it('ignores next-style parameters on pages, the API and the email links', async () => {
    for (const page of [
      '/',
      '/new/usage/demo-home',
      '/api/health',
      '/api/email/unsubscribe',
      '/api/email/click',
    ]) {
      for (const name of nextParameters) {
        const response = await get(`${page}?${name}=${encodeURIComponent('//evil.com')}`);
        expect(response.headers.location, `${page}?${name}`).toBeUndefined();
      }
    }
    // A genuine click link with an extra parameter goes where it was signed to go, nowhere else.
    const genuine = await get(`/api/email/click?t=${signedClick('/new/usage/demo-home')}&next=//evil.com`);
    expect(genuine.headers.location).toBe('/new/usage/demo-home');
  });

  it('serves trailing-slash and directory paths without a redirect', async () => {
    for (const path of ['/new/usage/demo-home/', '/api/health/']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers.location, path).toBeUndefined();
    }
    // The assets directory is no page: a 404, not a redirect (issue 16 item 8).
    for (const path of ['/assets', '/assets/']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers.location, path).toBeUndefined();
    }
  });
});
