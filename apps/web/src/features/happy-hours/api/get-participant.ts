/**
 * GET {innovativeBillingBase}/daytime_saver_participants/{accountId} (docs/api.md#calls): the account's Happy Hours
 * participation. Never cached for long: the screens decide their redirects from it (docs/rules.md#states-and-transitions). Fresh for a few
 * seconds only, so that the answer the route's loader has just fetched serves the screen as it mounts instead
 * of being asked for a second time (Lighthouse); the slot's mutations drop it.
 */
import { endpoints } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';

export const happyHoursKeys = {
  all: ['happy-hours'] as const,
  participant: (accountId: string) => [...happyHoursKeys.all, 'participant', accountId] as const,
  config: (clientCode: string) => [...happyHoursKeys.all, 'config', clientCode] as const,
};

const PARTICIPANT_FRESH_MS = 5_000;

export function participantQueryOptions(api: ApiClient, clientCode: string, accountId: string) {
  return queryOptions({
    queryKey: happyHoursKeys.participant(accountId),
    queryFn: ({ signal }) =>
      api.call(endpoints.happyHoursParticipant, {
        params: { accountId },
        query: { client_code: clientCode },
        signal,
      }),
    staleTime: PARTICIPANT_FRESH_MS,
  });
}

export function useHappyHoursParticipant(accountId: string) {
  const api = useApiClient();
  const { clientCode } = useClientConfig();
  return useQuery(participantQueryOptions(api, clientCode, accountId));
}
