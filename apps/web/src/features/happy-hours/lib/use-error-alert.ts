/**
 * Shows a docs/api.md#errors message once for each new failure of a lookup (not again on every render); a 429
 * says that the call was limited, and for how long, instead (decision 0039).
 */
import type { AlertKind } from '@portal/contracts';
import { useEffect } from 'react';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { rateLimitMessage } from '../../../shared/lib/api-client.ts';

export function useErrorAlert(error: unknown, message: string, kind: AlertKind = 'warning'): void {
  const { showAlert } = useAlert();
  useEffect(() => {
    if (error) showAlert({ kind, message: rateLimitMessage(error) ?? message });
  }, [error, message, kind, showAlert]);
}
