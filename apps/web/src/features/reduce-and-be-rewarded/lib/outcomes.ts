/** docs/rules.md#states-and-transitions, docs/api.md#errors for the Reduce & Be Rewarded screens as pure functions. */
import { type AlertKind, messages } from '@portal/contracts';
import { ApiError } from '../../../shared/lib/api-client.ts';

/** A 404 from the lookup: the account is not in the program (docs/rules.md#states-and-transitions: go to offer expired). */
export const isNotInvited = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export function optOutFailure(error: unknown): { kind: AlertKind; message: string } {
  return error instanceof ApiError && error.status === 304
    ? { kind: 'info', message: messages.optOutRepeat }
    : { kind: 'warning', message: messages.optOutError };
}
