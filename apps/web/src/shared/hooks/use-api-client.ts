/** The API client bound to the bases of the runtime configuration. */
import { useMemo } from 'react';
import { useClientConfig } from '../config/client-config.tsx';
import { type ApiClient, createApiClient } from '../lib/api-client.ts';

export function useApiClient(): ApiClient {
  const { apiBase, reduceAndRewardBase, innovativeBillingBase } = useClientConfig();
  return useMemo(
    () => createApiClient({ apiBase, reduceAndRewardBase, innovativeBillingBase }),
    [apiBase, reduceAndRewardBase, innovativeBillingBase],
  );
}
