/** GET {innovativeBillingBase}/product_configs/DaytimeSaver (docs/api.md#calls): the retailer's sign-up end. */
import { endpoints } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { happyHoursKeys } from './get-participant.ts';

export function productConfigQueryOptions(api: ApiClient, clientCode: string) {
  return queryOptions({
    queryKey: happyHoursKeys.config(clientCode),
    queryFn: ({ signal }) =>
      api.call(endpoints.happyHoursConfig, {
        query: { client_code: clientCode },
        signal,
      }),
    staleTime: 60_000,
  });
}

export function useDaytimeSaverConfig() {
  const api = useApiClient();
  const { clientCode } = useClientConfig();
  return useQuery(productConfigQueryOptions(api, clientCode));
}
