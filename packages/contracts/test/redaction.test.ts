/**
 * The one rule that keeps credentials out of logs and error reports (src/redaction.ts): for every call of the
 * registry and every screen of the web app, a URL naming an account reads the same whatever the account, and
 * what else it says (dates, event ids, files) is kept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EndpointSpec, endpointPath, endpoints, serverPrefixes } from '../src/endpoints.ts';
import { paths } from '../src/paths.ts';
import {
  credentialFields,
  credentialsInUrl,
  REDACTED,
  redactReport,
  redactText,
  redactUrl,
} from '../src/redaction.ts';

/** Every URL of the registry's calls and the web app's screens that names `id` (or an email link's `token`). */
function urlsNaming(id: string, token: string): string[] {
  const named = (Object.values(endpoints) as EndpointSpec[]).filter(
    (endpoint) => (endpoint.guard && endpoint.guard.in !== 'body') || endpoint.token,
  );
  const calls = named.map((endpoint) => {
    const guard = endpoint.guard;
    const params = guard?.in === 'params' ? { [guard.key]: id } : {};
    const base = `${serverPrefixes[endpoint.base]}${endpointPath(endpoint, params)}`;
    const query = new URLSearchParams({ from: '2026-11-16' });
    if (guard?.in === 'query') query.set(guard.key, id);
    if (endpoint.token) query.set(endpoint.token.key, token);
    return `${base}?${query}`;
  });
  const screens = [
    paths.usage.href(id),
    paths.usage.href(id, '2026-11-16', 3),
    paths.settings.href(id),
    paths.feedback.href(id),
    paths.reduceAndReward.href(id),
    paths.event.href(id, '42'),
    paths.event.href(id, '42').replace('/Event/', '/event/'),
    paths.offerExpired.href(id),
    paths.happyHoursSignup.href(id),
    paths.happyHoursChangeSlot.href(id),
    paths.happyHoursChangeConfirmation.href(id, '11am-2pm'),
    paths.happyHoursConfirmation.href(id, '11am-2pm'),
    paths.happyHoursAlreadyRegistered.href(id),
    paths.optOut.href(id),
    paths.optBackIn.href(id),
    paths.survey.href(id, 'usage'),
    paths.plans.href(id),
    paths.smeSurvey.href(id),
  ];
  return [...calls, ...screens, ...screens.map((screen) => `https://portal.example${screen}/`)];
}

