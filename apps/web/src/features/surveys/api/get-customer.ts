/**
 * GET {apiBase}/accounts/customer (docs/api.md#calls): the account's customer block, read by the survey to know
 * up front whether it is the account's survey (its market segment) or an account the server refuses
 * (issue 26 item 12).
 */
import { endpoints } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';

export function customerQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: ['survey', 'customer', accountId] as const,
    queryFn: ({ signal }) => api.call(endpoints.customer, { query: { account_id: accountId }, signal }),
    staleTime: 60_000,
  });
}

export function useSurveyCustomer(accountId: string) {
  const api = useApiClient();
  return useQuery(customerQueryOptions(api, accountId));
}
