/**
 * Server-side error reporting (Sentry), on only when SENTRY_DSN is configured. The SDK is loaded lazily so a
 * deployment without a DSN never pays for it. No report carries a credential (docs/reliability.md#logs-and-error-reports):
 * every event and breadcrumb passes contracts' rule before it leaves, a reported error loses its query's
 * values, and the credentials of the request that failed are removed wherever they appear in its report.
 */
import { redactReport } from '@portal/contracts';
import { errorWithoutValues, type LoggedError, withoutParameters } from './redaction.ts';

type SentryModule = typeof import('@sentry/node');

let sentry: SentryModule | undefined;

/** How long the last reports may take to leave when the server stops. */
const FLUSH_TIMEOUT_MS = 2_000;

export async function initErrorReporting(dsn: string | null | undefined, environment: string): Promise<void> {
  if (!dsn || sentry) return;
  const module = await import('@sentry/node');
  module.init({
    dsn,
    environment,
    // The error handler reports the 500s itself (plugins/errors.ts), with the route and without credentials;
    // the SDK's own Fastify hook would report every error a handler throws, 4xx answers included.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
    beforeSend: (event) => {
      for (const exception of event.exception?.values ?? []) {
        if (exception.value) exception.value = withoutParameters(exception.value);
      }
      return redactReport(event);
    },
    beforeBreadcrumb: (breadcrumb) => redactReport(breadcrumb),
  });
  sentry = module;
}

/** Reports an unexpected error; `credentials` (the request's, lib/redaction.ts) are removed from the report. */
export function reportError(
  error: unknown,
  context?: Record<string, unknown>,
  credentials: readonly string[] = [],
): void {
  const reporting = sentry;
  if (!reporting) return;
  reporting.withScope((scope) => {
    scope.addEventProcessor((event) => redactReport(event, credentials));
    reporting.captureException(withoutValues(error), context ? { extra: context } : undefined);
  });
}

/** A copy of an error for the SDK (which reads message, stack and causes) without its query's values. */
function withoutValues(error: unknown): unknown {
  return error instanceof Error ? asError(errorWithoutValues(error)) : error;
}

function asError(logged: LoggedError): Error {
  const copy = new Error(logged.message);
  copy.name = logged.type;
  if (logged.stack) copy.stack = logged.stack;
  const cause = logged.cause as LoggedError | undefined;
  if (cause && typeof cause === 'object' && typeof cause.message === 'string') copy.cause = asError(cause);
  else if (cause !== undefined) copy.cause = cause;
  return copy;
}

/** Sends the reports still on their way (before the process exits). */
export async function flushErrorReports(): Promise<void> {
  await sentry?.flush(FLUSH_TIMEOUT_MS);
}

export const errorReportingEnabled = () => sentry !== undefined;