describe('redacting URLs', () => {
  it('knows the credential fields from the registry', () => {
    expect([...credentialFields].sort()).toEqual(['accountId', 'account_id', 'account_identifier', 't']);
  });

  it('names the parameter in a known path and keeps the rest', () => {
    expect(redactUrl('/new/usage/demo-home/2026-11-16/3')).toBe('/new/usage/:accountId/2026-11-16/3');
    expect(redactUrl('/ReduceAndReward/demo-home/Event/42')).toBe('/ReduceAndReward/:accountId/Event/42');
    expect(redactUrl('/innovative_billing/here_for_you_participants/demo-home/opt_out')).toBe(
      '/innovative_billing/here_for_you_participants/:accountId/opt_out',
    );
    expect(redactUrl('/api/tracker/usage?account_id=demo-home&from=2026-11-16')).toBe(
      `/api/tracker/usage?account_id=${REDACTED}&from=2026-11-16`,
    );
    expect(redactUrl('https://portal.example/api/email/click?t=eyJrIjoi.c2ln#x')).toBe(
      `https://portal.example/api/email/click?t=${REDACTED}#x`,
    );
    // However the key is spelt, and on a path no route has.
    expect(redactUrl('/api/nowhere?account%5Fid=demo-home&t=x')).toBe(
      `/api/${REDACTED}?account%5Fid=${REDACTED}&t=${REDACTED}`,
    );
  });

  it('redacts every segment of an unknown path that could be an id, but no word of the portal', () => {
    expect(redactUrl('/new/usgae/demo-home')).toBe(`/new/${REDACTED}/${REDACTED}`);
    expect(redactUrl('/new/usage/demo-home/2026-11-16/3/extra')).toBe(
      `/new/usage/${REDACTED}/${REDACTED}/3/${REDACTED}`,
    );
    expect(redactUrl('/api/tracker/usage/demo%2Dhome')).toBe(`/api/tracker/usage/${REDACTED}`);
    // Cannot be public ids: too short, a dot, a malformed escape.
    expect(redactUrl('/x/favicon.svg/%E0%A4%A')).toBe('/x/favicon.svg/%E0%A4%A');
  });

  it("keeps the web app's files and the API documentation", () => {
    expect(redactUrl('/assets/index-Bx12_a.js')).toBe('/assets/index-Bx12_a.js');
    expect(redactUrl('/api/docs/json')).toBe('/api/docs/json');
    expect(redactUrl('/')).toBe('/');
    expect(redactUrl('')).toBe('');
  });

  it('leaves a pattern that is already redacted as it is', () => {
    const pattern = '/innovative_billing/daytime_saver_participants/:accountId';
    expect(redactUrl(pattern)).toBe(pattern);
    expect(credentialsInUrl(pattern)).toEqual([]);
  });

  it('reads the same whatever the account and token (property)', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_-]{4,64}$/);
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}\.[A-Za-z0-9_-]{8,43}$/);
    fc.assert(
      fc.property(id, id, token, token, (a, b, tokenA, tokenB) => {
        const redactedA = urlsNaming(a, tokenA).map(redactUrl);
        const redactedB = urlsNaming(b, tokenB).map(redactUrl);
        expect(redactedA).toEqual(redactedB);
        for (const url of urlsNaming(a, tokenA)) {
          expect(credentialsInUrl(url)).toEqual(expect.arrayContaining([expect.any(String)]));
        }
      }),
    );
  });
});

describe('redacting text and reports', () => {
  it('redacts fields, URLs and requests in text, and what was found elsewhere', () => {
    expect(redactText('{"account_id":"demo-home","n":1}')).toBe(`{"account_id":"${REDACTED}","n":1}`);
    expect(redactText('fetch https://p.example/new/usage/demo-home failed')).toBe(
      'fetch https://p.example/new/usage/:accountId failed',
    );
    expect(redactText('No such endpoint: PATCH /new/usage/demo-home')).toBe(
      'No such endpoint: PATCH /new/usage/:accountId',
    );
    expect(redactText('params: demo-home,2026-11-16', ['demo-home'])).toBe(`params: ${REDACTED},2026-11-16`);
  });

  it('redacts a whole error event: request, breadcrumbs, messages', () => {
    const event = {
      message: 'Could not draw the week of demo-solar',
      request: {
        url: 'https://portal.example/new/usage/demo-solar',
        query_string: 'account_id=demo-solar&t=abcdefgh.ijkl',
        headers: { Referer: 'https://portal.example/new/settings/demo-home' },
      },
      breadcrumbs: [
        { category: 'navigation', data: { from: '/new/settings/demo-home', to: '/new/usage/demo-solar' } },
        { category: 'fetch', data: { url: '/api/tracker/usage?account_id=demo-solar', method: 'GET' } },
        { category: 'console', message: 'loading demo-home' },
      ],
      extra: { account_identifier: 'demo-happy', nested: [{ accountId: 'demo-business' }] },
      exception: { values: [{ value: 'Failed for demo-business' }] },
    };
    const redacted = JSON.stringify(redactReport(event));
    for (const secret of ['demo-home', 'demo-solar', 'demo-happy', 'demo-business', 'abcdefgh.ijkl']) {
      expect(redacted).not.toContain(secret);
    }
    expect(redacted).toContain('/new/usage/:accountId');
    expect(redactReport({ a: 'private demo-x1' }, ['demo-x1'])).toEqual({ a: `private ${REDACTED}` });
  });

  it('cuts a cycle instead of recursing', () => {
    const cyclic: Record<string, unknown> = { url: '/new/usage/demo-home' };
    cyclic.self = cyclic;
    expect(redactReport(cyclic)).toEqual({ url: '/new/usage/:accountId', self: '[Circular]' });
  });
});
