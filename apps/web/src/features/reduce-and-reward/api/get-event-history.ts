/**
 * The overview's Event History (docs/screens.md, docs/api.md#entities) from the calls of docs/api.md#calls only: the event list
 * (GET {reduce-and-reward base}/tracker/dr_events), then GET {reduce-and-reward base}/dr_events/event_result
 * once per event, one after another, so that the overview works against any service offering the specified
 * calls (docs/api.md#calls lets a retailer point the reduce-and-reward base elsewhere). A failed event_result is only
 * logged (docs/api.md#errors) and that event left out. Decision 0024.
 */
import { type EventResultResponse, endpoints } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import { type ApiClient, isAbortError } from '../../../shared/lib/api-client.ts';
import { reportError } from '../../../shared/lib/error-reporting.ts';
import { buildHistory, type EventHistory, type HistorySource } from '../lib/history.ts';
import { getDrEvents } from './get-dr-events.ts';
import { eventKeys } from './keys.ts';

export function getEventResult(
  api: ApiClient,
  accountId: string,
  eventId: number,
  signal?: AbortSignal,
): Promise<EventResultResponse> {
  return api.call(endpoints.eventResult, {
    query: { account_id: accountId, event_id: eventId },
    ...(signal ? { signal } : {}),
  });
}

export async function getEventHistory(
  api: ApiClient,
  accountId: string,
  signal?: AbortSignal,
): Promise<EventHistory> {
  const { dr_events } = await getDrEvents(api, accountId, signal);
  const sources: HistorySource[] = [];
  for (const { dr_event } of dr_events) {
    let result: EventResultResponse = {};
    try {
      // Sequentially, as docs/api.md#calls says: one event's result after another.
      result = await getEventResult(api, accountId, dr_event.id, signal);
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      console.info(`The result of event ${dr_event.id} could not be fetched`, error);
      reportError(error);
    }
    sources.push({ dr_event, result });
  }
  return buildHistory(sources);
}

export function eventHistoryQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: eventKeys.history(accountId),
    queryFn: ({ signal }) => getEventHistory(api, accountId, signal),
  });
}

export function useEventHistory(accountId: string) {
  const api = useApiClient();
  return useQuery(eventHistoryQueryOptions(api, accountId));
}
