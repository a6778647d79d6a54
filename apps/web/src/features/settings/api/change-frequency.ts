/**
 * PUT {apiBase}/tracker/subscription/change_frequency (docs/api.md#calls): weekly becomes monthly and back. After the
 * change the subscription is refetched (docs/rules.md#states-and-transitions) and the new frequency announced (docs/api.md#errors).
 */
import { endpoints, formatMessage, frequencyOf, messages, type Subscription } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { subscriptionKeys } from './get-subscription.ts';

export async function changeFrequency(api: ApiClient, accountId: string): Promise<Subscription> {
  return api.call(endpoints.changeFrequency, { body: { account_id: accountId } });
}

export function useChangeFrequency(accountId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  return useMutation({
    mutationFn: () => changeFrequency(api, accountId),
    onSuccess: async (subscription) => {
      showAlert({
        kind: 'success',
        message: formatMessage(messages.subscriptionFrequencyUpdated, {
          frequency: frequencyOf(subscription.type),
        }),
      });
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.account(accountId) });
    },
    onError: () => showAlert({ kind: 'warning', message: messages.subscriptionSaveError }),
  });
}
