/**
 * The Tracker's insights beyond the week on the demo data (issue 28): this quarter against last year (GET
 * /api/tracker/quarter_comparison): its figures agree with the usage answer's forecast, its parts add up, and
 * it has the access rules and error shape of every account call.
 */
import { errorResponseSchema, quarterComparisonSchema, usageResponseSchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../helpers/app.ts';

const t = testAppForFile();

const get = (url: string, query: Record<string, string>, remoteAddress = '10.40.0.1') =>
  t.app.inject({ method: 'GET', url, query, remoteAddress });

describe('GET /api/tracker/quarter_comparison', () => {
  it.each(['demo-home', 'demo-solar', 'demo-business'])(
    '%s: this quarter so far is the forecast’s spend so far, and the parts add up to the difference',
    async (account) => {
      const response = await get('/api/tracker/quarter_comparison', { account_id: account });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('private');
      const body = quarterComparisonSchema.parse(response.json());
      const usage = usageResponseSchema.parse(
        (await get('/api/tracker/usage', { account_id: account })).json(),
      );
      expect(body.quarter_start).toBe(usage.forecast.quarter_start);
      expect(body.this_year.total).toBe(usage.forecast.spend_to_date);
      expect(body.this_year.days_with_data).toBe(usage.forecast.days_with_data);
      expect(body.projected_total).toBe(usage.forecast.projected_total);
      const cents = (value: number) => Math.round(value * 100);
      if (body.enough_data) {
        expect(body.parts.map((part) => part.part).slice(0, 3)).toEqual(['days', 'usage', 'prices']);
        expect(body.parts.reduce((sum, part) => sum + cents(part.amount), 0)).toBe(
          cents(body.difference ?? Number.NaN),
        );
        expect(cents(body.difference ?? 0)).toBe(
          cents(body.this_year.total) - cents(body.same_dates_last_year.total),
        );
      } else {
        expect(body.parts).toEqual([]);
        expect(body.method[0]).toMatch(/^Not enough data to compare with last year yet/);
      }
    },
  );

  it('says there is not enough data for an account without meter data', async () => {
    const body = quarterComparisonSchema.parse(
      (await get('/api/tracker/quarter_comparison', { account_id: 'demo-new' })).json(),
    );
    expect(body).toMatchObject({ enough_data: false, difference: null, parts: [] });
    expect(body.this_year.total).toBe(0);
  });

  it.each([
    [{ account_id: 'x' }, 422],
    [{ account_id: 'nobody-here' }, 401],
    [{ account_id: 'demo-other' }, 403],
    [{}, 422],
  ])('answers %j with %i in the error shape', async (query, status) => {
    const response = await get(
      '/api/tracker/quarter_comparison',
      query as Record<string, string>,
      `10.41.${status}.1`,
    );
    expect(response.statusCode).toBe(status);
    errorResponseSchema.parse(response.json());
  });
});
