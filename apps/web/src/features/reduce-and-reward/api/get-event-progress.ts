/** GET {reduce-and-reward base}/dr_events/event_progress (docs/api.md#calls): one event's chart data. */
import { type EventProgressResponse, endpoints } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { eventKeys } from './keys.ts';

export function getEventProgress(
  api: ApiClient,
  accountId: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<EventProgressResponse> {
  return api.call(endpoints.eventProgress, {
    query: { account_id: accountId, event_id: eventId },
    ...(signal ? { signal } : {}),
  });
}

export function eventProgressQueryOptions(api: ApiClient, accountId: string, eventId: string) {
  return queryOptions({
    queryKey: eventKeys.progress(accountId, eventId),
    queryFn: ({ signal }) => getEventProgress(api, accountId, eventId, signal),
    retry: false,
  });
}

export function useEventProgress(accountId: string, eventId: string, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...eventProgressQueryOptions(api, accountId, eventId), enabled });
}
