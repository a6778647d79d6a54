/**
 * Focus after every control of every form, operated by keyboard in a real Chromium (issue 26 item 6): after an
 * arrow key, Space or Enter the focus is still on the control the customer used (or, for a radio group, on the
 * radio the arrow moved to), so the next key works. Settings (the frequency radios, Subscribe/Unsubscribe),
 * the Happy Hours sign-up (slots, agreement, Sign up) and change (slots, UPDATE), Reduce & Be Rewarded (Opt
 * Out, Opt Back In), the residential survey (radios, checkboxes, a size, Submit) and the Tracker's budget
 * (field, Save), each through a save that succeeds and one that fails, at a phone and a desktop width.
 * The Feedback screen has no form (an email address to write to).
 */
import {
  happyHoursCopy,
  hereForYouCopy,
  paths,
  screenTitles,
  surveyCopy,
  trackerCopy,
} from '@portal/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, lastAlert, NARROW, unexpectedProblems, withPage } from '../support/browser.ts';

/** A description of the focused element: its role-ish tag, type, name/label and value. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element || element === document.body) return 'body';
    const label = element.labels?.[0]?.textContent?.trim() ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()}${element.type ? `[${element.type}]` : ''} ${label}`.trim();
  });

/**
 * Waits until a control no longer says it is busy (`aria-busy` or `aria-disabled`): a save holds its control
 * busy until the refetch after it has settled, and a key pressed before then is ignored, as it is for a
 * customer. The next keyboard action waits for it, as a customer waits for the control to come back.
 */
async function untilNotBusy(control: Locator) {
  await expect
    .poll(
      async () => (await control.getAttribute('aria-busy')) ?? (await control.getAttribute('aria-disabled')),
    )
    .toBeNull();
}

/** Makes every POST, PUT and PATCH to `pattern` fail with 500 until the returned function is called. */
async function failWrites(page: Page, pattern: string) {
  let failing = true;
  await page.route(pattern, async (route) => {
    if (failing && route.request().method() !== 'GET') {
      await route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'no' } } });
    } else {
      await route.fallback();
    }
  });
  return () => {
    failing = false;
  };
}

