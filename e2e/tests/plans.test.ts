/**
 * Plans compared on the customer's own meter data (issue 17) in a real Chromium against the real server and
 * the demo data: demo-home sees a better offer on the Tracker and follows it to the plans page; demo-happy,
 * on its cheapest plan, sees none; the page's figures are the API's. The page's axe check, layout check and
 * screenshots at 320, 375 and 1280 px are in shell.test.ts ("every screen").
 */
import {
  betterOfferLine,
  cheapestPlanLine,
  formatCurrency,
  paths,
  planCopy,
  plansResponseSchema,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, PHONE, withPage } from '../support/browser.ts';

async function plansOf(accountId: string) {
  const response = await fetch(`${baseUrl()}/api/tracker/plans?account_id=${accountId}`);
  return plansResponseSchema.parse(await response.json());
}

describe('plans compared on your own meter data', () => {
  it('shows demo-home its better offer on the Tracker and the plans page', async () => {
    const expected = await plansOf('demo-home');
    const offer = expected.better_offer;
    expect(offer?.code).toBe('PLAN-FLAT-CL-2026');
    await withPage({ viewport: PHONE }, async ({ page, problems }) => {
      await page.goto(`${baseUrl()}${paths.usage.href('demo-home')}`);
      const card = page.getByTestId('better-offer');
      await expect
        .poll(() => card.textContent())
        .toContain(betterOfferLine(offer?.name ?? '', formatCurrency(offer?.yearly_saving ?? 0)));
      await card.getByRole('link', { name: planCopy.betterOfferLink }).click();

      // The address first, then the screen: a failure says which of the two did not happen (decision 0058).
      await page.waitForURL(`${baseUrl()}${paths.plans.href('demo-home')}`);
      await expect.poll(() => page.locator('main h1').textContent()).toBe(planCopy.pageTitle);
      const table = page.getByRole('table', { name: planCopy.tableCaption });
      await table.waitFor();
      for (const plan of expected.plans) {
        expect(await page.getByTestId(`plan-cost-${plan.code}`).textContent()).toBe(
          formatCurrency(plan.yearly_cost),
        );
      }
      const rowNames = await table.locator('tbody th[scope="row"]').allTextContents();
      expect(rowNames.map((text) => text.replace(planCopy.current, ''))).toEqual(
        expected.plans.map((plan) => plan.name),
      );
      expect(await page.locator('tbody tr.is-current th').textContent()).toContain(
        'Time of Use with Controlled Load',
      );
      expect(await page.getByTestId('plans-verdict').textContent()).toBe(
        betterOfferLine(offer?.name ?? '', formatCurrency(offer?.yearly_saving ?? 0)),
      );
      expect(problems).toEqual([]);
    });
  });

  it('shows demo-happy no better offer: it is on its cheapest plan', async () => {
    await withPage({ viewport: PHONE }, async ({ page, problems, settled }) => {
      await page.goto(`${baseUrl()}${paths.plans.href('demo-happy')}`);
      await expect.poll(() => page.getByTestId('plans-verdict').textContent()).toBe(cheapestPlanLine);
      await expectNoAxeViolations(page, 'plans with no better offer');
      await page.goto(`${baseUrl()}${paths.usage.href('demo-happy')}`);
      await page.getByTestId('forecast').waitFor();
      // The comparison has answered (the page above asked for it) and the Tracker shows no offer.
      await settled();
      expect(await page.getByTestId('better-offer').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });
});
