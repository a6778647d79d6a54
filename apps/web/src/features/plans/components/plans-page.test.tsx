import {
  betterOfferLine,
  cheapestPlanLine,
  type PlanCost,
  type PlansResponse,
  paths,
  planCopy,
} from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';

const plan = (code: string, yearly_cost: number, saving: number, current = false): PlanCost => ({
  code,
  name: `Plan ${code}`,
  description: null,
  current,
  on_offer: !current,
  yearly_cost,
  usage: yearly_cost - 400,
  supply: 400,
  solar_credit: 0,
  concession: 0,
  saving,
  how: [`How ${code} was worked out.`],
});

function answer(overrides: Partial<PlansResponse> = {}): PlansResponse {
  return {
    account_id: 'demo-home',
    from: '2025-11-23',
    to: '2026-11-22',
    days_with_data: 365,
    scaled: false,
    enough_data: true,
    method: 'Worked out from your last 12 months of meter data (365 days). Prices include GST.',
    gst_included: true,
    plans: [plan('B', 1900, 100), plan('A', 2000, 0, true), plan('C', 2100.5, -100.5)],
    better_offer: { code: 'B', name: 'Plan B', yearly_saving: 100 },
    min_saving: 50,
    ...overrides,
  };
}

function stubPlans(body: PlansResponse | null, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/tracker/plans') {
        return new Response(JSON.stringify(body ?? { error: { code: 'FORBIDDEN', message: 'no' } }), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(null, { status: 204 });
    }),
  );
}

describe('the plans page', () => {
  it('shows the plans cheapest first in a table, the current one marked, and the better offer', async () => {
    stubPlans(answer());
    renderRoute(paths.plans.href('demo-home'));
    const table = await screen.findByRole('table', { name: planCopy.tableCaption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Plan B',
      `Plan A${planCopy.current}`,
      'Plan C',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Saves $100.00 a year')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Costs $100.50 more a year')).toBeTruthy();
    expect(screen.getByTestId('plans-verdict').textContent).toBe(betterOfferLine('Plan B', '$100.00'));
    expect(screen.getByText('How B was worked out.')).toBeTruthy();
    expect(screen.getByTestId('plans-method').textContent).toContain('365 days');
  });

  it('says when the customer is on the cheapest plan', async () => {
    stubPlans(answer({ plans: [plan('A', 2000, 0, true), plan('C', 2100, -100)], better_offer: null }));
    renderRoute(paths.plans.href('demo-home'));
    expect((await screen.findByTestId('plans-verdict')).textContent).toBe(cheapestPlanLine);
  });

  it('says why there is no comparison without enough data', async () => {
    const method =
      'We need at least 90 days of your meter data from the last 12 months to compare plans, and we have 3.';
    stubPlans(answer({ enough_data: false, plans: [], better_offer: null, days_with_data: 3, method }));
    renderRoute(paths.plans.href('demo-home'));
    expect((await screen.findByTestId('plans-method')).textContent).toBe(method);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("answers another retailer's account with the spec's message", async () => {
    stubPlans(null, 403);
    renderRoute(paths.plans.href('demo-other'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/provider/i);
  });
});
