/**
 * The Tracker's insights beyond the week on the demo data (issue 28): this quarter against last year (GET
 * /api/tracker/quarter_comparison): its figures agree with the usage answer's forecast, its parts add up, and
 * it has the access rules and error shape of every account call.
 */
import {
  addDays,
  DEMO_SIMILAR_HOMES,
  daysBetween,
  errorResponseSchema,
  QUARTER_COMPARE_MIN_DAYS,
  quarterComparisonSchema,
  similarHomesSchema,
  usageResponseSchema,
} from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { similarHomes } from '../../src/db/schema/insights.ts';
import type { AccountRow } from '../../src/db/schema.ts';
import { findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { billingQuarter } from '../../src/domains/billing/forecast.ts';
import { assignTariff, FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { type Nem12WriteRead, nem12Lines } from '../../src/domains/meter-data/nem12/index.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { previewSnapshot } from '../../src/domains/subscriptions/sender.ts';
import { quarterComparisonFor } from '../../src/domains/tracker/quarter-comparison-service.ts';
import { runSimilarHomes, similarHomesPeriod } from '../../src/domains/tracker/similar-homes-batch.ts';
import { testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();
let address = 0;
const patchProfile = (accountId: string, profile: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/accounts/update_profile',
    query: { account_id: accountId },
    payload: { profile, source: 'survey' },
    remoteAddress: `10.42.0.${++address % 250}`,
  });
const HOUSE = {
  tenancy: 'own',
  building_type: 'house',
  bedrooms_qty: '3',
  household_size: '3',
  heating_type: ['electricity_reverse_cycle'],
  hot_water_type: 'electricity',
  aircon_qty: '1',
  pool_or_spa: ['no'],
  solar_panels: 'no',
  home_battery: 'no',
  electric_car: 'no',
  load_disag: ['skip'],
};

const get = (url: string, query: Record<string, string>, remoteAddress = '10.40.0.1') =>
  t.app.inject({ method: 'GET', url, query, remoteAddress });

describe('GET /api/tracker/quarter_comparison', () => {
  it.each(['demo-home', 'demo-solar', 'demo-business', 'demo-efficient', 'demo-heavy'])(
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

  it.each([
    ['demo-efficient', 'prices'],
    ['demo-heavy', 'usage'],
  ])(
    '%s: this quarter is dearer than last year’s, most of all for its %s (the demo, issue 28 item 6)',
    async (account, cause) => {
      // As of the run's day or, in a quarter's first 14 days (too few to compare), 15 days before it, late in
      // the quarter before: the demo's story is checked every day of the year.
      const inQuarter = daysBetween(billingQuarter(suiteToday()).start, suiteToday());
      const day = inQuarter >= QUARTER_COMPARE_MIN_DAYS ? suiteToday() : addDays(suiteToday(), -15);
      const row = await findAccountByPublicId(t.db, account);
      const body = quarterComparisonSchema.parse(await quarterComparisonFor(t.db, row as AccountRow, day));
      expect(body.enough_data).toBe(true);
      expect(body.difference).toBeGreaterThan(0);
      const largest = [...body.parts].sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))[0];
      expect(largest).toMatchObject({ part: cause });
      expect(largest?.amount).toBeGreaterThan(0);
      // Both years have every day's data, as far as the demo's 15 months reach back from the day before: no days
      // part. (From 15 days back, last year's quarter begins before the demo's first day.)
      if (day === suiteToday()) expect(body.parts.find((part) => part.part === 'days')?.amount).toBe(0);
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

describe('GET /api/tracker/similar_homes and portal insights similar-homes', () => {
  const today = suiteToday();
  const similar = async (account: string) => {
    const response = await get(
      '/api/tracker/similar_homes',
      { account_id: account },
      `10.43.0.${++address % 250}`,
    );
    expect(response.statusCode).toBe(200);
    return similarHomesSchema.parse(response.json());
  };

  it('invites a customer without a profile to the survey of its segment', async () => {
    expect(await similar('demo-home')).toMatchObject({
      status: 'no_profile',
      survey_path: '/new/survey/demo-home',
    });
    expect((await similar('demo-business')).survey_path).toBe('/new/sme_survey/demo-business');
  });

  it('shows the demo’s outcomes as the seed’s run left them (issue 28 item 6)', async () => {
    const period = similarHomesPeriod(today);
    const compared = {
      status: 'compared',
      period_from: period.from,
      period_to: period.to,
      homes: DEMO_SIMILAR_HOMES + 2,
      survey_path: null,
    };
    const efficient = await similar('demo-efficient');
    expect(efficient).toMatchObject({ ...compared, rating: 'great' });
    expect(efficient.own_kwh_per_day).toBeLessThanOrEqual(efficient.efficient_kwh_per_day ?? 0);
    const heavy = await similar('demo-heavy');
    expect(heavy).toMatchObject({ ...compared, rating: 'more' });
    expect(heavy.own_kwh_per_day).toBeGreaterThan(heavy.median_kwh_per_day ?? Number.POSITIVE_INFINITY);
    // One group: the same median and efficient figure for both, and for the synthetic homes.
    const neighbour = await similar('demo-similar-01');
    for (const row of [heavy, neighbour])
      expect(row).toMatchObject({
        homes: efficient.homes,
        median_kwh_per_day: efficient.median_kwh_per_day,
        efficient_kwh_per_day: efficient.efficient_kwh_per_day,
      });
    // The accounts of the design are as before: invited to the survey.
    for (const account of ['demo-home', 'demo-solar', 'demo-happy'])
      expect(await similar(account)).toMatchObject({
        status: 'no_profile',
        survey_path: `/new/survey/${account}`,
      });
  });

  it('hides a group of 19 homes, shows one of 20, and is the same when run again', async () => {
    // Twenty homes like each other on their own meters, home i using about i kWh a day for the 4 weeks.
    const period = similarHomesPeriod(today);
    const updateTime = new Date(`${period.to}T20:00:00Z`);
    const channels = Array.from({ length: 20 }, (_, i) => {
      const reads: Nem12WriteRead[] = [];
      for (let day = 0; day < 28; day++) {
        reads.push({
          date: addDays(period.from, day),
          values: new Array(48).fill(Math.round(((i + 1) * 1e6) / 48)),
          updateTime,
        });
      }
      return {
        nmi: `SIMILR${String(i + 1).padStart(4, '0')}`,
        suffix: 'E1',
        intervalMinutes: 30 as const,
        reads,
      };
    });
    const text = [...nem12Lines({ channels })].join('\n');
    expect((await importNem12Source(t.db, textSource('similar.csv', text))).status).toBe('imported');
    const ids: string[] = [];
    for (const [i, channel] of channels.entries()) {
      const account = await createAccount(t.db, {
        nmi: channel.nmi,
        publicId: `similar-${i + 1}`,
        marketSegment: 'residential',
        clientCode: t.config.client.clientCode,
      });
      ids.push(account.id);
      await assignTariff(t.db, account.id, demoTariffs.flat.code, FROM_THE_START);
      if (i < 19) expect((await patchProfile(account.publicId, HOUSE)).statusCode).toBeLessThan(300);
    }

    // The demo's own group (another group: two-person houses with gas hot water) is compared as before.
    const first = await runSimilarHomes(t.db, { today });
    expect(await similar('similar-4')).toMatchObject({
      status: 'small_group',
      own_kwh_per_day: 4,
      median_kwh_per_day: null,
      efficient_kwh_per_day: null,
      homes: null,
      rating: null,
      period_from: period.from,
      period_to: period.to,
    });

    // The 20th answers the survey: it waits for the next run, which shows the group to everyone.
    expect((await patchProfile('similar-20', HOUSE)).statusCode).toBeLessThan(300);
    expect((await similar('similar-20')).status).toBe('pending');
    const summary = await runSimilarHomes(t.db, { today });
    expect(summary.compared - first.compared).toBe(20);
    // Sorted 1..20 kWh a day: median 10.5, 20th percentile 4 + 0.8 x (5 - 4) = 4.8.
    expect(await similar('similar-4')).toMatchObject({
      status: 'compared',
      own_kwh_per_day: 4,
      median_kwh_per_day: 10.5,
      efficient_kwh_per_day: 4.8,
      homes: 20,
      rating: 'great',
    });
    expect((await similar('similar-10')).rating).toBe('good');
    expect((await similar('similar-11')).rating).toBe('more');
    // The email snapshot carries the same line.
    const preview = await previewSnapshot({ db: t.db, config: t.config, publicId: 'similar-4', today });
    if ('skip' in preview) throw new Error(preview.skip);
    for (const part of [preview.email.text, preview.email.html])
      expect(part).toContain(
        'Similar homes: Great. You used 4.0 kWh a day; similar homes 10.5, efficient ones 4.8.',
      );

    const rows = async () =>
      // In a stated order: PostgreSQL returns rows in whatever order an update left them.
      (
        await t.db
          .select()
          .from(similarHomes)
          .where(eq(similarHomes.status, 'compared'))
          .orderBy(asc(similarHomes.accountId))
      ).map(({ computedAt: _, ...row }) => row);
    const before = await rows();
    await runSimilarHomes(t.db, { today });
    expect(await rows()).toEqual(before);
  });

  it.each([
    [{ account_id: 'x' }, 422],
    [{ account_id: 'nobody-here' }, 401],
    [{ account_id: 'demo-other' }, 403],
  ])('answers %j with %i in the error shape', async (query, status) => {
    const response = await get('/api/tracker/similar_homes', query, `10.44.${status}.1`);
    expect(response.statusCode).toBe(status);
    errorResponseSchema.parse(response.json());
  });
});
