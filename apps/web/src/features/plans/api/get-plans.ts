/**
 * GET {apiBase}/tracker/plans (issue 17): every plan open to the account priced on its own last 12 months of
 * meter data. Typed by the contract, not parsed again (docs/decisions/0010); the server keeps the answer per
 * usage version, so the Tracker's panel and the plans page may both ask.
 */
import { endpoints, type PlansResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import { type ApiClient, ApiError } from '../../../shared/lib/api-client.ts';

export const planKeys = {
  account: (accountId: string) => ['tracker', 'plans', accountId] as const,
};

/** Enough to tell a proxy's page or an older server from the answer, so the screen shows its error instead. */
function looksLikePlans(data: unknown): data is PlansResponse {
  return typeof data === 'object' && data !== null && Array.isArray((data as { plans?: unknown }).plans);
}

export async function getPlans(
  api: ApiClient,
  accountId: string,
  signal?: AbortSignal,
): Promise<PlansResponse> {
  // Typed by the registry, but checked all the same: a proxy or an older server may answer (decision 0010).
  const data: unknown = await api.call(endpoints.plans, {
    query: { account_id: accountId },
    ...(signal ? { signal } : {}),
  });
  if (!looksLikePlans(data)) throw new ApiError(0, 'GET /tracker/plans answered without plans');
  return data;
}

export function plansQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: planKeys.account(accountId),
    queryFn: ({ signal }) => getPlans(api, accountId, signal),
    // The comparison changes at most with new meter data (once a day): no need to ask again within a visit.
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

export function usePlans(accountId: string, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...plansQueryOptions(api, accountId), enabled });
}
