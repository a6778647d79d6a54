/** GET {reduce-and-reward base}/dr_events/upcoming (docs/reduce-and-reward.md): the events still to come with the account's own target. */
import { endpoints } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { eventKeys } from './keys.ts';

export function upcomingEventsQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: eventKeys.upcoming(accountId),
    queryFn: ({ signal }) =>
      api.call(endpoints.upcomingEvents, { query: { account_id: accountId }, ...(signal ? { signal } : {}) }),
    // The route's loader asks first; a failure it got stands until the next visit asks again. A service that
    // offers only the specification's calls answers 404 here, and the panel asked again each time it mounted.
    retryOnMount: false,
  });
}

export function useUpcomingEvents(accountId: string) {
  const api = useApiClient();
  return useQuery(upcomingEventsQueryOptions(api, accountId));
}
