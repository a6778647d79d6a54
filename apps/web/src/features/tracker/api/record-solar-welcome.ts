/**
 * POST {apiBase}/tracker/solar_welcome (docs/curtailment.md): records that the Solar Advantage welcome was
 * seen, so the server answers welcome_banner true from then on. The account's cached weeks (in memory and in
 * the browser cache, keeping their age) are marked too, so a reload within the hour does not show it again.
 * Fire and forget: if it fails, the welcome simply shows once more next time.
 */
import { endpoints, type UsageResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeCachedUsage } from '../../../shared/api/usage-cache.ts';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { usageKeys } from './get-usage.ts';

export async function recordSolarWelcome(api: ApiClient, accountId: string): Promise<void> {
  await api.call(endpoints.solarWelcome, { query: { account_id: accountId } });
}

function markWelcomeSeen(usage: UsageResponse): UsageResponse {
  const curtailment = usage.current_week.insights.solar_curtailment;
  if (!curtailment || curtailment.welcome_banner) return usage;
  return {
    ...usage,
    current_week: {
      ...usage.current_week,
      insights: {
        ...usage.current_week.insights,
        solar_curtailment: { ...curtailment, welcome_banner: true },
      },
    },
  };
}

export function useRecordSolarWelcome(accountId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recordSolarWelcome(api, accountId),
    onSuccess: () => {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: usageKeys.account(accountId) })) {
        const data = query.state.data as UsageResponse | undefined;
        const from = query.queryKey[3];
        if (!data || typeof from !== 'string') continue;
        const marked = markWelcomeSeen(data);
        const updatedAt = query.state.dataUpdatedAt;
        queryClient.setQueryData(query.queryKey, marked, { updatedAt });
        writeCachedUsage(accountId, from, marked, updatedAt);
      }
    },
    // Deliberately silent (see above).
    onError: () => undefined,
  });
}
