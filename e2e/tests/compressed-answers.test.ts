/**
 * The Tracker's stored answers as a browser gets them in production (decision 0036): the stored week in the
 * encoding the browser takes, completed by the forecast of the day (lib/compression.ts builds the end of the br
 * and gzip streams by hand). Chromium must decode each to the same JSON the server sends uncompressed, and draw
 * the week from it. A Tracker page carries the stored week in its document (decision 0050): its gzip body is
 * joined from the page's own compressed text and the week's stored bytes, and Chromium must decode it to the
 * document sent uncompressed and draw the week from it without asking for it.
 */
import fs from 'node:fs';
import http from 'node:http';
import { FIRST_SCREEN_ANSWERS_ELEMENT_ID, paths } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withPage } from '../support/browser.ts';
import { newDataDir, type RunningPortal, startPortal } from '../support/portal-server.ts';

let production: RunningPortal | undefined;

beforeAll(async () => {
  production = await startPortal(newDataDir(inject('templateDataDir')), {
    NODE_ENV: 'production',
    // A demo deployment: production otherwise refuses a database holding the demo accounts.
    DEMO_SEED: 'true',
  });
});

afterAll(async () => {
  await production?.stop();
  if (production) fs.rmSync(production.dataDir, { recursive: true, force: true });
});

/** The usage answer as sent without any Accept-Encoding: the identity, as text. */
function identityText(url: string): Promise<{ text: string; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ text, encoding: response.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}

describe('a stored answer completed by the forecast', () => {
  it('is decoded by Chromium from br and from gzip to the JSON sent uncompressed, on repeat visits too', async () => {
    const base = production?.baseUrl as string;
    const url = `${base}/api/tracker/usage?account_id=demo-home`;
    const identity = await identityText(url);
    expect(identity.encoding).toBeUndefined();
    expect(JSON.parse(identity.text).forecast).toHaveProperty('quarter_start');
    for (const encoding of ['br', 'gzip'] as const) {
      // Chromium offers both (br too on a local address); a header set on the context makes it offer one.
      await withPage({ extraHTTPHeaders: { 'accept-encoding': encoding } }, async ({ page, problems }) => {
        await page.goto(`${base}/api/health`);
        for (let visit = 0; visit < 2; visit++) {
          const seen = await page.evaluate(async (address) => {
            const response = await fetch(address, { cache: 'no-store' });
            return { text: await response.text(), encoding: response.headers.get('content-encoding') };
          }, url);
          expect(seen.encoding).toBe(encoding);
          expect(seen.text).toBe(identity.text);
        }
        expect(problems).toEqual([]);
      });
    }
  });
});

describe('a Tracker page carrying its stored week', () => {
  it('is decoded by Chromium from the gzip joined from stored parts, and drawn without asking for the week', async () => {
    const base = production?.baseUrl as string;
    const url = `${base}${paths.usage.href('demo-home')}`;
    // Chromium's own Accept-Encoding (br preferred): a page sent as text would be compressed in br.
    await withPage(async ({ page, problems, settled }) => {
      const usageCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/tracker/usage') usageCalls.push(request.url());
      });
      const response = await page.goto(url);
      expect(response?.headers()['content-encoding']).toBe('gzip');
      await settled();
      const carried = await page.locator(`#${FIRST_SCREEN_ANSWERS_ELEMENT_ID}`).textContent();
      // The same answers as the document sent uncompressed (the week is stored by now, so the same bytes).
      const identity = await identityText(url);
      expect(identity.encoding).toBeUndefined();
      const sent = identity.text.match(
        new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ELEMENT_ID}">(.*?)</script>`),
      )?.[1];
      expect(JSON.parse(carried ?? 'null')).toEqual(JSON.parse(sent ?? '""'));
      expect(usageCalls).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
});
