/**
 * The web shell in a real Chromium against the real server: the landing text, the catch-all redirect, the
 * menu at phone width (Escape, its open state), the footer's links, the error page, and every screen at 320,
 * 375 and 1280 px: axe, the layout checks and a screenshot of each (e2e/screenshots). First, the axe check
 * itself finds what it is there to find, as configured for speed (support/browser.ts).
 */
import {
  addDays,
  copy,
  dayOfWeek,
  formatMessage,
  marketToday,
  messages,
  paths,
  trackerCopy,
  weekStart,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  DESKTOP,
  expectNoAxeViolations,
  layoutProblems,
  PHONE,
  screenshot,
  WIDTHS,
  withPage,
} from '../support/browser.ts';

async function configFrom(url: string) {
  const response = await fetch(`${url}/api/config`);
  return response.json();
}

/** A page that passes the axe check, and each fault as a replacement in it with the axe rule that must name it. */
const axeMendedPage = `<!doctype html><html lang="en"><head><title>Mended</title></head><body><main>
  <h1>A page</h1>
  <p style="color:#222;background:#fff">Readable text</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="A dot">
  <label for="budget">Weekly budget</label><input id="budget" type="number">
  <button type="button" aria-label="Save budget">Save</button>
</main></body></html>`;
const axeFaults: [rule: string, from: string, to: string][] = [
  ['color-contrast', 'color:#222;background:#fff', 'color:#bbb;background:#fff'],
  ['image-alt', ' alt="A dot"', ''],
  ['label', '<label for="budget">Weekly budget</label>', ''],
  ['label-content-name-mismatch', 'aria-label="Save budget"', 'aria-label="Keep the amount"'],
  ['html-has-lang', '<html lang="en">', '<html>'],
];

describe('the axe check', () => {
  // Run in the page with violations only (support/browser.ts): a check that had stopped looking would pass
  // every screen below, so it is shown a fault of each kind first, and must name each.
  it('passes a mended page and fails a page with each kind of fault, naming its rule', async () => {
    await withPage(async ({ page }) => {
      await page.setContent(axeMendedPage);
      await expectNoAxeViolations(page, 'the mended page');
      for (const [rule, from, to] of axeFaults) {
        expect(axeMendedPage).toContain(from);
        await page.setContent(axeMendedPage.replace(from, to));
        await expect(expectNoAxeViolations(page, rule), rule).rejects.toThrow(new RegExp(`${rule}:`));
      }
    });
  });
});

describe("the page's clock", () => {
  // The dated runs (npm run test:dates) move Node's clock with libfaketime and each page's Date by the same
  // offset (support/browser.ts): a page on another day than the portal would test another calendar.
  it("is the portal's: the same market day and within a minute of this process's clock", async () => {
    await withPage(async ({ page }) => {
      await page.goto(`${baseUrl()}/`);
      const before = Date.now();
      const seen = await page.evaluate(() => Date.now());
      expect(Math.abs(seen - before)).toBeLessThan(60_000);
      expect(marketToday(new Date(seen))).toBe(marketToday(new Date(before)));
    });
  });
});

describe('landing', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])(
    'shows the access text, the feature blocks and the furniture on a %s, with no axe findings',
    async (name, viewport) => {
      const config = await configFrom(baseUrl());
      await withPage({ viewport }, async ({ page, problems }) => {
        const visit = page.waitForResponse((response) => response.url().endsWith('/api/web_interactions'));
        await page.goto(`${baseUrl()}/`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
        const text = await page.locator('main').textContent();
        expect(text).toContain(
          formatMessage(messages.landingAccessRequest, { email: config.retailer.accessEmail }),
        );
        for (const block of ['Your data', 'Your detailed usage', 'Manage your usage', 'Regular updates']) {
          await expect.poll(() => page.getByRole('heading', { name: block }).count()).toBe(1);
        }
        expect(await page.locator('header nav, nav').first().isVisible()).toBe(true);
        expect(await page.locator('footer').textContent()).toContain(config.retailer.phone);
        // The visit record is sent and accepted.
        expect((await visit).status()).toBe(204);
        await expectNoAxeViolations(page);
        await screenshot(page, `landing-${name}`, { fullPage: true });
        // No CSP violation or script error on the way.
        expect(problems).toEqual([]);
      });
    },
  );
});

