/** The access guard of docs/access.md and the JSON error shape of docs/reliability.md, through the real app. */
import { Readable } from 'node:stream';
import { errorResponseSchema, messages } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/app.ts';
import { VISIT_BODY_LIMIT_BYTES } from '../../src/domains/interactions/routes.ts';
import { testAppForFile } from '../helpers/app.ts';
import { expectSecurityHeaders } from '../helpers/security-headers.ts';

const t = testAppForFile({ ACCOUNT_LOOKUP_FAILURES: '3', ACCOUNT_LOOKUP_WINDOW_SECONDS: '60' });

const customer = (accountId: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: '/api/accounts/customer',
    query: { account_id: accountId },
    remoteAddress,
  });

describe('account access', () => {
  it('answers a known account of this retailer', async () => {
    const response = await customer('demo-home');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      budget: 40,
      no_email: false,
      email_click_count: 0,
      completed_survey: false,
      market_segment: 'residential',
    });
  });

  it.each([
    ['malformed', 'x', 422, 'INVALID_ACCOUNT_ID', messages.invalidAccountId],
    ['malformed with a slash', 'demo/home', 422, 'INVALID_ACCOUNT_ID', messages.invalidAccountId],
    ['unknown', 'no-such-account', 401, 'UNKNOWN_ACCOUNT', messages.invalidAccountId],
    ["another retailer's", 'demo-other', 403, 'WRONG_PROVIDER', messages.wrongProvider],
  ])('answers a %s id with %i', async (_what, id, status, code, message) => {
    const response = await customer(id, `10.1.${status}.${id.length}`);
    expect(response.statusCode).toBe(status);
    expect(errorResponseSchema.parse(response.json())).toEqual({ error: { code, message } });
  });

  it('answers a missing id with 422', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/customer',
      remoteAddress: '10.2.0.1',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(messages.invalidAccountId);
  });

  it('blocks an address after too many failed look-ups, and only that address', async () => {
    const guesser = '10.9.9.9';
    for (const guess of ['guess-0001', 'guess-0002', 'guess-0003']) {
      expect((await customer(guess, guesser)).statusCode).toBe(401);
    }
    const blocked = await customer('demo-home', guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders(blocked, 'a 429');
    expect((await customer('demo-home', '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('error shape', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/web_interactions',
      headers: { 'content-type': 'application/json' },
      payload: '{"type": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
  });

  it('answers an oversized body with a 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/web_interactions',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'x'.repeat(20_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits request bodies, globally and per route, with a 413 in the error shape', async () => {
    const body = (bytes: number) => JSON.stringify({ padding: 'x'.repeat(bytes - 16) });
    const send = (
      method: 'POST' | 'PATCH',
      url: string,
      payload: string | Readable,
      type = 'application/json',
    ) =>
      t.app.inject({ method, url, headers: { 'content-type': type }, payload, remoteAddress: '10.20.0.1' });
    const over = BODY_LIMIT_BYTES + 1024;
    const tooLarge = [
      await send('POST', '/api/settings/spend_target', body(over)),
      await send('PATCH', '/api/accounts/update_profile', body(over)),
      await send(
        'POST',
        '/api/email/unsubscribe?t=x',
        `a=${'x'.repeat(over)}`,
        'application/x-www-form-urlencoded',
      ),
      // Without a content-length (chunked): counted while it arrives.
      await send('POST', '/api/settings/spend_target', Readable.from([body(over)])),
      await send('POST', '/api/web_interactions', body(VISIT_BODY_LIMIT_BYTES + 1024)),
    ];
    for (const response of tooLarge) {
      expect(response.statusCode).toBe(413);
      expect(errorResponseSchema.parse(response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    // Under each limit the body is read and judged on its content instead.
    expect(
      (await send('POST', '/api/settings/spend_target', body(BODY_LIMIT_BYTES - 1024))).statusCode,
    ).not.toBe(413);
    expect(
      (await send('POST', '/api/web_interactions', body(VISIT_BODY_LIMIT_BYTES - 1024))).statusCode,
    ).toBe(400);
  });

  it('answers an unsupported content type with a 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/web_interactions',
      headers: { 'content-type': 'text/xml' },
      payload: '<visit/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
