/**
 * GET and PUT {apiBase}/tracker/budget_alert (docs/budget-alerts.md): whether the account gets the budget alert,
 * and turning it on or off. The answer of a change becomes the query's data and is announced.
 */
import { type BudgetAlertSetting, budgetAlertSettingsCopy, endpoints, messages } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';

export const budgetAlertKeys = {
  all: ['settings', 'budget-alert'] as const,
  account: (accountId: string) => [...budgetAlertKeys.all, accountId] as const,
};

export function budgetAlertQueryOptions(api: ApiClient, accountId: string) {
  return queryOptions({
    queryKey: budgetAlertKeys.account(accountId),
    queryFn: ({ signal }) =>
      api.call(endpoints.budgetAlert, { query: { account_id: accountId }, cache: 'no-cache', signal }),
  });
}

export function useBudgetAlert(accountId: string) {
  const api = useApiClient();
  return useQuery(budgetAlertQueryOptions(api, accountId));
}

export async function updateBudgetAlert(
  api: ApiClient,
  accountId: string,
  enabled: boolean,
): Promise<BudgetAlertSetting> {
  return api.call(endpoints.updateBudgetAlert, { body: { account_id: accountId, enabled } });
}

export function useUpdateBudgetAlert(accountId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  return useMutation({
    mutationFn: (enabled: boolean) => updateBudgetAlert(api, accountId, enabled),
    onSuccess: (setting) => {
      queryClient.setQueryData(budgetAlertKeys.account(accountId), setting);
      showAlert({
        kind: 'success',
        message: setting.enabled ? budgetAlertSettingsCopy.turnedOn : budgetAlertSettingsCopy.turnedOff,
      });
    },
    onError: () => showAlert({ kind: 'warning', message: messages.subscriptionSaveError }),
  });
}
