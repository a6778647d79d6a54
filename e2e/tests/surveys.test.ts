/**
 * Both profile surveys in a real Chromium against the real server: demo-home completes the residential
 * survey from the Tracker's prompt and the prompt stops; demo-business completes the small-business one;
 * the incomplete warning, Skip, the multi-select rules, keyboard use, axe at phone and desktop widths, and
 * screenshots. (Demo accounts never have the click count that shows the prompt, so the usage answer's
 * email_click_count is raised to 2 in the browser; completed_survey comes from the server.)
 */
import { customerSchema, messages, paths, screenTitles, surveyCopy, trackerCopy } from '@portal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  alertsShown,
  baseUrl,
  DESKTOP,
  expectNoAxeViolations,
  lastAlert,
  PHONE,
  screenshot,
  trackerAnswered,
  withoutFirstScreenAnswers,
  withPage,
} from '../support/browser.ts';

const group = (page: Page, name: RegExp) => page.getByRole('group', { name });
const pick = (page: Page, question: RegExp, option: string) =>
  group(page, question).getByRole('radio', { name: option, exact: true }).check();
const tick = (page: Page, question: RegExp, option: string) =>
  group(page, question).getByRole('checkbox', { name: option, exact: true }).click();

async function customer(accountId: string) {
  const response = await fetch(`${baseUrl()}/api/accounts/customer?account_id=${accountId}`);
  return customerSchema.parse(await response.json());
}

/** Shows the Tracker's survey prompt: the email click count that invites (docs/rules.md#validation), the rest from the server. */
async function invite(page: Page) {
  await withoutFirstScreenAnswers(page);
  await page.route('**/api/tracker/usage**', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.customer.email_click_count = 2;
    await route.fulfill({ response, json });
  });
}

