/** GET {reduce-and-reward base}/tracker/dr_events (docs/api.md#calls): the account's events, oldest first. */
import { type DrEventsResponse, endpoints } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { eventKeys } from './keys.ts';

export function getDrEvents(
  api: ApiClient,
  accountId: string,
  signal?: AbortSignal,
): Promise<DrEventsResponse> {
  return api.call(endpoints.drEvents, {
    query: { account_id: accountId },
    ...(signal ? { signal } : {}),
  });
}

export function drEventsQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: eventKeys.list(accountId),
    queryFn: ({ signal }) => getDrEvents(api, accountId, signal),
  });
}

export function useDrEvents(accountId: string) {
  const api = useApiClient();
  return useQuery(drEventsQueryOptions(api, accountId));
}
