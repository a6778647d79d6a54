/**
 * POST {apiBase}/settings/spend_target (docs/api.md#calls): saves the weekly budget. On success it clears all local
 * storage (docs/rules.md#states-and-transitions), refetches the account's usage through the query factory's key and says so (docs/api.md#errors);
 * on failure it shows the save error.
 */
import { endpoints, formatMessage, messages } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { clearLocalStorage } from '../../../shared/api/usage-cache.ts';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { usageKeys } from './get-usage.ts';

export async function saveSpendTarget(api: ApiClient, accountId: string, spendTarget: number): Promise<void> {
  await api.call(endpoints.spendTarget, {
    query: { account_id: accountId },
    body: { spend_target: spendTarget },
  });
}

export function useSaveSpendTarget(accountId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  return useMutation({
    mutationFn: (spendTarget: number) => saveSpendTarget(api, accountId, spendTarget),
    onSuccess: async (_, spendTarget) => {
      clearLocalStorage();
      if (spendTarget > 0) {
        showAlert({
          kind: 'success',
          message: formatMessage(messages.budgetUpdated, { amount: spendTarget }),
        });
      } else {
        showAlert({ kind: 'error', message: messages.budgetDisabled });
      }
      await queryClient.invalidateQueries({ queryKey: usageKeys.account(accountId) });
    },
    onError: () => showAlert({ kind: 'warning', message: messages.budgetSaveError }),
  });
}