describe.each([
  ['320', NARROW],
  ['1280', DESKTOP],
] as const)('keyboard focus at %s px', (_width, viewport) => {
  it('Settings: the frequency radios and Subscribe/Unsubscribe keep the focus', async () => {
    await withPage({ viewport }, async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.settings.href('demo-home')}`);
      await page.getByRole('radio', { name: 'Weekly' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => lastAlert(page)).toBe('Email subscription frequency updated to monthly.');
      await expect.poll(() => page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
      expect(await focused(page)).toBe('input[radio] Monthly');
      await untilNotBusy(page.locator('fieldset.settings__frequency').first());
      // The next arrow key works: back to weekly, focus still there.
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => lastAlert(page)).toBe('Email subscription frequency updated to weekly.');
      await expect.poll(() => page.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true);
      expect(await focused(page)).toBe('input[radio] Weekly');
      await untilNotBusy(page.locator('fieldset.settings__frequency').first());
      // The focus stays through the refetch after the save too.
      expect(await focused(page)).toBe('input[radio] Weekly');

      // A failed change keeps the focus too.
      const mend = await failWrites(page, '**/api/tracker/subscription/change_frequency');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => lastAlert(page)).toContain('Error saving subscription data');
      await expect.poll(() => focused(page)).toMatch(/^input\[radio\]/);
      mend();

      const toggle = page.getByRole('button', { name: 'Unsubscribe' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('button', { name: 'Subscribe', exact: true }).count()).toBe(1);
      expect(await focused(page)).toBe('button[button] Subscribe');
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByRole('button', { name: 'Unsubscribe', exact: true }).count()).toBe(1);
      expect(await focused(page)).toBe('button[button] Unsubscribe');
      expect(unexpectedProblems(problems, { statuses: /^500$/ })).toEqual([]);
    });
  });

  it('Happy Hours sign-up: slots, agreement and Sign up keep the focus; a failed sign-up leaves it on Sign up', async () => {
    await withPage({ viewport }, async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.happyHoursSignup.href('demo-home')}`);
      await page.getByRole('radio', { name: '10am - 12pm' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.getByRole('radio', { name: '11am - 1pm' }).isChecked()).toBe(true);
      expect(await focused(page)).toBe('input[radio] 11am - 1pm');
      await page.getByRole('checkbox', { name: happyHoursCopy.agree }).focus();
      await page.keyboard.press('Space');
      expect(await focused(page)).toBe(`input[checkbox] ${happyHoursCopy.agree}`);
      await failWrites(page, '**/innovative_billing/daytime_saver_participants');
      await page.getByRole('button', { name: happyHoursCopy.signUp }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => lastAlert(page)).toBe('Error signup to offer. Please try again.');
      await expect.poll(() => focused(page)).toBe(`button[submit] ${happyHoursCopy.signUp}`);
      expect(
        unexpectedProblems(problems, { statuses: /^500$/, messages: /Saving the survey failed/ }),
      ).toEqual([]);
    });
  });

  it('Happy Hours change: slots and UPDATE keep the focus; a failed change leaves it on UPDATE', async () => {
    await withPage({ viewport }, async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.happyHoursChangeSlot.href('demo-happy')}`);
      await page.getByRole('radio', { name: '12pm - 2pm' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.getByRole('radio', { name: '1pm - 3pm' }).isChecked()).toBe(true);
      expect(await focused(page)).toBe('input[radio] 1pm - 3pm');
      await failWrites(page, '**/innovative_billing/daytime_saver_participants');
      await page.getByRole('button', { name: happyHoursCopy.update }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => lastAlert(page)).toBe('Error when changing timeslot. Please try again.');
      await expect.poll(() => focused(page)).toBe(`button[submit] ${happyHoursCopy.update}`);
      expect(
        unexpectedProblems(problems, { statuses: /^500$/, messages: /Saving the survey failed/ }),
      ).toEqual([]);
    });
  });

  it('Reduce & Be Rewarded: a failed Opt Out and Opt Back In leave the focus on the button', async () => {
    await withPage({ viewport }, async ({ page, problems }) => {
      await failWrites(page, '**/innovative_billing/here_for_you_participants**');
      await page.goto(`${baseUrl()}${paths.optOut.href('demo-home')}`);
      await page.getByRole('button', { name: hereForYouCopy.optOutButton }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => lastAlert(page)).toBe('Error opt out to offer. Please try again.');
      await expect.poll(() => focused(page)).toBe(`button[button] ${hereForYouCopy.optOutButton}`);
      await page.goto(`${baseUrl()}${paths.optBackIn.href('demo-happy')}`);
      await page.getByRole('button', { name: hereForYouCopy.optBackInButton }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => lastAlert(page)).toBe('Error opt in to offer. Please try again.');
      await expect.poll(() => focused(page)).toBe(`button[button] ${hereForYouCopy.optBackInButton}`);
      expect(
        unexpectedProblems(problems, { statuses: /^500$/, messages: /Saving the survey failed/ }),
      ).toEqual([]);
    });
  });

  it('the survey: radios, checkboxes, a size and a failed Submit keep the focus', async () => {
    await withPage({ viewport }, async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.survey.href('demo-solar')}`);
      await expect.poll(() => page.locator('main h1').textContent()).toBe(screenTitles.survey);
      // The questions follow the account's look-up (its own survey, issue 26 item 12).
      await expect.poll(() => page.getByRole('group').count()).toBe(12);
      // Every question answered by keyboard: Space on the first option of each, an arrow on the radios.
      for (const group of await page.getByRole('group').all()) {
        const first = group.locator('input[type=radio], input[type=checkbox]').first();
        await first.focus();
        await page.keyboard.press('Space');
        const kind = await first.getAttribute('type');
        if (kind === 'radio') {
          await page.keyboard.press('ArrowDown');
          expect(await focused(page)).toMatch(/^input\[radio\]/);
          expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
        } else {
          expect(await focused(page)).toMatch(/^input\[checkbox\]/);
          expect(await first.isChecked()).toBe(true);
        }
      }
      const size = page.getByRole('spinbutton').first();
      await size.focus();
      await page.keyboard.type('6.6');
      expect(await focused(page)).toMatch(/^input\[number\]/);
      await failWrites(page, '**/api/accounts/update_profile**');
      await page.getByRole('button', { name: surveyCopy.submit }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => lastAlert(page)).toBe('Error saving your responses. Please try again.');
      await expect.poll(() => focused(page)).toBe(`button[submit] ${surveyCopy.submit}`);
      expect(
        unexpectedProblems(problems, { statuses: /^500$/, messages: /Saving the survey failed/ }),
      ).toEqual([]);
    });
  });

  it('the budget: the field and Save keep the focus, through a save and a failed save', async () => {
    await withPage({ viewport }, async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.usage.href('demo-business')}`);
      const field = page.getByLabel(trackerCopy.budgetLabel);
      await field.focus();
      await page.keyboard.press('Control+A');
      // Another budget at each width: saving the one already saved would save nothing (issue 26 item 14).
      const amount = viewport.width === NARROW.width ? 25 : 27;
      await page.keyboard.type(String(amount));
      // The save refetches the week: the field must keep the focus through that too.
      const refetched = page.waitForResponse(
        (response) => response.url().includes('/api/tracker/usage') && response.request().method() === 'GET',
      );
      await page.keyboard.press('Enter');
      await expect.poll(() => lastAlert(page)).toBe(`Budget updated to $${amount} per week.`);
      await refetched;
      await expect.poll(() => page.getByTestId('budget-status').textContent()).toBeTruthy();
      expect(await focused(page)).toMatch(/^input\[number\]/);
      await untilNotBusy(page.getByRole('button', { name: trackerCopy.budgetSave }));
      await failWrites(page, '**/api/settings/spend_target**');
      await field.focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(String(amount + 1));
      await page.getByRole('button', { name: trackerCopy.budgetSave }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => lastAlert(page)).toBe('Error saving budget data. Please try again.');
      await expect.poll(() => focused(page)).toBe(`button[submit] ${trackerCopy.budgetSave}`);
      expect(
        unexpectedProblems(problems, { statuses: /^500$/, messages: /Saving the survey failed/ }),
      ).toEqual([]);
    });
  });
});
