/**
 * The first screen in one round trip (issue 32, decision 0045): a data page's document carries its first
 * screen's answers, and the app draws the screen from them, asking the network for none of its data. Each data
 * page of docs/screens.md is opened fresh (no cached copy), and every GET the page sends to the three API bases
 * while it loads is recorded: none may be one the document carried, and the only other ones allowed are named
 * (the Tracker's offer card, which is not part of the week and prices a year of reads: decision 0045).
 */
import { FIRST_SCREEN_ANSWERS_ELEMENT_ID, serverPrefixes } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage } from '../support/browser.ts';
import { dataPages } from '../support/data-pages.ts';

const apiPrefixes = Object.values(serverPrefixes);

/** The Tracker's calls that are not part of its first screen (decision 0045): the offer card and the quarter. */
const trackerLateCalls = /^\/api\/tracker\/(plans|quarter_comparison)\?/;

describe("a data page's first screen", () => {
  it.each(dataPages)(
    '$name: drawn from the answers its document carries, none asked for again',
    async ({ name, url }) => {
      const allowed = name.startsWith('Tracker') ? trackerLateCalls : undefined;
      const { page, context, problems } = await openPage();
      try {
        const asked: string[] = [];
        page.on('request', (request) => {
          const { pathname, search } = new URL(request.url());
          if (request.method() === 'GET' && apiPrefixes.some((prefix) => pathname.startsWith(`${prefix}/`))) {
            asked.push(`${pathname}${search}`);
          }
        });
        await page.goto(`${baseUrl()}${url}`, { waitUntil: 'networkidle' });
        await expect.poll(() => page.locator('main h1').count(), { message: url }).toBe(1);
        await expect
          .poll(() => page.locator('[role="status"]:has-text("Loading")').count(), { message: url })
          .toBe(0);
        const carried = await page
          .locator(`#${FIRST_SCREEN_ANSWERS_ELEMENT_ID}`)
          .textContent()
          .then((text) => Object.keys(JSON.parse(text ?? '{}') as object));
        expect(carried.length, `${url}: the document carries answers`).toBeGreaterThan(0);
        expect(
          asked.filter((path) => !allowed?.test(path)),
          url,
        ).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