describe('routing', () => {
  it('redirects any other path to the landing page', async () => {
    await withPage(async ({ page, problems }) => {
      await page.goto(`${baseUrl()}/any/unknown/path`);
      await page.waitForURL(`${baseUrl()}/`);
      await expect.poll(() => page.getByText('Your detailed usage').count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    });
  });

  it('answers a deep link on reload with the screen it names', async () => {
    await withPage(async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.feedback.href('demo-home')}`);
      await page.reload();
      const config = await configFrom(baseUrl());
      await expect.poll(() => page.locator('main').textContent()).toContain(config.retailer.ideasEmail);
      expect(problems).toEqual([]);
    });
  });

  it('opens the event detail under both /Event/ and /event/', async () => {
    await withPage(async ({ page }) => {
      for (const url of [paths.event.href('demo-home', 'e1'), '/ReduceAndReward/demo-home/event/e1']) {
        await page.goto(`${baseUrl()}${url}`);
        await expect
          .poll(() => page.getByRole('heading', { level: 1, name: messages.eventPortalTitle }).count())
          .toBe(1);
        expect(new URL(page.url()).pathname).toBe(url);
      }
    });
  });

  it('shows the error page when a screen cannot load', async () => {
    await withPage(async ({ page }) => {
      await page.goto(`${baseUrl()}/`);
      await expect.poll(() => page.getByText('Your detailed usage').count()).toBeGreaterThan(0);
      // The feedback screen's code fails to download (as after a deployment replaced it); client-side navigation.
      await page.route(/feedback-page[^/]*\.js$/, (route) => route.abort());
      await page.evaluate((href) => {
        window.history.pushState({}, '', href);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, paths.feedback.href('demo-home'));
      await expect.poll(() => page.getByText(messages.unexpectedError).count()).toBe(1);
      await expectNoAxeViolations(page);
    });
  });
});

describe('furniture', () => {
  it('opens and closes the menu on a 375 px phone', async () => {
    await withPage({ viewport: PHONE }, async ({ page }) => {
      await page.goto(`${baseUrl()}${paths.feedback.href('demo-home')}`);
      const toggle = page.getByRole('button', { name: copy.menu });
      const helpCentre = page.getByRole('link', { name: copy.helpCentre });
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await helpCentre.isVisible()).toBe(false);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await helpCentre.isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: copy.myAccount }).isVisible()).toBe(true);
      await screenshot(page, 'menu-open-phone');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await helpCentre.isVisible()).toBe(false);

      // The button shows whether the menu is open, and Escape closes it, from a link inside it too.
      const look = () => toggle.evaluate((button) => getComputedStyle(button).backgroundColor);
      const closedLook = await look();
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await look()).not.toBe(closedLook);
      await page.keyboard.press('Tab');
      expect(await helpCentre.evaluate((link) => link === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await helpCentre.isVisible()).toBe(false);
      expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await look()).toBe(closedLook);
    });
  });

  it('shows the links without a menu on a desktop', async () => {
    await withPage({ viewport: DESKTOP }, async ({ page }) => {
      await page.goto(`${baseUrl()}/`);
      await expect.poll(() => page.getByRole('link', { name: copy.helpCentre }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: copy.menu }).isVisible()).toBe(false);
    });
  });

  it('links Settings and Feedback in the footer only with an account id', async () => {
    await withPage(async ({ page }) => {
      await page.goto(`${baseUrl()}${paths.feedback.href('demo-home')}`);
      const footer = page.locator('footer');
      await expect
        .poll(() => footer.getByRole('link', { name: copy.settingsLink }).getAttribute('href'))
        .toBe(paths.settings.href('demo-home'));
      expect(await footer.getByRole('link', { name: copy.feedbackLink }).getAttribute('href')).toBe(
        paths.feedback.href('demo-home'),
      );
      expect(await footer.getByRole('link', { name: copy.faq }).getAttribute('target')).toBe('_blank');

      await page.goto(`${baseUrl()}/`);
      await expect.poll(() => footer.getByRole('link', { name: copy.faq }).count()).toBe(1);
      expect(await footer.getByRole('link', { name: copy.settingsLink }).count()).toBe(0);
      expect(await footer.getByRole('link', { name: copy.feedbackLink }).count()).toBe(0);
    });
  });

  it('shows the Happy Hours disclaimer only on Happy Hours pages', async () => {
    await withPage(async ({ page }) => {
      await page.goto(`${baseUrl()}${paths.happyHoursSignup.href('demo-home')}`);
      await expect.poll(() => page.getByTestId('additional-disclaimer').count()).toBe(1);
      await page.goto(`${baseUrl()}${paths.feedback.href('demo-home')}`);
      await expect.poll(() => page.locator('footer').count()).toBe(1);
      expect(await page.getByTestId('additional-disclaimer').count()).toBe(0);
    });
  });
});

describe('every screen', () => {
  const id = 'demo-home';
  const thisWeek = weekStart(marketToday());
  /** A complete week two weeks back: every demo account with data has all 7 days of it. */
  const pastWeek = addDays(thisWeek, -14);
  const screens = [
    paths.landing.href(),
    // The Tracker: this week (its later days 'No data'), a past week and day, today (the hours to come 'No
    // data'), a solar week and day (hours of large export), a business week (larger figures), Happy Hours' free
    // hours (demo-happy on a weekday).
    paths.usage.href(id),
    paths.usage.href(id, pastWeek),
    paths.usage.href(id, pastWeek, 2),
    paths.usage.href(id, thisWeek, dayOfWeek(marketToday())),
    paths.usage.href('demo-solar', pastWeek),
    paths.usage.href('demo-business', pastWeek),
    paths.usage.href('demo-solar', pastWeek, 2),
    paths.usage.href('demo-happy', pastWeek, 1),
    paths.settings.href(id),
    paths.feedback.href(id),
    paths.reduceAndReward.href(id),
    paths.event.href(id, 'e1'),
    paths.offerExpired.href(id),
    // The offer screens redirect by the account's state (docs/rules.md#states-and-transitions), so each is
    // visited with an account that stays on it in this file's own copy of the demo data: demo-home is invited to
    // Happy Hours and in Reduce & Be Rewarded, demo-happy is signed up to Happy Hours and opted out of Reduce &
    // Be Rewarded.
    paths.happyHoursSignup.href(id),
    paths.happyHoursChangeSlot.href('demo-happy'),
    // The confirmations show the participant's own slot (issue 26 item 3): demo-happy's.
    paths.happyHoursChangeConfirmation.href('demo-happy', '11:00-13:00'),
    paths.happyHoursConfirmation.href('demo-happy', '11:00-13:00'),
    paths.happyHoursAlreadyRegistered.href(id),
    paths.optOut.href(id),
    paths.optBackIn.href('demo-happy'),
    paths.survey.href(id),
    paths.smeSurvey.href('demo-business'),
    paths.plans.href(id),
  ];

  // One page per width, each screen in turn: one h1, no axe findings, nothing that reads badly (the layout
  // checks of support/browser.ts), no CSP or script errors, and a screenshot to look at.
  it.each(WIDTHS)(
    'renders each at %s px with one h1, no axe findings, nothing that reads badly and no CSP or script errors',
    async (width, viewport) => {
      await withPage({ viewport }, async ({ page, problems }) => {
        for (const url of screens) {
          await page.goto(`${baseUrl()}${url}`);
          await expect.poll(() => page.locator('main h1').count(), { message: url }).toBe(1);
          // Each screen's content is in (not just its loading state).
          await expect
            .poll(() => page.locator('[role="status"]:has-text("Loading")').count(), { message: url })
            .toBe(0);
          expect(new URL(page.url()).pathname, url).toBe(url);
          await expectNoAxeViolations(page, `${url} at ${width} px`);
          expect.soft(await layoutProblems(page), `${url} at ${width} px`).toEqual([]);
          const name = url.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'landing';
          await screenshot(page, `screen-${name}-${width}`, { fullPage: true });
          // The Tracker's table of numbers, opened, is checked too (in both units, below).
          const summary = page.getByText(trackerCopy.tableSummary, { exact: true });
          if ((await summary.count()) > 0) {
            await summary.click();
            await expect.poll(() => page.locator('details.chart-table[open] table').isVisible()).toBe(true);
            expect.soft(await layoutProblems(page), `${url} with its table at ${width} px`).toEqual([]);
            await screenshot(page.locator('details.chart-table'), `screen-${name}-table-${width}`);
          }
          // A chart in dollars is also shown in kWh: its labels are checked in both units.
          const kwh = page.getByRole('radio', { name: trackerCopy.unitKwh, exact: true });
          if ((await kwh.count()) > 0) {
            await kwh.check();
            await expect
              .poll(() => page.locator('.usage-chart__column').first().getAttribute('aria-label'), {
                message: url,
              })
              .toMatch(/(kWh|No data), VIEW (DAY|WEEK)/);
            expect.soft(await layoutProblems(page), `${url} in kWh at ${width} px`).toEqual([]);
            await screenshot(page, `screen-${name}-kwh-${width}`, { fullPage: true });
          }
        }
        expect(problems).toEqual([]);
      });
      // Twenty-five screens, each loaded, checked by axe and photographed, the charts in kWh too: more than
      // one ordinary test's time.
    },
    300_000,
  );
});

describe('server answers seen by the browser', () => {
  it('answers 401, 403 and 422 for bad account ids in the JSON error shape', async () => {
    const cases = [
      ['no-such-account', 401, messages.invalidAccountId],
      ['demo-other', 403, messages.wrongProvider],
      ['bad id!', 422, messages.invalidAccountId],
    ] as const;
    for (const [accountId, status, message] of cases) {
      const response = await fetch(
        `${baseUrl()}/api/accounts/customer?account_id=${encodeURIComponent(accountId)}`,
        { headers: { 'x-forwarded-for': `192.0.2.${status}` } },
      );
      expect(response.status).toBe(status);
      expect((await response.json()).error.message).toBe(message);
    }
  });

  it('sends the security headers with the app', async () => {
    const response = await fetch(`${baseUrl()}/new/usage/demo-home`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
