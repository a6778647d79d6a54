/**
 * What the HTTP fuzz (test/fuzz) found, one focused check each: every one was a 5xx or an answer outside the
 * JSON error shape before its fix.
 */
import { errorResponseSchema } from '@portal/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_ERROR_MESSAGE_LENGTH } from '../../src/plugins/errors.ts';
import { testAppForFile } from '../helpers/app.ts';

const t = testAppForFile();

/** The answer's error, checked to be in the JSON error shape. */
function errorOf(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return errorResponseSchema.strict().parse(response.json()).error;
}

describe('bad input found by the fuzz', () => {
  it('answers a path with broken %-encoding in the error shape (was Fastify’s own body)', async () => {
    for (const url of ['/api/config%', '/api/tracker/%C0%AF', '/%ED%A0%80?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'BAD_REQUEST',
        message: 'The address is not valid: it has a malformed %-encoding.',
      });
    }
  });

  it('answers a path parameter over the length limit in the error shape (was Fastify’s own body)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/innovative_billing/here_for_you_participants/${'a'.repeat(200)}?client_code=BRIGHTSIDE`,
    });
    expect(response.statusCode).toBe(414);
    expect(errorOf(response).message).toBe('The address is not valid: a part of its path is too long.');
  });

  it('cuts a message that echoes a huge request (the unknown path was repeated whole)', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: `/${'x'.repeat(5000)}` });
    expect(response.statusCode).toBe(404);
    const { message } = errorOf(response);
    expect(message.startsWith('No such endpoint: PATCH /xxx')).toBe(true);
    expect(message.length).toBe(MAX_ERROR_MESSAGE_LENGTH);
  });

  it('says more than the status phrase when a plugin refuses a file (was "Forbidden")', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html%00' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'BAD_REQUEST', message: 'This address may not be read.' });
  });

  it('rejects an export from a malformed date instead of comparing it (was a 500)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/export?account_id=demo-home&from=-0001-01-01&to=2026-11-22',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/^Invalid querystring: from: Expected a date as YYYY-MM-DD/);
  });

  it('rejects a week in year 9999, whose arithmetic ran into year 10000 (was a 500)', async () => {
    for (const from of ['9999-12-27', '3000-01-01']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/tracker/usage?account_id=demo-home&from=${from}`,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(
        'Invalid querystring: from: Expected a date as YYYY-MM-DD, from 1900 to 2999',
      );
    }
  });

  it('rejects a visit record whose address has a NUL, which PostgreSQL cannot store (was a 500)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/web_interactions',
      payload: {
        type: 'tracker_ui_visit',
        source: 'trust',
        page_name: 'landing',
        url: 'a\u0000b',
        additional_data: { event_time: '2026-11-20T10:00:00+10:00' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Invalid body: url: An address has no control characters');
  });
});
