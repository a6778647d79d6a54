/**
 * Server-side error reporting (Sentry), on only when SENTRY_DSN is configured. The SDK is loaded lazily so a
 * deployment without a DSN never pays for it.
 */
type SentryModule = typeof import('@sentry/node');

let sentry: SentryModule | undefined;

export async function initErrorReporting(dsn: string | null | undefined, environment: string): Promise<void> {
  if (!dsn || sentry) return;
  const module = await import('@sentry/node');
  module.init({ dsn, environment });
  sentry = module;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  sentry?.captureException(error, context ? { extra: context } : undefined);
}

export const errorReportingEnabled = () => sentry !== undefined;
