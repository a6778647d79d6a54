/**
 * The overview's history from docs/api.md#calls's calls only (issue 15 item 12): the event list, then one event_result
 * per event, one after another; a failed event_result is only logged (docs/api.md#errors) and that event left out.
 */
import type { EventResultResponse } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError, type ApiRequest } from '../../../shared/lib/api-client.ts';
import { getEventHistory } from './get-event-history.ts';

const results: Record<string, EventResultResponse> = {
  '1': { usage: { total_rewards: { cents: 500 }, event_usage_exists: true } },
  '2': { usage: { total_rewards: { cents: 9500 }, event_usage_exists: true } },
  '4': {},
};
const list = {
  dr_events: [
    { dr_event: { id: 1, start_time: '2026-01-10T17:00:00+10:00' } },
    { dr_event: { id: 2, start_time: '2026-02-10T17:00:00+10:00' } },
    { dr_event: { id: 3, start_time: '2026-03-10T17:00:00+10:00' } },
    { dr_event: { id: 4, start_time: '2026-04-10T17:00:00+10:00' } },
  ],
};

/** A service offering only the calls of docs/api.md#calls, which notes the order and overlap of the calls. */
function specifiedService() {
  const calls: string[] = [];
  let inFlight = 0;
  let overlapped = false;
  const api: ApiClient = {
    async request<T>(request: ApiRequest<T>): Promise<T> {
      expect(request.base).toBe('reduceAndReward');
      const eventId = String(request.query?.event_id ?? '');
      calls.push(eventId ? `${request.path}?event_id=${eventId}` : request.path);
      inFlight++;
      if (inFlight > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      if (request.path === '/tracker/dr_events') return list as T;
      if (request.path === '/dr_events/event_result') {
        if (eventId === '3') throw new ApiError(500, 'boom');
        return results[eventId] as T;
      }
      throw new ApiError(404, 'Not found');
    },
  };
  return { api, calls, overlapped: () => overlapped };
}

describe('getEventHistory', () => {
  it('asks for the event list, then each event_result in turn, and builds the history from them', async () => {
    const service = specifiedService();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const history = await getEventHistory(service.api, 'acct-1');
    expect(service.calls).toEqual([
      '/tracker/dr_events',
      '/dr_events/event_result?event_id=1',
      '/dr_events/event_result?event_id=2',
      '/dr_events/event_result?event_id=3',
      '/dr_events/event_result?event_id=4',
    ]);
    expect(service.overlapped()).toBe(false);
    // Newest first; event 3 failed (logged, left out) and event 4 has no data yet.
    expect(history.entries.map((entry) => entry.dr_event.id)).toEqual([2, 1]);
    expect(history.totalCents).toBe(10_000);
    expect(info).toHaveBeenCalledTimes(1);
  });
});
