/**
 * The event detail says whether the target the result is measured against is the one the invitation email
 * announced (issue 29 item 3), from GET dr_events/announced_target and the settled event_progress. Hand-computed:
 * settled baseline 2.8 kWh over 2 intervals, factor -0.3: target (2.8 - 0.84) / 2 = 0.98 kWh per 30 minutes.
 */
import { eventEmailCopy } from '@portal/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const progress = (status: 'scheduled' | 'complete') => ({
  challenge: { status, date: '2026-06-03', percent_displacement_factor: -0.3 },
  usage: {
    intervals: [
      { local_interval_start_time: '2026-06-03T17:00:00', interval_usage_value: 0.5 },
      { local_interval_start_time: '2026-06-03T17:30:00', interval_usage_value: 0.5 },
    ],
    baseline: status === 'complete' ? 2.8 : null,
    average: status === 'complete' ? 0.5 : null,
    total_rewards: status === 'complete' ? { cents: 10_000 } : null,
  },
});
const announced = (perInterval: number) => ({
  announced: {
    baseline_kwh: 2,
    event_kwh: perInterval * 2,
    per_interval_kwh: perInterval,
    baseline_days: 10,
    last_baseline_day: '2026-05-27',
  },
});

const calls: string[] = [];
function stub(answers: { progress: unknown; announced: () => Response }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      if (url.pathname.endsWith('/dr_events/event_progress')) return json(answers.progress);
      if (url.pathname.endsWith('/dr_events/announced_target')) return answers.announced();
      if (url.pathname.endsWith('/tracker/dr_events'))
        return json({ dr_events: [{ dr_event: { id: 7, start_time: '2026-06-03T17:00:00+10:00' } }] });
      if (url.pathname.endsWith('/dr_events/event_result'))
        return json({ usage: { total_rewards: { cents: 10_000 }, event_usage_exists: true } });
      return new Response(null, { status: 204 });
    }),
  );
}

beforeEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe('the event detail and the target announced', () => {
  it('says so with both figures when the settled target differs from the one announced', async () => {
    stub({ progress: progress('complete'), announced: () => json(announced(0.7)) });
    renderRoute('/ReduceAndReward/demo-home/Event/7');
    expect((await screen.findByTestId('event-target-announced')).textContent).toBe(
      'Your target changed after we announced it: we announced 0.70 kWh per 30 minutes, and your result is measured against 0.98 kWh, because meter data for more days before the event has arrived since.',
    );
  });

  it('says the target is the one announced when the figures agree', async () => {
    stub({ progress: progress('complete'), announced: () => json(announced(0.98)) });
    renderRoute('/ReduceAndReward/demo-home/Event/7');
    expect((await screen.findByTestId('event-target-announced')).textContent).toBe(
      eventEmailCopy.targetUnchanged,
    );
  });

  it('says nothing when none was announced, the service lacks the call, or the event is not settled', async () => {
    for (const [answers, settled] of [
      [{ progress: progress('complete'), announced: () => json({ announced: null }) }, true],
      [
        {
          progress: progress('complete'),
          announced: () => json({ error: { code: 'NOT_FOUND', message: 'Not offered' } }, 404),
        },
        true,
      ],
      [{ progress: progress('scheduled'), announced: () => json(announced(0.7)) }, false],
    ] as const) {
      calls.length = 0;
      stub(answers);
      const { unmount } = renderRoute('/ReduceAndReward/demo-home/Event/7');
      expect(await screen.findByTestId('event-date')).toBeTruthy();
      await vi.waitFor(() => expect(calls.some((path) => path.endsWith('/tracker/dr_events'))).toBe(true));
      if (settled) {
        await vi.waitFor(() => expect(calls.some((path) => path.endsWith('/announced_target'))).toBe(true));
      } else {
        expect(calls.some((path) => path.endsWith('/announced_target'))).toBe(false);
      }
      expect(screen.queryByTestId('event-target-announced')).toBeNull();
      unmount();
    }
  });
});
