/**
 * Error reporting (docs/api.md#calls): every alert shown and every routing error go to Sentry when the configuration
 * carries a DSN. The SDK is imported on demand, so it is not part of the initial bundle, and nothing is
 * loaded at all without a DSN.
 */
import type { AlertKind, ClientConfig } from '@portal/contracts';

type SentryModule = typeof import('@sentry/react');
type SeverityLevel = 'error' | 'warning' | 'info';

const severityOf: Record<AlertKind, SeverityLevel> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
  success: 'info',
};

let sentry: Promise<SentryModule | null> | null = null;

/** Starts reporting when a DSN is configured; resolves once the SDK is ready (or failed to load). */
export function initErrorReporting(
  config: Pick<ClientConfig, 'sentryDsn' | 'environment'>,
  load: () => Promise<SentryModule> = () => import('@sentry/react'),
): Promise<void> {
  const { sentryDsn, environment } = config;
  if (!sentryDsn) {
    sentry = null;
    return Promise.resolve();
  }
  sentry = load().then(
    (module) => {
      module.init({ dsn: sentryDsn, environment });
      return module;
    },
    (error: unknown) => {
      // Reporting must never break the portal: a blocked or failed download only costs the reports.
      console.warn('Error reporting could not be loaded', error);
      return null;
    },
  );
  return sentry.then(() => undefined);
}

/** Reports an alert the customer saw (docs/api.md#calls: all errors are reported). */
export function reportAlert(alert: { kind: AlertKind; message: string }): void {
  void sentry?.then((module) => module?.captureMessage(alert.message, severityOf[alert.kind]));
}

/** Reports an exception, e.g. a routing error shown on the error page. */
export function reportError(error: unknown): void {
  void sentry?.then((module) => module?.captureException(error));
}
