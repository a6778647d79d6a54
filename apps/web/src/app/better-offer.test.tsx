/** The Tracker overview's better offer card (issue 17), composed by the app's router: shown with a better offer only, linking to the plans. */
import { betterOfferLine, type PlansResponse, paths } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { planKeys } from '../features/plans/api/get-plans.ts';
import { renderRoute, testQueryClient } from '../test/render.tsx';
import { json, trackerFetch } from '../test/usage-fixtures.ts';

function stub(betterOffer: PlansResponse['better_offer']) {
  const tracker = trackerFetch();
  const plans: Partial<PlansResponse> = { plans: [], enough_data: true, better_offer: betterOffer };
  const answered = { plans: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/tracker/plans') {
        answered.plans = true;
        return json(plans);
      }
      return tracker(input, init);
    }),
  );
  return answered;
}

describe('the better offer on the Tracker', () => {
  it('shows the saving and links to the plans page', async () => {
    stub({ code: 'PLAN-FLAT-CL-2026', name: 'Flat with Hot Water', yearly_saving: 112.25 });
    renderRoute(paths.usage.href('demo-home'));
    const card = await screen.findByTestId('better-offer');
    expect(card.textContent).toContain(betterOfferLine('Flat with Hot Water', '$112.25'));
    expect(within(card).getByRole('link').getAttribute('href')).toBe(paths.plans.href('demo-home'));
  });

  it('shows nothing when the customer is on the cheapest plan', async () => {
    const answered = stub({ code: 'PLAN-FLAT-CL-2026', name: 'Flat with Hot Water', yearly_saving: 112.25 });
    // The comparison is held before the screen renders: the card renders from it at once, so its absence
    // once the Tracker shows is the card's choice, not an answer still on its way.
    const queryClient = testQueryClient();
    queryClient.setQueryData(planKeys.account('demo-home'), {
      plans: [],
      enough_data: true,
      better_offer: null,
    } satisfies Partial<PlansResponse>);
    renderRoute(paths.usage.href('demo-home'), { queryClient });
    await screen.findByTestId('forecast');
    expect(screen.queryByTestId('better-offer')).toBeNull();
    // Held and fresh: the comparison was not asked for again (the stub's better offer never arrives).
    expect(answered.plans).toBe(false);
  });
});
