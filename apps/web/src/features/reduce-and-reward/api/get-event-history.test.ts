/**
 * The overview's history from docs/api.md#calls's calls only (issue 15 item 12): the event list, then one event_result
 * per event, one after another; a failed event_result is only logged (docs/api.md#errors) and that event left out.
 */
import { type AnswerOf, type Endpoint, type EventResultResponse, endpoints } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError, type CallArguments } from '../../../shared/lib/api-client.ts';
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
    async call<E extends Endpoint>(endpoint: E, ...[options]: CallArguments<E>): Promise<AnswerOf<E>> {
      expect(endpoint.base).toBe('reduceAndReward');
      const query = options?.query as Record<string, unknown> | undefined;
      const eventId = String(query?.event_id ?? '');
      calls.push(eventId ? `${endpoint.path}?event_id=${eventId}` : endpoint.path);
      inFlight++;
      if (inFlight > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      if (endpoint === endpoints.drEvents) return list as AnswerOf<E>;
      if (endpoint === endpoints.eventResult) {
        if (eventId === '3') throw new ApiError(500, 'boom');
        return results[eventId] as AnswerOf<E>;
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
