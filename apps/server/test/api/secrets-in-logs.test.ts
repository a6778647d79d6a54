/**
 * No credential reaches a log or an error report (issue 25 item 4, docs/reliability.md#logs-and-error-reports):
 * the app logs as the server does (its own logger options, every level) into a buffer and reports its errors
 * with the real Sentry SDK to a local stand-in for Sentry. Every call of the registry, every screen of the web
 * app and a few addresses no route has are requested with account ids (demo ones and an unguessable one) in
 * their path, query and body and with genuine email-link tokens; then the database is broken so that the same
 * requests fail with 500 and are reported. Neither the log nor any report may hold an id or a token.
 */
import { Writable } from 'node:stream';
import {
  demoAccountIds,
  type EndpointSpec,
  endpointPath,
  endpoints,
  paths,
  serverPrefixes,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePublicId } from '../../src/domains/accounts/public-id.ts';
import { linkSecret, signLink } from '../../src/domains/subscriptions/links.ts';
import { flushErrorReports, initErrorReporting } from '../../src/lib/error-reporting.ts';
import { testAppForFile } from '../helpers/app.ts';
import { type FakeSentry, startFakeSentry } from '../helpers/fake-sentry.ts';
import { createWebDist } from '../helpers/web-dist.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const web = createWebDist();
const t = testAppForFile({ WEB_DIST_DIR: web.dir, LOG_LEVEL: 'trace' }, { logStream });
let sentry: FakeSentry;

beforeAll(async () => {
  sentry = await startFakeSentry();
  await initErrorReporting(sentry.dsn, 'test');
});
afterAll(async () => {
  await sentry?.close();
  web.remove();
});

/** An id of the form real accounts get: no account has it, so it is answered 401, and logged all the same. */
const unknownId = generatePublicId();
const ids = [demoAccountIds.home, demoAccountIds.solar, unknownId];
const tokens: string[] = [];

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}

/** Every call of the registry naming `id` where its guard reads it, and every email link with each token. */
function calls(id: string): Request[] {
  return (Object.values(endpoints) as EndpointSpec[]).flatMap((endpoint): Request[] => {
    const guard = endpoint.guard;
    const params = guard?.in === 'params' ? { [guard.key]: id } : {};
    const path = `${serverPrefixes[endpoint.base]}${endpointPath(endpoint, params)}`;
    const query = new URLSearchParams({ from: '2026-11-16', client_code: 'BRIGHTSIDE' });
    if (guard?.in === 'query') query.set(guard.key, id);
    const body =
      guard?.in === 'body'
        ? JSON.stringify({
            [guard.key]: id,
            subscribed: true,
            timeslot: '11am-2pm',
            client_code: 'BRIGHTSIDE',
          })
        : endpoint.method === 'GET'
          ? undefined
          : JSON.stringify({ account_identifier: id, client_code: 'BRIGHTSIDE' });
    const headers = body === undefined ? undefined : { 'content-type': 'application/json' };
    const token = endpoint.token;
    if (token) {
      return tokens.map((value) => ({
        method: endpoint.method,
        url: `${path}?${token.key}=${value}`,
        ...(endpoint.method === 'GET'
          ? {}
          : {
              payload: 'List-Unsubscribe=One-Click',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }),
      }));
    }
    return [{ method: endpoint.method, url: `${path}?${query}`, payload: body, headers }];
  });
}

/** Every screen of the web app naming `id`, and addresses no route has that hold it. */
function pages(id: string): Request[] {
  const html = { accept: 'text/html' };
  return [
    paths.usage.href(id, '2026-11-16', 2),
    paths.settings.href(id),
    paths.feedback.href(id),
    paths.reduceAndReward.href(id),
    paths.event.href(id, '1'),
    paths.offerExpired.href(id),
    paths.happyHoursSignup.href(id),
    paths.happyHoursChangeSlot.href(id),
    paths.happyHoursChangeConfirmation.href(id, '11am-2pm'),
    paths.happyHoursConfirmation.href(id, '11am-2pm'),
    paths.happyHoursAlreadyRegistered.href(id),
    paths.optOut.href(id),
    paths.optBackIn.href(id),
    paths.survey.href(id, 'usage'),
    paths.smeSurvey.href(id),
    paths.plans.href(id),
    `/new/usgae/${id}`,
    `/new/usage/${id}/2026-11-16/2/more`,
    `/api/tracker/usage/${id}`,
    `/innovative_billing/here_for_you_participants/${id}/nothing`,
    `/new/usage/${id}/%E0%A4%A`,
  ].flatMap((url) => [
    { method: 'GET' as const, url, headers: html },
    { method: 'GET' as const, url },
  ]);
}

