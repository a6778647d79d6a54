/**
 * Shows the usage fetch's error message of docs/api.md#errors once per failure. Canceled requests are ignored (a
 * customer who navigates away from a loading week has not met an error).
 */
import { isCancelledError } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { isAbortError } from '../../../shared/lib/api-client.ts';
import { usageErrorMessage } from '../api/get-usage.ts';

export function useUsageErrorAlert(error: unknown, errorUpdatedAt: number): void {
  const { showAlert } = useAlert();
  const shownFor = useRef<number | null>(null);
  useEffect(() => {
    if (!error || isAbortError(error) || isCancelledError(error)) return;
    if (shownFor.current === errorUpdatedAt) return;
    shownFor.current = errorUpdatedAt;
    showAlert({ kind: 'warning', message: usageErrorMessage(error) });
  }, [error, errorUpdatedAt, showAlert]);
}