describe('residential survey', () => {
  it('marks an incomplete submit, with no axe findings', async () => {
    for (const [name, viewport] of [['phone', PHONE]] as const) {
      await withPage({ viewport }, async ({ page, problems }) => {
        await page.goto(`${baseUrl()}${paths.survey.href('demo-solar')}`);
        await expect.poll(() => page.locator('main h1').textContent()).toBe(screenTitles.survey);
        // The questions follow the account's look-up (its own survey, issue 26 item 12).
        await expect.poll(() => page.getByRole('group').count()).toBe(12);

        // An incomplete submit: the warning, the unanswered questions marked, focus on the first.
        await pick(page, /rent or own/, 'Rent');
        await page.getByRole('button', { name: surveyCopy.submit }).click();
        await expect.poll(() => lastAlert(page, 'alert')).toBe(messages.surveyIncomplete);
        expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
          'apartment',
        );
        expect(await page.getByText(surveyCopy.needsAnswer).count()).toBe(11);
        await expectNoAxeViolations(page, `incomplete survey ${name}`);
        await screenshot(page, `survey-incomplete-${name}`);
        expect(problems).toEqual([]);
      });
    }
  });

  it('applies the multi-select rules in the browser, by mouse and keyboard', async () => {
    await withPage({ viewport: PHONE }, async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.survey.href('demo-solar')}`);
      const heating = group(page, /heat your home/);
      const skip = heating.getByRole('checkbox', { name: 'Rather not say' });
      const wood = heating.getByRole('checkbox', { name: 'Wood burner' });
      await skip.click();
      expect(await skip.isChecked()).toBe(true);
      // Keyboard: Space on a focused box ticks it, which removes 'Rather not say' and disables it.
      await wood.focus();
      await page.keyboard.press('Space');
      expect(await wood.isChecked()).toBe(true);
      expect(await skip.isChecked()).toBe(false);
      expect(await skip.isDisabled()).toBe(true);
      await page.keyboard.press('Space');
      expect(await wood.isChecked()).toBe(false);
      expect(await skip.isDisabled()).toBe(false);

      const pool = group(page, /pool, spa/);
      await pool.getByRole('checkbox', { name: 'No', exact: true }).click();
      await pool.getByRole('checkbox', { name: 'Spa' }).click();
      await pool.getByRole('checkbox', { name: 'Pool heater' }).click();
      expect(await pool.getByRole('checkbox', { name: 'No', exact: true }).isChecked()).toBe(false);
      expect(await pool.getByRole('checkbox', { name: 'No', exact: true }).isDisabled()).toBe(true);
      // Radio groups move with the arrow keys.
      const own = group(page, /rent or own/).getByRole('radio', { name: 'Rent' });
      await own.focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      expect(
        await group(page, /rent or own/)
          .getByRole('radio', { name: 'Own' })
          .isChecked(),
      ).toBe(true);
      await screenshot(page, 'survey-multi-select-phone');
      expect(problems).toEqual([]);
    });
  });

  it('Skip returns to the Tracker week it came from, and saves nothing', async () => {
    await withPage({ viewport: PHONE }, async ({ page, problems }) => {
      const before = await customer('demo-solar');
      await page.goto(`${baseUrl()}${paths.survey.href('demo-solar', '2025-11-03')}`);
      await page.getByRole('link', { name: surveyCopy.skip, exact: true }).click();
      await expect
        .poll(() => new URL(page.url()).pathname)
        .toBe(paths.usage.href('demo-solar', '2025-11-03'));
      expect(await customer('demo-solar')).toEqual(before);
      expect(problems).toEqual([]);
    });
  });

  it('demo-home completes it from the Tracker prompt, and the prompt stops', async () => {
    await withPage({ viewport: DESKTOP }, async ({ page, problems, settled }) => {
      await invite(page);
      await page.goto(`${baseUrl()}${paths.usage.href('demo-home')}`);
      await page.getByTestId('survey-prompt').getByRole('link', { name: trackerCopy.surveyLink }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(paths.survey.href('demo-home'));

      await pick(page, /rent or own/, 'Own');
      await pick(page, /type of home/, 'House');
      await pick(page, /bedrooms/, '4');
      await pick(page, /people live/, '6 or more');
      await tick(page, /heat your home/, 'Reverse-cycle air conditioning');
      await tick(page, /heat your home/, 'Gas space heating');
      await pick(page, /heat your water/, 'Solar with electric boost');
      await pick(page, /air conditioners/, '2');
      await tick(page, /pool, spa/, 'Pool pump');
      await pick(page, /Do you have solar panels/, 'No');
      await group(page, /home battery/)
        .getByRole('spinbutton')
        .fill('13.5');
      await pick(page, /electric car/, 'Yes, with a battery of 40 to 60 kWh');
      await tick(page, /appliances/, 'Rather not say');
      await screenshot(page, 'survey-answered-desktop', { fullPage: true });

      const saved = page.waitForResponse((response) =>
        response.url().includes('/api/accounts/update_profile'),
      );
      await page.getByRole('button', { name: surveyCopy.submit }).click();
      const response = await saved;
      expect(response.status()).toBe(204);
      expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({
        source: 'survey',
        profile: {
          tenancy: 'own',
          building_type: 'house',
          bedrooms_qty: '4',
          household_size: '6_and_more',
          heating_type: ['electricity_reverse_cycle', 'gas_space_heating'],
          hot_water_type: 'solar_electric',
          aircon_qty: '2',
          pool_or_spa: ['pool_pump'],
          solar_panels: 'no',
          home_battery_size: 13.5,
          electric_car: 'forty_to_sixty_kWh',
          load_disag: ['skip'],
        },
      });
      await expect.poll(() => new URL(page.url()).pathname).toBe(paths.usage.href('demo-home'));
      await expect
        .poll(() => alertsShown(page))
        .toContainEqual({ text: messages.surveyThanks, role: 'status' });
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Tracker');
      await trackerAnswered(page);
      await settled();
      expect(await page.getByTestId('survey-prompt').count()).toBe(0);
      expect((await customer('demo-home')).completed_survey).toBe(true);
      await page.reload();
      await trackerAnswered(page);
      expect(await page.getByTestId('survey-prompt').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });
});

describe('small-business survey', () => {
  it('demo-business completes it from the Tracker prompt on a phone', async () => {
    await withPage({ viewport: PHONE }, async ({ page, problems, settled }) => {
      await invite(page);
      await page.goto(`${baseUrl()}${paths.usage.href('demo-business')}`);
      await page.getByTestId('survey-prompt').getByRole('link', { name: trackerCopy.surveyLink }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(paths.smeSurvey.href('demo-business'));
      // The URL changes before the lazily loaded survey screen replaces the Tracker: wait for its heading.
      await expect.poll(() => page.locator('main h1').textContent()).toBe(screenTitles.survey);
      await expect.poll(() => page.getByRole('group').count()).toBe(9);

      await pick(page, /people work/, '5 to 10');
      await pick(page, /shifts/, 'Two shifts');
      await pick(page, /rent, lease or own/, 'Own');
      await pick(page, /type of business/, 'Manufacturing');
      await pick(page, /monthly outgoings/, 'More than 6%');
      await pick(page, /heating or cooling/, 'Yes');
      await pick(page, /roof/, 'No');
      await group(page, /Do you have solar panels/)
        .getByRole('spinbutton')
        .fill('99.99');
      await pick(page, /decisions/, 'A facility manager');
      await page.getByRole('button', { name: surveyCopy.submit }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(paths.usage.href('demo-business'));
      await trackerAnswered(page);
      await settled();
      expect(await page.getByTestId('survey-prompt').count()).toBe(0);
      expect((await customer('demo-business')).completed_survey).toBe(true);
      expect(problems).toEqual([]);
    });
  });
});
