/**
 * Abuse checks in a real Chromium (docs/reliability.md, Abuse): every screen route of docs/screens.md (every path of
 * `paths`, which the router is built from), with the demo accounts, renders under the server's strict CSP
 * without a single `securitypolicyviolation` event or console error; and the classic open-redirect payloads
 * typed into the address bar never leave the portal.
 */
import { drEventsResponseSchema, messages, paths, planCopy, screenTitles } from '@portal/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, withPage } from '../support/browser.ts';

let eventId = '';
beforeAll(async () => {
  const response = await fetch(`${baseUrl()}/reduce_and_reward/tracker/dr_events?account_id=demo-home`);
  // The oldest event: settled, with its chart.
  eventId = String(drEventsResponseSchema.parse(await response.json()).dr_events.at(-1)?.dr_event.id);
});

interface Visit {
  url: () => string;
  /** The screen's heading; several where another test file may have changed the account's state first. */
  headings: string[];
  /** What else shows once the screen has its data, when the heading comes first. */
  ready?: (page: Page) => Promise<boolean>;
}

const heading = (page: Page) =>
  page
    .locator('main h1')
    .first()
    .textContent({ timeout: 1_000 })
    .catch(() => null);
const visible = async (page: Page, testId: string) => (await page.getByTestId(testId).count()) > 0;
const weekShown = async (page: Page) =>
  (await page.getByRole('toolbar').getByRole('button').count()) > 0 ||
  (await page.getByText(messages.weekNoData).count()) > 0;

const happyHours = [
  screenTitles.happyHoursSignup,
  screenTitles.happyHoursChangeSlot,
  screenTitles.happyHoursChangeConfirmation,
  screenTitles.happyHoursSignupConfirmation,
  messages.alreadyRegistered,
  messages.offerExpired,
];
const hereForYou = [screenTitles.optOut, screenTitles.optBackIn, messages.offerExpired];

/** Every screen of `paths`: a missing key fails the type check, and the test below. */
const screens: Record<keyof typeof paths, Visit[]> = {
  landing: [{ url: () => paths.landing.href(), headings: [screenTitles.tracker] }],
  usage: [
    { url: () => paths.usage.href('demo-home'), headings: [screenTitles.tracker], ready: weekShown },
    { url: () => paths.usage.href('demo-solar'), headings: [screenTitles.tracker], ready: weekShown },
    { url: () => paths.usage.href('demo-business'), headings: [screenTitles.tracker], ready: weekShown },
    { url: () => paths.usage.href('demo-new'), headings: [screenTitles.tracker], ready: weekShown },
  ],
  settings: [
    {
      url: () => paths.settings.href('demo-home'),
      headings: [screenTitles.settings],
      ready: (page) => visible(page, 'subscription-status'),
    },
  ],
  feedback: [{ url: () => paths.feedback.href('demo-home'), headings: [screenTitles.feedback] }],
  reduceAndReward: [
    {
      url: () => paths.reduceAndReward.href('demo-home'),
      headings: [messages.eventPortalTitle],
      ready: (page) => visible(page, 'history-row'),
    },
  ],
  event: [
    {
      url: () => paths.event.href('demo-home', eventId),
      headings: [messages.eventPortalTitle],
      ready: (page) => visible(page, 'event-total'),
    },
    {
      url: () => `/ReduceAndReward/demo-home/event/${eventId}`,
      headings: [messages.eventPortalTitle],
      ready: (page) => visible(page, 'event-total'),
    },
  ],
  offerExpired: [{ url: () => paths.offerExpired.href('demo-solar'), headings: [messages.offerExpired] }],
  happyHoursSignup: [{ url: () => paths.happyHoursSignup.href('demo-home'), headings: happyHours }],
  happyHoursChangeSlot: [{ url: () => paths.happyHoursChangeSlot.href('demo-happy'), headings: happyHours }],
  happyHoursChangeConfirmation: [
    { url: () => paths.happyHoursChangeConfirmation.href('demo-happy', '1pm - 3pm'), headings: happyHours },
  ],
  happyHoursConfirmation: [
    { url: () => paths.happyHoursConfirmation.href('demo-home', '12pm - 2pm'), headings: happyHours },
  ],
  happyHoursAlreadyRegistered: [
    {
      url: () => paths.happyHoursAlreadyRegistered.href('demo-happy'),
      headings: [messages.alreadyRegistered],
    },
  ],
  optOut: [{ url: () => paths.optOut.href('demo-home'), headings: hereForYou }],
  optBackIn: [{ url: () => paths.optBackIn.href('demo-happy'), headings: hereForYou }],
  survey: [{ url: () => paths.survey.href('demo-home'), headings: [screenTitles.survey] }],
  smeSurvey: [{ url: () => paths.smeSurvey.href('demo-business'), headings: [screenTitles.survey] }],
  plans: [
    {
      url: () => paths.plans.href('demo-home'),
      headings: [planCopy.pageTitle],
      ready: (page) => visible(page, 'plans-verdict'),
    },
  ],
};

