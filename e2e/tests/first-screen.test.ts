/**
 * The first screen in one round trip (issue 32, decision 0045): a data page's document carries its first
 * screen's answers, and the app draws the screen from them, asking the network for none of its data. Each data
 * page of docs/screens.md is opened fresh (no cached copy), and every GET the page sends to the three API bases
 * while it loads is recorded: none may be one the document carried, and the only other ones allowed are named
 * (the Tracker's offer card, which is not part of the week and prices a year of reads: decision 0045).
 */
import {
  addDays,
  FIRST_SCREEN_ANSWERS_ELEMENT_ID,
  marketToday,
  paths,
  serverPrefixes,
  weekStart,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage } from '../support/browser.ts';

const pastWeek = weekStart(addDays(marketToday(), -14));
const apiPrefixes = Object.values(serverPrefixes);

const pages: { name: string; url: string; allowed?: RegExp }[] = [
  {
    name: 'Tracker week',
    url: paths.usage.href('demo-home'),
    allowed: /^\/api\/tracker\/(plans|quarter_comparison)\?/,
  },
  {
    name: 'Tracker past day',
    url: paths.usage.href('demo-home', pastWeek, 2),
    allowed: /^\/api\/tracker\/(plans|quarter_comparison)\?/,
  },
  { name: 'Reduce & Reward', url: paths.reduceAndReward.href('demo-home') },
  { name: 'event detail', url: paths.event.href('demo-home', '1') },
  { name: 'Happy Hours sign-up', url: paths.happyHoursSignup.href('demo-home') },
  { name: 'Happy Hours change', url: paths.happyHoursChangeSlot.href('demo-happy') },
  { name: 'opt out', url: paths.optOut.href('demo-home') },
  { name: 'opt back in', url: paths.optBackIn.href('demo-home') },
  { name: 'settings', url: paths.settings.href('demo-home') },
  { name: 'plans', url: paths.plans.href('demo-home') },
  { name: 'survey', url: paths.survey.href('demo-home') },
  { name: 'business survey', url: paths.smeSurvey.href('demo-business') },
];

describe("a data page's first screen", () => {
  it.each(pages)(
    '$name: drawn from the answers its document carries, none asked for again',
    async ({ url, allowed }) => {
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
