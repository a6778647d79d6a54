/**
 * GET {apiBase}/tracker/quarter_comparison (issue 28 item 2): this quarter so far against the same dates last
 * year. Typed by the contract and checked for its shape only (docs/decisions/0010); it changes at most once a
 * day, with new meter data.
 */
import { endpoints, type QuarterComparison } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import { type ApiClient, ApiError } from '../../../shared/lib/api-client.ts';

export const quarterComparisonKeys = {
  account: (accountId: string) => ['tracker', 'quarter-comparison', accountId] as const,
};

function looksLikeComparison(data: unknown): data is QuarterComparison {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { parts?: unknown }).parts) &&
    typeof (data as { enough_data?: unknown }).enough_data === 'boolean'
  );
}

export async function getQuarterComparison(
  api: ApiClient,
  accountId: string,
  signal?: AbortSignal,
): Promise<QuarterComparison> {
  const data: unknown = await api.call(endpoints.quarterComparison, {
    query: { account_id: accountId },
    ...(signal ? { signal } : {}),
  });
  if (!looksLikeComparison(data)) {
    throw new ApiError(0, 'GET /tracker/quarter_comparison answered without a comparison');
  }
  return data;
}

export function quarterComparisonQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: quarterComparisonKeys.account(accountId),
    queryFn: ({ signal }) => getQuarterComparison(api, accountId, signal),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

export function useQuarterComparison(accountId: string) {
  const api = useApiClient();
  return useQuery(quarterComparisonQueryOptions(api, accountId));
}
