/** The messages of docs/api.md#errors for an account the server refused; null for any other failure. */
import { messages } from '@portal/contracts';
import { ApiError } from '../../../shared/lib/api-client.ts';

export function accountErrorMessage(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 422) return messages.invalidAccountId;
    if (error.status === 403) return messages.wrongProvider;
  }
  return null;
}