/** Opens a URL and waits until its screen shows (heading, then its data): only then is the page judged. */
async function visitScreen(page: Page, url: string, visit: Pick<Visit, 'headings' | 'ready'>) {
  await page.goto(`${baseUrl()}${url}`);
  await expect
    .poll(() => heading(page), { timeout: 30_000, message: `heading of ${url}` })
    .toBeOneOf(visit.headings);
  if (visit.ready && (await heading(page)) === visit.headings[0]) {
    const ready = visit.ready;
    await expect.poll(() => ready(page), { timeout: 30_000, message: `data of ${url}` }).toBe(true);
  }
}

describe('Content Security Policy', () => {
  it('is never violated on any screen, nor is there a console error', async () => {
    await withPage({ viewport: DESKTOP }, async ({ page, problems }) => {
      const seen: string[] = [];
      for (const [name, visits] of Object.entries(screens)) {
        for (const visit of visits) {
          const url = visit.url();
          await visitScreen(page, url, visit);
          // The day view of the same week, through the chart's own link.
          if (name === 'usage' && (await page.getByRole('toolbar').getByRole('button').count()) > 0) {
            await page.getByRole('toolbar').getByRole('button').first().click();
            await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/new\/usage\/[^/]+\/[^/]+\/\d$/);
            await expect.poll(() => page.getByRole('toolbar').getByRole('button').count()).toBeGreaterThan(0);
          }
          seen.push(`${name} ${url}`);
          expect(problems, `on ${url}`).toEqual([]);
        }
      }
      // The catch-all sends anything else home.
      await visitScreen(page, '/no/such/screen', { headings: [screenTitles.tracker] });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(problems).toEqual([]);
      expect(seen.length).toBeGreaterThanOrEqual(Object.keys(paths).length);
    });
  });

  it('is watched: an inline script or style injected into a screen is reported', async () => {
    await withPage({ viewport: DESKTOP }, async ({ page, problems }) => {
      await visitScreen(page, paths.feedback.href('demo-home'), { headings: [screenTitles.feedback] });
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
        const styled = document.createElement('div');
        styled.setAttribute('style', 'color: red');
        document.body.append(styled);
      });
      await expect.poll(() => problems.filter((problem) => problem.startsWith('csp: ')).length).toBe(2);
      expect(problems.join('\n')).toMatch(/script-src-elem blocked inline/);
      expect(problems.join('\n')).toMatch(/style-src-attr blocked inline/);
    });
  });
});

describe('open redirects', () => {
  it.each([
    '//evil.com',
    '//evil.com/%2E%2E',
    '/\\evil.com',
    '/%2F%2Fevil.com',
    '/%5C%5Cevil.com',
    '/https:evil.com',
    '/javascript:alert(1)',
    '/?next=//evil.com&redirect=https://evil.com&returnTo=%2F%2Fevil.com',
    '/new/survey/demo-home/%2F%2Fevil.com',
  ])('stays on the portal from %s', async (path) => {
    await withPage({ viewport: DESKTOP }, async ({ page }) => {
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status()).toBeLessThan(500);
      // Wait for the app (when it is one) to settle on its screen, then look where the browser is.
      if (response?.headers()['content-type']?.includes('text/html')) {
        await expect.poll(() => heading(page), { timeout: 30_000 }).toBeTruthy();
      }
      expect(new URL(page.url()).origin).toBe(baseUrl());
      const links = await page
        .locator('a[href]')
        .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
      for (const href of links) {
        const url = new URL(href);
        if (url.protocol === 'http:' || url.protocol === 'https:') {
          // Every link is the portal's own or one of the retailer's configured sites, never the payload's host.
          expect(url.hostname, href).not.toContain('evil.com');
        } else {
          expect(['mailto:', 'tel:'], href).toContain(url.protocol);
        }
      }
    });
  });
});
