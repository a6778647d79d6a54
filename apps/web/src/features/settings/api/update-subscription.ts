/**
 * POST {apiBase}/tracker/subscription (docs/api.md#calls): subscribe or unsubscribe. The answer becomes the query's
 * data; success and failure say so with the messages of docs/api.md#errors.
 */
import { endpoints, messages, type Subscription, type SubscriptionType } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { subscriptionKeys } from './get-subscription.ts';

export interface SubscriptionChange {
  subscribed: boolean;
  type: SubscriptionType;
}

export async function updateSubscription(
  api: ApiClient,
  accountId: string,
  change: SubscriptionChange,
): Promise<Subscription> {
  return api.call(endpoints.updateSubscription, {
    body: { account_id: accountId, data: change },
  });
}

export function useUpdateSubscription(accountId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  return useMutation({
    mutationFn: (change: SubscriptionChange) => updateSubscription(api, accountId, change),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionKeys.account(accountId), subscription);
      showAlert({ kind: 'success', message: messages.subscriptionUpdated });
    },
    onError: () => showAlert({ kind: 'warning', message: messages.subscriptionSaveError }),
  });
}