/** Sends the requests over HTTP, as clients do (the SDK reads a request from the socket's server). */
async function send(requests: Request[]) {
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => listening(t.app));
  const statuses: number[] = [];
  for (const request of requests) {
    const response = await fetch(`${origin}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.payload,
      redirect: 'manual',
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

function listening(app: typeof t.app): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Each credential, and each part of a token (its payload names the account; its signature is the key's). */
function secrets(): string[] {
  return [...ids, ...tokens, ...tokens.flatMap((token) => token.split('.'))];
}

/** Fails naming the first credential found, with the text around it (not the whole log). */
function expectNoSecret(text: string, where: string) {
  const leaks = secrets().flatMap((secret) => {
    const at = text.indexOf(secret);
    return at < 0 ? [] : [`${secret} in ${where}: …${text.slice(Math.max(0, at - 200), at + 100)}…`];
  });
  expect(leaks.slice(0, 1)).toEqual([]);
}

describe('credentials in logs and error reports', () => {
  let failed = 0;

  beforeAll(async () => {
    const secret = await linkSecret(t.db, t.config);
    for (const id of [demoAccountIds.home, demoAccountIds.solar]) {
      tokens.push(
        signLink(secret, { k: 'click', a: id, p: paths.usage.href(id) }),
        signLink(secret, { k: 'unsubscribe', a: id }),
      );
    }
    const answered = await send(ids.flatMap((id) => [...calls(id), ...pages(id)]));
    expect(answered.filter((status) => status >= 500)).toEqual([]);

    // A database that fails under the requests: every look-up of an account by its public id is a 500.
    await t.db.execute(sql`alter table accounts rename column public_id to public_id_gone`);
    try {
      const broken = await send(ids.flatMap(calls));
      failed = broken.filter((status) => status === 500).length;
    } finally {
      await t.db.execute(sql`alter table accounts rename column public_id_gone to public_id`);
    }
  });

  it('logs every request, with the placeholders where the credentials were', () => {
    const records = logLines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    const urls = records.flatMap((record) => (record.msg === 'incoming request' ? [record.req?.url] : []));
    expect(urls.length).toBeGreaterThan(200);
    expect(urls).toContain(`/new/usage/:accountId/2026-11-16/2`);
    expect(urls).toContain('/api/tracker/usage?from=2026-11-16&client_code=BRIGHTSIDE&account_id=[redacted]');
    expect(urls).toContain('/api/email/click?t=[redacted]');
  });

  it('logs the failures with their query but not its parameters', () => {
    expect(failed).toBeGreaterThan(20);
    const failures = logLines.filter((line) => line.includes('"request failed"'));
    expect(failures).toHaveLength(failed);
    expect(failures.join('\n')).toContain('public_id');
  });

  it('has no account id and no link token anywhere in the log', () => {
    expectNoSecret(logLines.join('\n'), 'the log');
  });

  it('reports the failures to Sentry, without any account id or link token', async () => {
    await flushErrorReports();
    // The SDK drops an event identical to the one before it: fewer reports than failures, never none. Only
    // the failures are reported (no 4xx), each with the request it failed and its query without the values.
    const events = sentry.events() as {
      request?: { url?: string };
      exception?: { values?: { type?: string; value?: string }[] };
    }[];
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.exception?.values?.at(-1)?.type).toBe('DrizzleQueryError');
      expect(event.exception?.values?.at(-1)?.value).toMatch(/^Failed query: select/);
      expect(event.request?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    }
    for (const envelope of sentry.envelopes) expectNoSecret(envelope, 'a report');
  });
});
