/**
 * The budget alert in a real Chromium against the real server (docs/budget-alerts.md): the Settings control of
 * demo-home at 320, 375 and 1280 px (axe, the layout checks, a screenshot), turned off and on by mouse and
 * keyboard; then `portal mail alerts --json` handed to this file's running server (decision 0028), which
 * writes demo-home's alert to the outbox (the demo's week is on track to exceed its $40 budget), and the
 * alert's HTML part read in Chromium at 320 and 1280 px with axe and the layout checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  addDays,
  budgetAlertSettingSchema,
  budgetAlertSettingsCopy,
  dayOfWeek,
  marketToday,
  paths,
  screenTitles,
  weekStart,
} from '@portal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readMail } from '../../apps/server/test/helpers/smtp.ts';
import {
  baseUrl,
  DESKTOP,
  dataDir,
  expectNoAxeViolations,
  lastAlert,
  layoutProblems,
  NARROW,
  PHONE,
  screenshot,
  withPage,
} from '../support/browser.ts';
import { runPortalJson } from '../support/portal-command.ts';

async function stored(accountId: string) {
  const response = await fetch(`${baseUrl()}/api/tracker/budget_alert?account_id=${accountId}`);
  return budgetAlertSettingSchema.parse(await response.json());
}

async function openSettings(page: Page, accountId: string) {
  await page.goto(`${baseUrl()}${paths.settings.href(accountId)}`);
  await expect.poll(() => page.locator('main h1').textContent()).toBe(screenTitles.settings);
}

const checkbox = (page: Page) => page.getByRole('checkbox', { name: budgetAlertSettingsCopy.label });

/**
 * Runs `portal mail alerts --json --now <day>` beside this file's server (handed over to it) and answers its
 * summary.
 */
const runAlerts = (day: string) => runPortalJson(['mail', 'alerts', '--now', day]);

describe('the budget alert', () => {
  it.each([
    ['narrow', NARROW],
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'Settings shows the choice at %s width, readable and without axe findings',
    async (name, viewport) => {
      await withPage({ viewport }, async ({ page, problems }) => {
        await openSettings(page, 'demo-home');
        await expect.poll(() => checkbox(page).isChecked({ timeout: 10_000 })).toBe(true);
        expect(await page.getByText('Your weekly budget: $40.00.').count()).toBe(1);
        expect(await layoutProblems(page)).toEqual([]);
        await expectNoAxeViolations(page, `settings budget alert ${name}`);
        await screenshot(page, `settings-budget-alert-${name}`, { fullPage: true });
        expect(problems).toEqual([]);
      });
    },
  );

  it('turns the alert off by mouse and on again by keyboard', async () => {
    await withPage({ viewport: PHONE }, async ({ page, problems }) => {
      await openSettings(page, 'demo-home');
      await checkbox(page).click({ timeout: 10_000 });
      await expect.poll(() => lastAlert(page)).toBe(budgetAlertSettingsCopy.turnedOff);
      await expect.poll(() => checkbox(page).isChecked()).toBe(false);
      expect((await stored('demo-home')).enabled).toBe(false);
      await expectNoAxeViolations(page, 'settings budget alert off');

      await checkbox(page).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => lastAlert(page)).toBe(budgetAlertSettingsCopy.turnedOn);
      await expect.poll(() => checkbox(page).isChecked()).toBe(true);
      expect((await stored('demo-home')).enabled).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  it('`portal mail alerts` sends demo-home its alert, once; the email reads well at 320 and 1280 px', async () => {
    // The demo's data ends the day before the portal's day. A week without a day of data projects nothing: the
    // week after this one, every day of the week; and this one on a Monday, when the run is dated the day before
    // (Sunday), so that every day some week of data is checked.
    const today = marketToday();
    expect(await runAlerts(addDays(weekStart(today), 7))).toMatchObject({ claimed: 0, sent: 0 });
    const alertDay = dayOfWeek(today) === 0 ? addDays(today, -1) : today;
    const summary = await runAlerts(alertDay);
    // demo-home, and any other demo subscriber whose week is on track (demo-happy's $35 budget).
    expect(summary).toMatchObject({ transport: 'outbox', sent: summary.claimed, not_sent: [] });
    expect(summary.sent).toBeGreaterThanOrEqual(1);
    expect(await runAlerts(alertDay)).toMatchObject({ claimed: 0, sent: 0 });
    const file = path.join(dataDir(), 'outbox', `budget-alert-${weekStart(alertDay)}-demo-home.eml`);
    const mail = readMail(fs.readFileSync(file, 'utf8'));
    expect(mail.headers.get('subject')).toMatch(
      /^Your week (is on track to go|has gone) over your \$40\.00 budget$/,
    );
    expect(mail.text).toContain('How we project your week');
    for (const [name, viewport] of [
      ['narrow', NARROW],
      ['desktop', DESKTOP],
    ] as const) {
      await withPage({ viewport }, async ({ page }) => {
        await page.setContent(mail.html);
        expect(await layoutProblems(page)).toEqual([]);
        await expectNoAxeViolations(page, `budget alert email ${name}`);
        await screenshot(page, `budget-alert-email-${name}`, { fullPage: true });
      });
    }
  });
});
