/** Shows a docs/api.md#errors message once for each new failure of a lookup (not again on every render). */
import type { AlertKind } from '@portal/contracts';
import { useEffect } from 'react';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';

export function useErrorAlert(error: unknown, message: string, kind: AlertKind = 'warning'): void {
  const { showAlert } = useAlert();
  useEffect(() => {
    if (error) showAlert({ kind, message });
  }, [error, message, kind, showAlert]);
}
