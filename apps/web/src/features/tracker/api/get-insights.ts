/**
 * The Tracker's insights beyond the week (issue 28): GET {apiBase}/tracker/quarter_comparison (this quarter
 * against last year) and GET {apiBase}/tracker/similar_homes (similar homes, as the weekly batch stored them).
 * Typed by the contract and checked for their shape only (docs/decisions/0010); each changes at most once a day,
 * so a visit asks once.
 */
import { endpoints, type InsightsQuery, type QuarterComparison, type SimilarHomes } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import { type ApiClient, ApiError } from '../../../shared/lib/api-client.ts';

export const insightKeys = {
  quarterComparison: (accountId: string) => ['tracker', 'quarter-comparison', accountId] as const,
  similarHomes: (accountId: string) => ['tracker', 'similar-homes', accountId] as const,
};

type InsightEndpoint = typeof endpoints.quarterComparison | typeof endpoints.similarHomes;

/** One insight of the account, refused when the answer is not its shape (a proxy's page, an older server). */
async function getInsight<T>(
  api: ApiClient,
  endpoint: InsightEndpoint,
  accountId: string,
  looksRight: (data: Record<string, unknown>) => boolean,
  signal?: AbortSignal,
): Promise<T> {
  const query: InsightsQuery = { account_id: accountId };
  const data: unknown = await api.call(endpoint, { query, ...(signal ? { signal } : {}) });
  if (typeof data !== 'object' || data === null || !looksRight(data as Record<string, unknown>)) {
    throw new ApiError(0, `GET ${endpoint.path} answered something else`);
  }
  return data as T;
}

export function quarterComparisonQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: insightKeys.quarterComparison(accountId),
    queryFn: ({ signal }) =>
      getInsight<QuarterComparison>(
        api,
        endpoints.quarterComparison,
        accountId,
        (data) => Array.isArray(data.parts) && typeof data.enough_data === 'boolean',
        signal,
      ),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

export function similarHomesQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: insightKeys.similarHomes(accountId),
    queryFn: ({ signal }) =>
      getInsight<SimilarHomes>(
        api,
        endpoints.similarHomes,
        accountId,
        (data) => typeof data.status === 'string',
        signal,
      ),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

export function useQuarterComparison(accountId: string) {
  return useQuery(quarterComparisonQueryOptions(useApiClient(), accountId));
}

export function useSimilarHomes(accountId: string) {
  return useQuery(similarHomesQueryOptions(useApiClient(), accountId));
}
