/**
 * The app-wide alert banner's state (docs/rules.md#states-and-transitions): one alert at a time, a newer one replaces the older, and
 * each closes itself after ALERT_AUTO_CLOSE_MS. Every alert shown is also reported (docs/api.md#calls).
 */
import { ALERT_AUTO_CLOSE_MS, type AlertKind } from '@portal/contracts';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { reportAlert } from '../lib/error-reporting.ts';

export interface AlertInput {
  kind: AlertKind;
  message: string;
}
export interface ShownAlert extends AlertInput {
  /** Distinguishes two alerts with the same text, so the second restarts the timer. */
  id: number;
}
export interface AlertActions {
  showAlert(alert: AlertInput): void;
  closeAlert(): void;
}

const AlertActionsContext = createContext<AlertActions | null>(null);
const CurrentAlertContext = createContext<ShownAlert | null>(null);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<ShownAlert | null>(null);
  const nextId = useRef(1);

  const showAlert = useCallback((input: AlertInput) => {
    const shown = { ...input, id: nextId.current++ };
    setAlert(shown);
    reportAlert(shown);
  }, []);
  const closeAlert = useCallback(() => setAlert(null), []);
  const actions = useMemo(() => ({ showAlert, closeAlert }), [showAlert, closeAlert]);

  const alertId = alert?.id;
  useEffect(() => {
    if (alertId === undefined) return;
    const timer = setTimeout(
      () => setAlert((current) => (current?.id === alertId ? null : current)),
      ALERT_AUTO_CLOSE_MS,
    );
    return () => clearTimeout(timer);
  }, [alertId]);

  return (
    <AlertActionsContext value={actions}>
      <CurrentAlertContext value={alert}>{children}</CurrentAlertContext>
    </AlertActionsContext>
  );
}

/** `showAlert({ kind, message })` and `closeAlert()`; stable across renders. */
export function useAlert(): AlertActions {
  const actions = use(AlertActionsContext);
  if (!actions) throw new Error('useAlert must be used inside <AlertProvider>');
  return actions;
}

/** The alert on screen, if any (for the banner). */
export function useCurrentAlert(): ShownAlert | null {
  return use(CurrentAlertContext);
}
