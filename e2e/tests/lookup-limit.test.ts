/**
 * The look-up limit from a browser at an address many customers share (issue 26 item 4, decision 0039): every
 * page of this file's Chromium comes from 127.0.0.1, as a mobile carrier's or an office's customers share one
 * address. A view of an unknown account's Tracker counts once however many calls it makes; the customer who had
 * their Tracker open keeps it while the address is blocked for new ids; the blocked page says why and for how
 * long, at 320, 375 and 1280 px.
 */
import { formatMessage, messages, paths } from '@portal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoAxeViolations,
  lastAlert,
  layoutProblems,
  screenshot,
  trackerAnswered,
  unexpectedProblems,
  WIDTHS,
  withPage,
} from '../support/browser.ts';

/** ACCOUNT_LOOKUP_FAILURES's default: the server of this file runs with it. */
const LIMIT = 30;

/** The limit's message as the page shows it: the template with its wait in words. */
const limitedPattern = new RegExp(
  `^${formatMessage(messages.lookUpsLimited, { wait: '__WAIT__' })
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('__WAIT__', '(?:[1-9]|10) minutes?')}$`,
);

/** Opens the Tracker of `accountId`, counts the guarded calls the view makes, and answers what it says. */
async function viewTracker(page: Page, accountId: string) {
  const calls: number[] = [];
  const onResponse = (response: { url(): string; status(): number }) => {
    const url = response.url();
    if (url.includes(encodeURIComponent(accountId)) || url.includes('/api/web_interactions')) {
      calls.push(response.status());
    }
  };
  page.on('response', onResponse);
  await page.goto(`${baseUrl()}${paths.usage.href(accountId)}`);
  await trackerAnswered(page);
  page.off('response', onResponse);
  const error = page.getByTestId('usage-error');
  return { calls, said: (await error.count()) > 0 ? await error.textContent() : null };
}

describe('a shared address', () => {
  it('counts each view once, keeps the customer in, and says why the rest are refused', async () => {
    await withPage(async ({ page, problems }) => {
      // A customer behind the address has their Tracker open.
      expect((await viewTracker(page, 'demo-home')).said).toBeNull();

      // Others behind it open links to accounts that do not exist: every view is answered as such, the limit
      // counting views of new ids, not calls (each view makes several). Reloads of a view count nothing more.
      let callsSeen = 0;
      for (let view = 0; view < LIMIT; view++) {
        const { calls, said } = await viewTracker(page, `gone-${String(view).padStart(4, '0')}`);
        callsSeen += calls.length;
        expect(said, `view ${view + 1}`).toBe(messages.invalidAccountId);
        if (view === 0) {
          for (let reload = 0; reload < 5; reload++) {
            expect((await viewTracker(page, 'gone-0000')).said).toBe(messages.invalidAccountId);
          }
        }
      }
      // More calls were made than the limit allows failures: only the views counted.
      expect(callsSeen).toBeGreaterThan(LIMIT);

      // The next new id is refused, and the page says why and for how long.
      const refused = await viewTracker(page, 'gone-9999');
      expect(refused.said).toMatch(limitedPattern);
      await expect.poll(() => lastAlert(page, 'alert')).toMatch(limitedPattern);
      // So is a valid account never opened from here: a guesser finds nothing new.
      expect((await viewTracker(page, 'demo-solar')).said).toMatch(limitedPattern);

      // The customer's own account still opens, on every screen.
      expect((await viewTracker(page, 'demo-home')).said).toBeNull();
      await page.goto(`${baseUrl()}${paths.settings.href('demo-home')}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.getByText(messages.subscriptionUnknown).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Unsubscribe|Subscribe/ }).count()).toBeGreaterThan(0);
      await page.goto(`${baseUrl()}${paths.reduceAndReward.href('demo-home')}`);
      await expect.poll(() => page.getByRole('table').count()).toBeGreaterThan(0);

      // The refused page at every width: readable, axe-clean, photographed.
      for (const [name, viewport] of WIDTHS) {
        await page.setViewportSize(viewport);
        expect((await viewTracker(page, 'gone-9999')).said).toMatch(limitedPattern);
        expect(await layoutProblems(page), name).toEqual([]);
        await expectNoAxeViolations(page, `the limited Tracker at ${name} px`);
        await screenshot(page, `tracker-lookups-limited-${name}`, { fullPage: true });
      }
      expect(unexpectedProblems(problems, { statuses: /^4\d\d$/ })).toEqual([]);
    });
  }, 180_000);
});
