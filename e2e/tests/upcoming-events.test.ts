/**
 * The event still to come on the Reduce & Reward overview (issue 29 item 2) in a real Chromium: demo-home's
 * demo event, with the target the server computes by the settlement's rule (GET dr_events/upcoming), read off
 * the page at 320, 375 and 1280 px with axe, the layout checks and a screenshot.
 */
import { formatDecimal, paths, upcomingEventCopy, upcomingEventsResponseSchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  DESKTOP,
  expectNoAxeViolations,
  layoutProblems,
  NARROW,
  PHONE,
  screenshot,
  withPage,
} from '../support/browser.ts';

describe('the event still to come', () => {
  it.each([
    ['narrow', NARROW],
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('shows demo-home its own target at %s width', async (name, viewport) => {
    const answer = upcomingEventsResponseSchema.parse(
      await (await fetch(`${baseUrl()}/reduce_and_reward/dr_events/upcoming?account_id=demo-home`)).json(),
    );
    const target = answer.events[0]?.target;
    if (!target) throw new Error('demo-home has no event to come with a target');
    await withPage({ viewport }, async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.reduceAndReward.href('demo-home')}`);
      const heading = page.getByRole('heading', { name: upcomingEventCopy.title });
      await expect.poll(() => heading.count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByTestId('upcoming-target').first().textContent()).toBe(
        `Your target: less than ${formatDecimal(target.event_kwh, 2)} kWh over the event, ${formatDecimal(target.per_interval_kwh, 2)} kWh per 30 minutes.`,
      );
      expect(await page.getByText(/AEST$/).first().textContent()).toMatch(/, 17:00 to 19:00 AEST$/);
      expect(await layoutProblems(page)).toEqual([]);
      await expectNoAxeViolations(page, `upcoming event ${name}`);
      await screenshot(page, `reduce-and-reward-upcoming-${name}`, { fullPage: true });
      expect(problems).toEqual([]);
    });
  });
});
