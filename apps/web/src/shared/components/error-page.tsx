/**
 * The router's error element (docs/api.md#errors Generic): 'Unexpected Application Error!', the status and status
 * text of an error response or the error's message, and the stack trace when there is one. Reporting
 * happens once per error in the RouterProvider's onError, not here (this re-renders).
 */
import { copy, messages, paths } from '@portal/contracts';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

export interface ErrorDetails {
  summary: string;
  stack: string | undefined;
}

export function describeRouteError(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    return { summary: `${error.status} ${error.statusText}`.trim(), stack: undefined };
  }
  if (error instanceof Error) {
    return { summary: error.message, stack: error.stack };
  }
  return {
    summary: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)),
    stack: undefined,
  };
}

export function ErrorPage() {
  const { summary, stack } = describeRouteError(useRouteError());
  useDocumentTitle(messages.unexpectedError);
  return (
    <section className="page error-page">
      <h1>{messages.unexpectedError}</h1>
      <p className="error-page__summary">{summary}</p>
      {stack && (
        // Focusable so that a long trace can be scrolled by keyboard (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <pre className="error-page__stack" tabIndex={0}>
          {stack}
        </pre>
      )}
      <p>
        <Link to={paths.landing.href()}>{copy.backToHome}</Link>
      </p>
    </section>
  );
}

/** For an error in the layout itself: the error page without the furniture that failed. */
export function RootErrorPage() {
  return (
    <main id="main" className="main">
      <ErrorPage />
    </main>
  );
}
