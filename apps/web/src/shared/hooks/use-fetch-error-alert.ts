/**
 * Shows the alert of docs/api.md#errors for a failed fetch once per failure, not again on every render: a 429
 * says that the call was limited, and for how long (decision 0039); any other failure says `message` (a text,
 * or the text for that error). A canceled request is no failure: a customer who navigates away from a loading
 * screen has not met an error.
 */
import type { AlertKind } from '@portal/contracts';
import { isCancelledError } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAlert } from '../alerts/alert-provider.tsx';
import { isAbortError, rateLimitMessage } from '../lib/api-client.ts';

export function useFetchErrorAlert(
  error: unknown,
  message: string | ((error: unknown) => string),
  kind: AlertKind = 'warning',
): void {
  const { showAlert } = useAlert();
  // A query keeps the same error object until it fails again: each object is one failure.
  const shownFor = useRef<unknown>(null);
  const text = error
    ? (rateLimitMessage(error) ?? (typeof message === 'string' ? message : message(error)))
    : '';
  useEffect(() => {
    if (!error || isAbortError(error) || isCancelledError(error) || shownFor.current === error) return;
    shownFor.current = error;
    showAlert({ kind, message: text });
  }, [error, text, kind, showAlert]);
}
