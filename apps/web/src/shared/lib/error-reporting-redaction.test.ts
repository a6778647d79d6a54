/**
 * No report from the browser carries an account id (issue 25 item 4, docs/reliability.md#logs-and-error-reports):
 * the real Sentry SDK, started by initErrorReporting with its own defaults (page URL, navigation, fetch and
 * console breadcrumbs), sends through a transport that keeps every envelope; the page, its navigation, a call
 * and the error messages all name accounts.
 */
import * as Sentry from '@sentry/react';
import { afterEach, expect, it, vi } from 'vitest';
import { initErrorReporting, reportAlert, reportError } from './error-reporting.ts';

const sent: string[] = [];
const decoder = new TextDecoder();

/** The real SDK, whose reports go to `sent` instead of the network. */
async function sdkSendingToMemory() {
  const module = await import('@sentry/react');
  return {
    ...module,
    init: (options: Parameters<typeof module.init>[0]) =>
      module.init({
        ...options,
        transport: (transportOptions) =>
          module.createTransport(transportOptions, async (request) => {
            sent.push(typeof request.body === 'string' ? request.body : decoder.decode(request.body));
            return { statusCode: 200 };
          }),
      }),
  } as typeof module;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

it('sends no account id: not in the page URL, the breadcrumbs, the calls nor the messages', async () => {
  window.history.replaceState(null, '', '/new/usage/demo-home/2026-11-16');
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
  await initErrorReporting(
    { sentryDsn: 'https://public@sentry.example/1', environment: 'test' },
    sdkSendingToMemory,
  );

  window.history.pushState(null, '', '/new/settings/demo-solar');
  await fetch('/api/tracker/usage?account_id=demo-home&from=2026-11-16');
  await fetch('/innovative_billing/here_for_you_participants/demo-happy/opt_out', { method: 'POST' });
  console.info('Loaded the week of demo-home');
  reportAlert({ kind: 'error', message: 'Error getting usage data. Please try again.' });
  reportError(
    new Error(
      'GET /innovative_billing/daytime_saver_participants/demo-happy failed: no answer from the server',
    ),
  );
  await vi.waitFor(() =>
    expect(sent.filter((envelope) => envelope.includes('"type":"event"'))).toHaveLength(2),
  );
  await Sentry.flush(2_000);

  const everything = sent.join('\n');
  expect(everything).toContain('/new/settings/:accountId');
  expect(everything).toContain('account_id=[redacted]');
  for (const id of ['demo-home', 'demo-solar', 'demo-happy']) expect(everything).not.toContain(id);
});
