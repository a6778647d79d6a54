/**
 * POST {innovativeBillingBase}/daytime_saver_participants (docs/api.md#calls): signs up with a slot, or changes it
 * (the same call). Failures are the caller's to word (sign-up and change have different messages, docs/api.md#errors).
 */
import {
  type DaytimeSaverParticipant,
  type DaytimeSaverSignupBody,
  endpoints,
  type TimeSlotId,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import { type ApiClient, ApiError } from '../../../shared/lib/api-client.ts';
import { happyHoursKeys } from './get-participant.ts';

export function chooseSlot(api: ApiClient, body: DaytimeSaverSignupBody): Promise<DaytimeSaverParticipant> {
  return api.call(endpoints.chooseSlot, { body });
}

export function useChooseSlot(
  accountId: string,
  handlers: { onSuccess: (slot: TimeSlotId) => void; onError: (error: unknown) => void | Promise<void> },
) {
  const api = useApiClient();
  const { clientCode } = useClientConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: TimeSlotId) =>
      chooseSlot(api, { client_code: clientCode, account_identifier: accountId, time_slot: slot }),
    onSuccess: (_participant, slot) => {
      // Forgotten rather than updated: the screen moves on to its confirmation (an updated answer would first
      // send it to "already registered"), and the next screen reads the participant afresh.
      queryClient.removeQueries({ queryKey: happyHoursKeys.participant(accountId) });
      handlers.onSuccess(slot);
    },
    onError: (error) => {
      // A 304 means the server already had this slot: what it holds is worth reading again. Any other failure
      // keeps the participant as it was, so a look-up failing by then cannot replace the submit's message
      // (issue 26 item 5).
      if (error instanceof ApiError && error.status === 304) {
        void queryClient.invalidateQueries({ queryKey: happyHoursKeys.participant(accountId) });
      }
      handlers.onError(error);
    },
  });
}
