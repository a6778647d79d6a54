/**
 * Reduce & Be Rewarded calls of docs/api.md#calls on the innovative-billing base: the participant lookup, opt out and
 * opt (back) in. After a change the lookup's cache holds the new state, so the next screen shows at once.
 */
import { endpoints, type HereForYouBody, type HereForYouParticipant } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import { type ApiClient, ApiError } from '../../../shared/lib/api-client.ts';

export const participationKeys = {
  all: ['reduce-and-be-rewarded'] as const,
  participant: (accountId: string) => [...participationKeys.all, 'participant', accountId] as const,
};

export function participationQueryOptions(api: ApiClient, clientCode: string, accountId: string) {
  return queryOptions({
    queryKey: participationKeys.participant(accountId),
    queryFn: ({ signal }) =>
      api.call(endpoints.hereForYouParticipant, {
        params: { accountId },
        query: { client_code: clientCode },
        signal,
      }),
    staleTime: 0,
  });
}

export function useParticipation(accountId: string) {
  const api = useApiClient();
  const { clientCode } = useClientConfig();
  return useQuery(participationQueryOptions(api, clientCode, accountId));
}

export async function optOut(api: ApiClient, body: HereForYouBody): Promise<void> {
  await api.call(endpoints.hereForYouOptOut, { params: { accountId: body.account_identifier }, body });
}

export async function optIn(api: ApiClient, body: HereForYouBody): Promise<void> {
  await api.call(endpoints.hereForYouOptIn, { body });
}

/** Opts out (`optedIn` false) or back in; on success, and on the opt out's 304, the cache holds the new state. */
export function useSetParticipation(
  accountId: string,
  optedIn: boolean,
  handlers: { onSuccess: () => void; onError: (error: unknown) => void },
) {
  const api = useApiClient();
  const { clientCode } = useClientConfig();
  const queryClient = useQueryClient();
  const body: HereForYouBody = { client_code: clientCode, account_identifier: accountId };
  return useMutation({
    mutationFn: () => (optedIn ? optIn(api, body) : optOut(api, body)),
    onSuccess: () => {
      queryClient.setQueryData<HereForYouParticipant>(participationKeys.participant(accountId), {
        opted_in: optedIn,
      });
      handlers.onSuccess();
    },
    onError: (error) => {
      // Only a 304 says something about the state worth reading again; otherwise a look-up failing by then
      // would replace the submit's message (issue 26 item 5).
      if (error instanceof ApiError && error.status === 304) {
        void queryClient.invalidateQueries({ queryKey: participationKeys.participant(accountId) });
      }
      handlers.onError(error);
    },
  });
}
