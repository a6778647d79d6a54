/**
 * docs/rules.md#states-and-transitions, docs/api.md#errors for the Happy Hours screens as pure functions: which message a failure shows, and when a
 * lookup's answer sends the customer elsewhere.
 */
import { type AlertKind, messages, OFFER_ACCOUNT_NOT_FOUND } from '@portal/contracts';
import { ApiError } from '../../../shared/lib/api-client.ts';

export interface AlertMessage {
  kind: AlertKind;
  message: string;
}

/** A 404 from a participant lookup: the account is not in the offer (docs/rules.md#states-and-transitions: go to offer expired). */
export const isNotInvited = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The change-slot page redirects when the error text says the account was not found (docs/api.md#errors). */
export const saysAccountNotFound = (error: unknown): boolean =>
  isNotInvited(error) ||
  (error instanceof Error && /account (was )?not found/i.test(error.message)) ||
  (error instanceof ApiError && error.serverMessage === OFFER_ACCOUNT_NOT_FOUND);

const isRepeat = (error: unknown): boolean => error instanceof ApiError && error.status === 304;

export function signupFailure(error: unknown): AlertMessage {
  return isRepeat(error)
    ? { kind: 'info', message: messages.signupRepeat }
    : { kind: 'warning', message: messages.signupError };
}

export function changeSlotFailure(error: unknown): AlertMessage {
  return isRepeat(error)
    ? { kind: 'info', message: messages.changeSlotRepeat }
    : { kind: 'warning', message: messages.changeSlotError };
}
