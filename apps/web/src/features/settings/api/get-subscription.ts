/**
 * GET {apiBase}/tracker/subscription (docs/api.md#calls): the account's email subscription, and the fetch failure's
 * message of docs/api.md#errors (403 names the provider; anything else asks to try again).
 */
import { endpoints, messages, type Subscription } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import { type ApiClient, ApiError, rateLimitMessage } from '../../../shared/lib/api-client.ts';

export const subscriptionKeys = {
  all: ['settings', 'subscription'] as const,
  account: (accountId: string) => [...subscriptionKeys.all, accountId] as const,
};

export async function getSubscription(
  api: ApiClient,
  { accountId, signal }: { accountId: string; signal?: AbortSignal },
): Promise<Subscription> {
  return api.call(endpoints.subscription, {
    query: { account_id: accountId },
    cache: 'no-cache',
    ...(signal ? { signal } : {}),
  });
}

export function subscriptionQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.account(accountId),
    queryFn: ({ signal }) => getSubscription(api, { accountId, signal }),
  });
}

export function useSubscription(accountId: string) {
  const api = useApiClient();
  return useQuery(subscriptionQueryOptions(api, accountId));
}

export function subscriptionFetchErrorMessage(error: unknown): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  return error instanceof ApiError && error.status === 403
    ? messages.wrongProvider
    : messages.subscriptionFetchError;
}
