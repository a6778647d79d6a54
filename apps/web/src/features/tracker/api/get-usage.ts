/**
 * GET {apiBase}/tracker/usage (docs/api.md#calls): a week of usage for an account. The query is keyed by account and
 * week start, and backed by the browser cache of docs/rules.md#states-and-transitions: a copy saved less than an hour ago is the query's
 * initial data (dated when it was saved) and, with a one-hour stale time, no request is made while it is
 * valid; every fetched response is saved again. The answer is typed by the contract, not parsed again
 * (docs/decisions/0010).
 */
import { endpoints, messages, USAGE_CACHE_MAX_AGE_MS, type UsageResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readCachedUsage, usageKeys, writeCachedUsage } from '../../../shared/api/usage-cache.ts';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import { type ApiClient, ApiError, rateLimitMessage } from '../../../shared/lib/api-client.ts';

export { usageKeys };

/**
 * The parts of a usage answer the screen cannot draw without. Not a second copy of the contract: only enough
 * to turn a proxy's page or an older server's answer into the fetch error of docs/api.md#errors instead of a broken screen.
 */
function looksLikeUsage(data: unknown): data is UsageResponse {
  if (typeof data !== 'object' || data === null) return false;
  const { customer, current_week: week } = data as Partial<Record<keyof UsageResponse, unknown>>;
  return (
    typeof customer === 'object' &&
    customer !== null &&
    typeof week === 'object' &&
    week !== null &&
    Array.isArray((week as { intervals?: unknown }).intervals)
  );
}

export async function getUsage(
  api: ApiClient,
  { accountId, from, signal }: { accountId: string; from: string; signal?: AbortSignal },
): Promise<UsageResponse> {
  // Typed by the registry, but checked all the same: a proxy or an older server may answer (decision 0010).
  const data: unknown = await api.call(endpoints.usage, {
    query: { account_id: accountId, from },
    // The browser cache of docs/rules.md#states-and-transitions decides when to ask; when we ask (no valid copy, or the budget was just
    // saved) the answer must be fresh, not one the HTTP cache kept for the server's max-age.
    cache: 'no-cache',
    ...(signal ? { signal } : {}),
  });
  if (!looksLikeUsage(data)) throw new ApiError(0, 'GET /tracker/usage answered without a week of usage');
  return data;
}

export function usageQueryOptions(api: ApiClient, accountId: string, from: string) {
  return queryOptions({
    queryKey: usageKeys.week(accountId, from),
    queryFn: async ({ signal }) => {
      const data = await getUsage(api, { accountId, from, signal });
      writeCachedUsage(accountId, from, data);
      return data;
    },
    initialData: () => readCachedUsage(accountId, from)?.data,
    initialDataUpdatedAt: () => readCachedUsage(accountId, from)?.savedAt,
    staleTime: USAGE_CACHE_MAX_AGE_MS,
  });
}

export function useUsage(accountId: string, from: string) {
  const api = useApiClient();
  return useQuery(usageQueryOptions(api, accountId, from));
}

/** True when the account itself was refused (401, 403, 422): trying again cannot help. */
export function isAccountError(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 422].includes(error.status);
}

/** The message of docs/api.md#errors for a failed usage fetch. */
export function usageErrorMessage(error: unknown): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 422) return messages.invalidAccountId;
    if (error.status === 403) return messages.wrongProvider;
  }
  return messages.usageFetchError;
}
