/** POST /api/web_interactions (docs/api.md): validated, stored, limited. */
import { errorResponseSchema, type WebInteraction } from '@portal/contracts';
import { desc } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webInteractions } from '../../src/db/schema.ts';
import { testAppForFile } from '../helpers/app.ts';
import { expectSecurityHeaders } from '../helpers/security-headers.ts';

const t = testAppForFile({ INTERACTIONS_PER_MINUTE: '5' });

const visit = (overrides: Partial<WebInteraction> = {}): WebInteraction => ({
  type: 'tracker_ui_visit',
  source: 'trust',
  account_identifier: 'demo-home',
  page_name: 'feedback',
  url: 'http://localhost:3000/new/feedback/demo-home',
  additional_data: { event_time: '2026-11-20T09:15:00.000Z' },
  ...overrides,
});

let address = 0;
const post = (payload: unknown, remoteAddress = `10.3.0.${++address}`) =>
  t.app.inject({ method: 'POST', url: '/api/web_interactions', payload: payload as object, remoteAddress });

const latest = async () => {
  const [row] = await t.db.select().from(webInteractions).orderBy(desc(webInteractions.id)).limit(1);
  return row;
};

describe('visit records', () => {
  it('stores a visit of an account', async () => {
    const response = await post(visit());
    expect(response.statusCode).toBe(204);
    const row = await latest();
    expect(row?.pageName).toBe('feedback');
    expect(row?.url).toBe('http://localhost:3000/new/feedback/demo-home');
    expect(row?.eventTime.toISOString()).toBe('2026-11-20T09:15:00.000Z');
    expect(row?.accountId).not.toBeNull();
  });

  it('stores a landing visit without an account', async () => {
    const response = await post(
      visit({ account_identifier: null, page_name: 'landing', url: 'http://localhost/' }),
    );
    expect(response.statusCode).toBe(204);
    const row = await latest();
    expect(row?.pageName).toBe('landing');
    expect(row?.accountId).toBeNull();
  });

  it('refuses a visit naming an unknown account', async () => {
    const response = await post(visit({ account_identifier: 'nobody-at-all' }));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a record of another type with a clear message', async () => {
    const response = await post({ ...visit(), type: 'click' });
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toContain('type');
  });

  it('limits flooding per address', async () => {
    const flooder = '10.4.0.1';
    const responses = [];
    for (let i = 0; i < 7; i++) responses.push(await post(visit(), flooder));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = responses[6] as (typeof responses)[number];
    expect(errorResponseSchema.parse(limited.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders(limited, 'a 429 of the rate-limit plugin');
    expect((await post(visit(), '10.4.0.2')).statusCode).toBe(204);
  });

  it('never answers arbitrary bodies with a 5xx, and rejects them in the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({
            type: fc.constantFrom('tracker_ui_visit', 'other'),
            source: fc.constant('trust'),
            account_identifier: fc.oneof(fc.constant('demo-home'), fc.string(), fc.constant(null)),
            page_name: fc.oneof(fc.constant('landing'), fc.string()),
            url: fc.string(),
            additional_data: fc.oneof(fc.anything(), fc.record({ event_time: fc.string() })),
          }),
        ),
        async (payload) => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/web_interactions',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload) ?? 'null',
            remoteAddress: `10.5.${++address % 250}.${address % 200}`,
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) errorResponseSchema.parse(response.json());
        },
      ),
      { numRuns: 200 },
    );
  });
});
