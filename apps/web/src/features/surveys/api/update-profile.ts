/**
 * PATCH {apiBase}/accounts/update_profile (docs/api.md#calls): sends the survey answers. On success it says thank you,
 * forgets the Tracker's copy of the account's weeks (their customer block now has completed_survey, which
 * stops the survey prompt) and returns to the Tracker; on failure it shows the save error and logs it (docs/api.md#errors).
 */
import { endpoints, messages, paths, type SurveyProfile, type UpdateProfileBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { clearCachedUsage, usageKeys } from '../../../shared/api/usage-cache.ts';
import { useApiClient } from '../../../shared/hooks/use-api-client.ts';
import type { ApiClient } from '../../../shared/lib/api-client.ts';
import { reportError } from '../../../shared/lib/error-reporting.ts';

export async function updateProfile(
  api: ApiClient,
  accountId: string,
  profile: SurveyProfile,
): Promise<void> {
  const body: UpdateProfileBody = { profile, source: 'survey' };
  await api.call(endpoints.updateProfile, { query: { account_id: accountId }, body });
}

export function useUpdateProfile(accountId: string, from?: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  return useMutation({
    mutationFn: (profile: SurveyProfile) => updateProfile(api, accountId, profile),
    onSuccess: async () => {
      clearCachedUsage(accountId);
      // Removed rather than only marked stale, so the Tracker does not show the old customer block (and its
      // survey prompt) while it fetches the week again.
      queryClient.removeQueries({ queryKey: usageKeys.account(accountId) });
      showAlert({ kind: 'success', message: messages.surveyThanks });
      await navigate(paths.usage.href(accountId, from));
    },
    onError: (error) => {
      console.error('Saving the survey failed', error);
      reportError(error);
      showAlert({ kind: 'warning', message: messages.surveySaveError });
    },
  });
}
