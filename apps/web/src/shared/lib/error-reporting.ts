/**
 * Error reporting (docs/api.md#calls): every alert shown and every routing error go to Sentry when the configuration
 * carries a DSN. The SDK is imported on demand, so it is not part of the initial bundle, and nothing is
 * loaded at all without a DSN. No report carries an account id (docs/reliability.md#logs-and-error-reports):
 * every event and breadcrumb passes contracts' rule before it leaves, and every credential the page has seen
 * (its address, navigation and calls) is removed wherever it appears.
 */
import type { AlertKind, ClientConfig } from '@portal/contracts';

type SentryModule = typeof import('@sentry/react');
/** Loaded with the SDK, so that a first load without a DSN does not carry it. */
type Redaction = typeof import('@portal/contracts/redaction');
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
  loadRedaction: () => Promise<Redaction> = () => import('@portal/contracts/redaction'),
): Promise<void> {
  const { sentryDsn, environment } = config;
  if (!sentryDsn) {
    sentry = null;
    return Promise.resolve();
  }
  sentry = Promise.all([load(), loadRedaction()]).then(
    ([module, redaction]) => {
      const redact = <T>(report: T): T => redaction.redactReport(report, remember(redaction, report));
      module.init({ dsn: sentryDsn, environment, beforeSend: redact, beforeBreadcrumb: redact });
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

/**
 * The credentials seen since the page loaded (in its address, its navigation, its calls): a message may name
 * an account before or after the address that shows it is one, as when the customer moves between accounts.
 */
const seenCredentials = new Set<string>();
const MAX_SEEN_CREDENTIALS = 100;

function remember(redaction: Redaction, report: unknown): Set<string> {
  const found = [
    ...redaction.credentialsInUrl(window.location.href),
    ...redaction.credentialsInReport(report),
  ];
  for (const credential of found) {
    if (seenCredentials.size < MAX_SEEN_CREDENTIALS) seenCredentials.add(credential);
  }
  return seenCredentials;
}

/** Reports an alert the customer saw (docs/api.md#calls: all errors are reported). */
export function reportAlert(alert: { kind: AlertKind; message: string }): void {
  void sentry?.then((module) => module?.captureMessage(alert.message, severityOf[alert.kind]));
}

/** Reports an exception, e.g. a routing error shown on the error page. */
export function reportError(error: unknown): void {
  void sentry?.then((module) => module?.captureException(error));
}
