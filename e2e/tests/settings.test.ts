/**
 * The Settings screen in a real Chromium against the real server: demo-home's weekly subscription as seeded
 * (docs/contracts.md); demo-business subscribes, switches to monthly and back (the switch refetches), and
 * unsubscribes, with the messages of docs/api.md#errors; the unknown state when the fetch fails; keyboard use, axe at
 * phone and desktop widths, and screenshots.
 */
import { messages, paths, screenTitles, settingsCopy, subscriptionSchema } from '@portal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  DESKTOP,
  expectNoAxeViolations,
  lastAlert,
  PHONE,
  screenshot,
  withoutFirstScreenAnswers,
  withPage,
} from '../support/browser.ts';

async function stored(accountId: string) {
  const response = await fetch(`${baseUrl()}/api/tracker/subscription?account_id=${accountId}`);
  return subscriptionSchema.parse(await response.json());
}

async function openSettings(page: Page, accountId: string) {
  await page.goto(`${baseUrl()}${paths.settings.href(accountId)}`);
  await expect.poll(() => page.locator('main h1').textContent()).toBe(screenTitles.settings);
}

const status = (page: Page) => page.getByTestId('subscription-status').textContent({ timeout: 10_000 });

describe('Settings', () => {
  it('shows the weekly subscription of demo-home', async () => {
    await withPage({ viewport: PHONE }, async ({ page, problems }) => {
      await openSettings(page, 'demo-home');
      await expect.poll(() => status(page)).toBe(settingsCopy.subscribedWeekly);
      expect(await page.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  it('subscribes, switches to monthly and back, and unsubscribes, by keyboard', async () => {
    await withPage({ viewport: DESKTOP }, async ({ page, problems }) => {
      await openSettings(page, 'demo-business');
      await expect.poll(() => status(page)).toBe(settingsCopy.unsubscribed);
      expect(await page.getByRole('radio').count()).toBe(0);

      await page.getByRole('button', { name: settingsCopy.subscribe }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => lastAlert(page)).toBe(messages.subscriptionUpdated);
      await expect.poll(() => status(page)).toBe(settingsCopy.subscribedWeekly);
      expect((await stored('demo-business')).subscribed).toBe(true);

      // The frequency switch: arrow keys move between the radios and change the frequency.
      await page.getByRole('radio', { name: 'Weekly' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => lastAlert(page)).toBe('Email subscription frequency updated to monthly.');
      await expect.poll(() => status(page)).toBe(settingsCopy.subscribedMonthly);
      expect((await stored('demo-business')).type).toBe('Subscriptions::MonthlyEmail');
      await expectNoAxeViolations(page, 'settings monthly');
      await screenshot(page, 'settings-monthly-desktop');

      await page.getByRole('radio', { name: 'Weekly' }).click();
      await expect.poll(() => lastAlert(page)).toBe('Email subscription frequency updated to weekly.');
      await expect.poll(() => status(page)).toBe(settingsCopy.subscribedWeekly);

      await page.getByRole('button', { name: settingsCopy.unsubscribe }).click();
      await expect.poll(() => status(page)).toBe(settingsCopy.unsubscribed);
      await expect.poll(() => page.getByRole('radio').count()).toBe(0);
      expect(await stored('demo-business')).toMatchObject({ subscribed: false, next_mailing_date: null });
      expect(problems).toEqual([]);
    });
  });

  it('shows the unknown state and the fetch error when the subscription cannot be fetched', async () => {
    await withPage({ viewport: PHONE }, async ({ page }) => {
      await withoutFirstScreenAnswers(page);
      await page.route('**/api/tracker/subscription**', (route) =>
        route.fulfill({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } }),
      );
      await openSettings(page, 'demo-home');
      await expect
        .poll(() => page.getByText(messages.subscriptionUnknown).count(), { timeout: 10_000 })
        .toBe(1);
      await expect.poll(() => lastAlert(page)).toBe(messages.subscriptionFetchError);
      await expectNoAxeViolations(page, 'settings unknown');
      await screenshot(page, 'settings-unknown-phone');
    });
  });
});
