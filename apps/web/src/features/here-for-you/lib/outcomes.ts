/** Spec §4 and §8 for the Reduce & Be Rewarded screens as pure functions. */
import { type AlertKind, messages } from '@portal/contracts';
import { ApiError } from '../../../shared/lib/api-client.ts';

/** A 404 from the lookup: the account is not in the program (spec §4: go to offer expired). */
export const isNotInvited = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export function optOutFailure(error: unknown): { kind: AlertKind; message: string } {
  return error instanceof ApiError && error.status === 304
    ? { kind: 'info', message: messages.optOutRepeat }
    : { kind: 'warning', message: messages.optOutError };
}
