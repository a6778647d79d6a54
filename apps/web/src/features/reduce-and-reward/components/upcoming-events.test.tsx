import { eventCopy, upcomingEventCopy } from '@portal/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const event = {
  id: 9,
  start_time: '2026-12-02T17:00:00+10:00',
  end_time: '2026-12-02T19:00:00+10:00',
  interval_count: 4,
  target: {
    baseline_kwh: 4.2,
    event_kwh: 2.94,
    per_interval_kwh: 0.735,
    baseline_days: 10,
    last_baseline_day: '2026-11-26',
  },
  rewards: { silver_cents: 500, gold_cents: 10_000, gold_percent: 2 },
};

function stub(upcoming: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/dr_events/upcoming')) return upcoming();
      if (url.pathname.endsWith('/tracker/dr_events')) return json({ dr_events: [] });
      return new Response(null, { status: 204 });
    }),
  );
}

beforeEach(() => vi.unstubAllGlobals());

describe('the events still to come on the overview', () => {
  it('shows when, the own target for the event and per 30 minutes, the baseline and the rewards', async () => {
    stub(() => json({ events: [event] }));
    renderRoute('/ReduceAndReward/demo-home');
    expect(await screen.findByRole('heading', { name: upcomingEventCopy.title })).toBeTruthy();
    expect(screen.getByText('Wednesday 2 December 2026, 17:00 to 19:00 AEST')).toBeTruthy();
    expect(screen.getByTestId('upcoming-target').textContent).toBe(
      'Your target: less than 2.94 kWh over the event, 0.74 kWh per 30 minutes.',
    );
    expect(
      screen.getByText(
        'Your usual use at these times is 4.20 kWh, the average of your 10 most recent weekdays with meter data (the latest Thursday 26 November 2026).',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Stay below it to earn a $5.00 bill credit; the top 2% of savers earn $100.00.'),
    ).toBeTruthy();
  });

  it('says the target is still to come without enough data, and shows nothing without events', async () => {
    stub(() => json({ events: [{ ...event, target: null }] }));
    const { unmount } = renderRoute('/ReduceAndReward/demo-home');
    expect(await screen.findByText(upcomingEventCopy.noTarget)).toBeTruthy();
    unmount();
    stub(() => json({ events: [] }));
    renderRoute('/ReduceAndReward/demo-home');
    // Both calls are answered at once: by the time the history is shown, the empty list of events to come is too.
    await screen.findByText(eventCopy.historyEmpty);
    expect(screen.queryByRole('heading', { name: upcomingEventCopy.title })).toBeNull();
  });
});
