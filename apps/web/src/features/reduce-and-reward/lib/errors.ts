/** The messages of docs/api.md#errors for an account the server refused (or a 429, decision 0039); null for any other failure. */
import { messages } from '@portal/contracts';
import { ApiError, rateLimitMessage } from '../../../shared/lib/api-client.ts';

export function accountErrorMessage(error: unknown): string | null {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 422) return messages.invalidAccountId;
    if (error.status === 403) return messages.wrongProvider;
  }
  return null;
}
