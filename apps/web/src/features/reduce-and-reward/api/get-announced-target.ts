/**
 * GET {reduce-and-reward base}/dr_events/announced_target (docs/reduce-and-reward.md#emails): the target the
 * invitation email announced for an event, which the event detail compares with the settled one. A service
 * offering only the specification's calls answers 404: the detail then says nothing of it.
 */
import { endpoints } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { eventKeys } from './keys.ts';

export function announcedTargetQueryOptions(api: ApiClient, accountId: string, eventId: string) {
  return queryOptions({
    queryKey: eventKeys.announced(accountId, eventId),
    queryFn: ({ signal }) =>
      api.call(endpoints.announcedTarget, {
        query: { account_id: accountId, event_id: eventId },
        ...(signal ? { signal } : {}),
      }),
    retry: false,
  });
}

export function useAnnouncedTarget(accountId: string, eventId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...announcedTargetQueryOptions(api, accountId, eventId), enabled });
}
