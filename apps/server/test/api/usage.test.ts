/**
 * GET /api/tracker/usage against a small constructed data set with hand-computable numbers (docs/api.md#entities,
 * docs/tracker-figures.md), and POST /api/settings/spend_target.
 *
 * Tariff: supply 100 c/day, usage 30 c/kWh flat, feed-in 10 c/kWh. Week W starts Monday 2025-06-02. Every
 * interval of a day holds a(d) kWh with a(d) = 0.1 x week number + 0.01 x weekday (Monday 0), so a day costs
 * 48 x a x $0.30 + $1.00 = 14.4a + 1. Weeks W-6 ... W hold data except W-2 (a gap the averages step over).
 * Extra: on W's Monday the evening (18:00-24:00) intervals hold twice a; on W's Tuesday solar exports
 * 0.2 kWh per half hour from 10:00 to 14:00 (1.6 kWh, $0.16 credit).
 */
import zlib from 'node:zlib';
import { addDays, errorResponseSchema, usageResponseSchema, weekStart } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, usageVersions } from '../../src/db/schema.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { assignTariff, FROM_THE_START, importTariffs } from '../../src/domains/billing/tariff-store.ts';
import { type Nem12WriteRead, nem12Lines } from '../../src/domains/meter-data/nem12/index.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { buildTestApp, testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const W = '2025-06-02';
const weekNumber = (weeksBack: number) => 7 - weeksBack; // W-6 is week 1 ... W is week 7
const a = (weeksBack: number, weekday: number) => 0.1 * weekNumber(weeksBack) + 0.01 * weekday;
const dayCost = (kwhPerInterval: number) => 14.4 * kwhPerInterval + 1;
const round2 = (n: number) => Math.round(n * 100) / 100;
const micro = (kwh: number) => Math.round(kwh * 1e6);

const t = testAppForFile();
beforeAll(async () => {
  await importTariffs(t.db, [
    {
      code: 'TEST-USAGE',
      name: 'Test',
      supply_cents_per_day: '100',
      usage: { type: 'flat', cents_per_kwh: '30' },
      feed_in_cents_per_kwh: '10',
      concession_cents_per_day: '0',
    } as never,
  ]);
  const account = await createAccount(t.db, {
    nmi: 'TRACKTEST1',
    publicId: 'usage-test',
    marketSegment: 'residential',
    clientCode: t.config.client.clientCode,
  });
  await assignTariff(t.db, account.id, 'TEST-USAGE', FROM_THE_START);

  const imports: Nem12WriteRead[] = [];
  const exports: Nem12WriteRead[] = [];
  for (let weeksBack = 6; weeksBack >= 0; weeksBack--) {
    if (weeksBack === 2) continue;
    for (let weekday = 0; weekday < 7; weekday++) {
      const date = addDays(W, -7 * weeksBack + weekday);
      const value = micro(a(weeksBack, weekday));
      const values = new Array(48).fill(value);
      if (weeksBack === 0 && weekday === 0) values.fill(value * 2, 36);
      imports.push({ date, values, updateTime: new Date('2025-08-01T00:00:00Z') });
      if (weeksBack === 0 && weekday === 1) {
        const solar = new Array(48).fill(0).fill(200_000, 20, 28);
        exports.push({ date, values: solar, updateTime: new Date('2025-08-01T00:00:00Z') });
      }
    }
  }
  const text = [
    ...nem12Lines({
      channels: [
        { nmi: 'TRACKTEST1', suffix: 'E1', intervalMinutes: 30, reads: imports },
        { nmi: 'TRACKTEST1', suffix: 'B1', intervalMinutes: 30, reads: exports },
      ],
    }),
  ].join('\n');
  const result = await importNem12Source(t.db, textSource('usage-test.csv', text));
  expect(result.status).toBe('imported');
});

async function usage(query: Record<string, string>, remoteAddress = '10.20.0.1') {
  const response = await t.app.inject({ method: 'GET', url: '/api/tracker/usage', query, remoteAddress });
  return response;
}

describe('GET /api/tracker/usage', () => {
  it('prices each day of the week from its reads and tariff', async () => {
    const response = await usage({ account_id: 'usage-test', from: addDays(W, 3) });
    expect(response.statusCode).toBe(200);
    const body = usageResponseSchema.parse(response.json());
    expect(body.current_week.interval_range.starts_at).toEqual({
      day: 'Monday',
      date: 2,
      month: 'June',
      yyyymmdd: '20250602',
      time: '00:00',
    });
    expect(body.current_week.intervals.map((day) => day.interval_range.starts_at.yyyymmdd)).toEqual([
      '20250602',
      '20250603',
      '20250604',
      '20250605',
      '20250606',
      '20250607',
      '20250608',
    ]);
    // Wednesday of W: a = 0.72 kWh per interval, 34.56 kWh, grid $10.368, supply $1, total $11.368.
    const wednesday = body.current_week.intervals[2];
    expect(wednesday?.data).toMatchObject({
      grid_spend: 10.37,
      service_charge: 1,
      solar_input: 0,
      total_spend: 11.37,
      usage_kwh: 34.56,
    });
    // Its average: Wednesdays of W-1, W-3, W-4, W-5, W-6 (W-2 has no data): a = 0.62, 0.42, 0.32, 0.22, 0.12.
    const averageA = (0.62 + 0.42 + 0.32 + 0.22 + 0.12) / 5;
    expect(wednesday?.data.average_spend).toBe(round2(dayCost(averageA)));
    // Hourly: 2 intervals of 0.72 kWh at 30 c = $0.432 an hour; the hour's average 2 x 0.336 x 0.30.
    expect(wednesday?.intervals[9]?.data).toMatchObject({
      grid_spend: 0.43,
      total_spend: 0.43,
      usage_kwh: 1.44,
    });
    expect(wednesday?.intervals[9]?.data.average_spend).toBe(round2(2 * averageA * 0.3));
    expect(wednesday?.intervals[9]?.interval_range.starts_at.time).toBe('09:00');
  });

  it('credits solar export and marks the solar days', async () => {
    const body = usageResponseSchema.parse((await usage({ account_id: 'usage-test', from: W })).json());
    const tuesday = body.current_week.intervals[1];
    // a = 0.71: grid 14.4 x 0.71 = 10.224; solar 1.6 kWh x 10 c = 0.16; total 10.224 + 1 - 0.16 = 11.064.
    expect(tuesday?.data).toMatchObject({ solar_input: 0.16, solar_kwh: 1.6, total_spend: 11.06 });
    expect(tuesday?.metadata).toEqual({ has_solar: true });
    expect(tuesday?.intervals[10]?.data).toMatchObject({ solar_input: 0.04, solar_kwh: 0.4 });
    expect(body.current_week.intervals[0]?.metadata).toEqual({});
    expect(body.metadata.has_solar).toBe(true);
    expect(body.current_week.insights.solar_export).toBe(0.16);
    expect(body.current_week.insights.solar_export_kwh).toBe(1.6);
  });

  it('gives the weekly insights: total, highest day, 4-week average and trend', async () => {
    const body = usageResponseSchema.parse((await usage({ account_id: 'usage-test', from: W })).json());
    const insights = body.current_week.insights;
    // Monday: a = 0.7 with the evening doubled: 36 x 0.7 + 12 x 1.4 = 42 kWh -> 12.6 + 1 = 13.6 (the highest).
    const days = [
      13.6,
      dayCost(0.71) - 0.16,
      dayCost(0.72),
      dayCost(0.73),
      dayCost(0.74),
      dayCost(0.75),
      dayCost(0.76),
    ];
    const total = days.reduce((sum, day) => sum + day, 0);
    expect(insights.total_spend).toBe(round2(total));
    expect(insights.max_spend).toEqual({ day: W, value: 13.6 });
    // Weekly totals of W-1, W-3, W-4, W-5 (the 4 previous weeks with data): week n costs 7 + 14.4 x (7 x 0.1n + 0.21).
    const weekCost = (weeksBack: number) => 7 + 14.4 * (7 * 0.1 * weekNumber(weeksBack) + 0.21);
    const average = (weekCost(1) + weekCost(3) + weekCost(4) + weekCost(5)) / 4;
    expect(insights.weekly_average_spend).toBe(round2(average));
    expect(insights.trend).toEqual({
      up: true,
      down: false,
      stable: false,
      value_to_times: round2(total / average),
    });
  });

  it('finds the period of the day that differs most from its average', async () => {
    const body = usageResponseSchema.parse((await usage({ account_id: 'usage-test', from: W })).json());
    const monday = body.current_week.intervals[0];
    // Evening of W's Monday: 12 intervals x 1.4 kWh x 0.30 = 5.04 against 12 x mean a of earlier Mondays x 0.30.
    const earlier = (0.6 + 0.4 + 0.3 + 0.2 + 0.1) / 5;
    const averageEvening = 12 * earlier * 0.3;
    expect(monday?.insights.diversion).toEqual({
      trend: 'more',
      value: round2(5.04 - averageEvening),
      value_to_times: round2(5.04 / averageEvening),
      period: 'evening',
    });
    expect(monday?.insights.trend?.up).toBe(true);
  });

  it('links the neighbouring weeks and says which have data', async () => {
    const current = usageResponseSchema.parse((await usage({ account_id: 'usage-test', from: W })).json());
    expect(current.previous_week).toEqual({ from: addDays(W, -7), has_data: true });
    expect(current.next_week).toEqual({ from: addDays(W, 7), has_data: false });

    const gap = usageResponseSchema.parse(
      (await usage({ account_id: 'usage-test', from: addDays(W, -14) })).json(),
    );
    expect(gap.current_week.intervals.every((day) => day.data.total_spend === null)).toBe(true);
    expect(gap.current_week.insights.total_spend).toBeNull();
    expect(gap.current_week.insights.max_spend).toBeNull();
    expect(gap.previous_week).toEqual({ from: addDays(W, -21), has_data: true });
    expect(gap.next_week).toEqual({ from: addDays(W, -7), has_data: true });
    // Averages still show on the empty week's columns.
    expect(gap.current_week.intervals[0]?.data.average_spend).not.toBeNull();

    const first = usageResponseSchema.parse(
      (await usage({ account_id: 'usage-test', from: addDays(W, -42) })).json(),
    );
    expect(first.previous_week.has_data).toBe(false);
    expect(first.current_week.intervals[0]?.data.average_spend).toBeNull();
  });

  it('answers this week without a from, with no next week yet', async () => {
    const body = usageResponseSchema.parse((await usage({ account_id: 'demo-home' })).json());
    expect(body.next_week.from).toBeNull();
    expect(body.current_week.intervals).toHaveLength(7);
    expect(body.customer).toMatchObject({ budget: 40, market_segment: 'residential' });
    expect(body.forecast.projected_total).toBeGreaterThan(body.forecast.spend_to_date);
    expect(body.forecast.method).toMatch(/^Based on your last 5 weeks/);
  });

  it('says when there is not enough data to project the bill', async () => {
    const body = usageResponseSchema.parse((await usage({ account_id: 'demo-new' })).json());
    expect(body.forecast.projected_total).toBeNull();
    expect(body.forecast.method).toBe('Not enough data yet to project your bill');
    expect(body.current_week.insights.total_spend).toBeNull();
  });

  it.each([
    [{ account_id: 'x' }, 422],
    [{ account_id: 'nobody-here' }, 401],
    [{ account_id: 'demo-other' }, 403],
    [{ account_id: 'demo-home', from: '2025-13-01' }, 400],
  ])('answers %j with %i in the error shape', async (query, status) => {
    const response = await usage(query, `10.21.${status}.1`);
    expect(response.statusCode).toBe(status);
    errorResponseSchema.parse(response.json());
  });
});

describe('POST /api/settings/spend_target', () => {
  const save = (body: unknown, account = 'usage-test') =>
    t.app.inject({
      method: 'POST',
      url: '/api/settings/spend_target',
      query: { account_id: account },
      payload: body as object,
      remoteAddress: '10.22.0.1',
    });

  it('saves whole dollars 0 to 99 and the usage response shows it', async () => {
    expect((await save({ spend_target: 55 })).statusCode).toBe(204);
    const body = usageResponseSchema.parse((await usage({ account_id: 'usage-test', from: W })).json());
    expect(body.customer.budget).toBe(55);
    expect((await save({ spend_target: 0 })).statusCode).toBe(204);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.publicId, 'usage-test'));
    expect(row?.spendTarget).toBe(0);
  });

  it.each([
    [{ spend_target: 100 }],
    [{ spend_target: -1 }],
    [{ spend_target: 12.5 }],
    [{ spend_target: '40' }],
    [{}],
  ])('answers %j with 422', async (body) => {
    const response = await save(body);
    expect(response.statusCode).toBe(422);
    expect(errorResponseSchema.parse(response.json()).error.message).toContain('spend_target');
  });
});

describe('Solar Advantage curtailment', () => {
  it('shows demo-solar its cumulative curtailment to the end of the week, and the welcome until it is seen', async () => {
    const response = await usage({ account_id: 'demo-solar' }, '10.23.0.1');
    const curtailment = usageResponseSchema.parse(response.json()).current_week.insights.solar_curtailment;
    expect(curtailment).toMatchObject({ applicable: true, welcome_banner: false });
    expect(curtailment?.cumulative_kwh_curtailed).toBeGreaterThan(0);
    expect((curtailment?.cumulative_hours_curtailed ?? 0) * 2).toBe(
      Math.round((curtailment?.cumulative_hours_curtailed ?? 0) * 2),
    );
    // A week before the trial's first curtailed day has nothing yet.
    const early = usageResponseSchema.parse(
      (await usage({ account_id: 'demo-solar', from: '2025-09-01' }, '10.23.0.2')).json(),
    );
    expect(early.current_week.insights.solar_curtailment).toMatchObject({
      cumulative_hours_curtailed: 0,
      cumulative_kwh_curtailed: 0,
      cumulative_benefit: 0,
    });

    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/tracker/solar_welcome',
      query: { account_id: 'demo-solar' },
      remoteAddress: '10.23.0.3',
    });
    expect(seen.statusCode).toBe(204);
    const after = usageResponseSchema.parse((await usage({ account_id: 'demo-solar' }, '10.23.0.4')).json());
    expect(after.current_week.insights.solar_curtailment?.welcome_banner).toBe(true);
  });

  it('has none for accounts outside the trial', async () => {
    const body = usageResponseSchema.parse((await usage({ account_id: 'demo-home' }, '10.23.0.5')).json());
    expect(body.current_week.insights.solar_curtailment).toBeNull();
  });
});

describe('a week answered again after its data changed', () => {
  // Weeks and forecasts are kept in memory for the account's usage version, which the database raises on
  // every change of reads, tariffs or Happy Hours slots (migration 0007): no answer may be stale.
  const tariff = (code: string, cents: string) =>
    ({
      code,
      name: code,
      supply_cents_per_day: '100',
      usage: { type: 'flat', cents_per_kwh: cents },
      feed_in_cents_per_kwh: '10',
      concession_cents_per_day: '0',
    }) as never;
  const monday = async () => {
    const response = await usage({ account_id: 'usage-fresh', from: W });
    expect(response.statusCode).toBe(200);
    const body = usageResponseSchema.parse(response.json());
    return body.current_week.intervals.map((day) => day.data.total_spend);
  };
  const importDay = async (date: string, kwh: number, updated: string) => {
    const text = [
      ...nem12Lines({
        channels: [
          {
            nmi: 'TRACKFRESH',
            suffix: 'E1',
            intervalMinutes: 30,
            reads: [{ date, values: new Array(48).fill(micro(kwh)), updateTime: new Date(updated) }],
          },
        ],
      }),
    ].join('\n');
    expect((await importNem12Source(t.db, textSource(`fresh-${date}-${updated}.csv`, text))).status).toBe(
      'imported',
    );
  };
  let accountId = '';
  const version = async () =>
    (await t.db.select().from(usageVersions).where(eq(usageVersions.accountId, accountId)))[0]?.version ?? 0;

  beforeAll(async () => {
    await importTariffs(t.db, [tariff('TEST-FRESH-A', '30'), tariff('TEST-FRESH-B', '50')]);
    const account = await createAccount(t.db, {
      nmi: 'TRACKFRESH',
      publicId: 'usage-fresh',
      marketSegment: 'residential',
      clientCode: t.config.client.clientCode,
    });
    accountId = account.id;
    await assignTariff(t.db, account.id, 'TEST-FRESH-A', FROM_THE_START);
    await importDay(W, 0.5, '2025-08-01T00:00:00Z');
  });

  it('shows corrected and new reads at once', async () => {
    expect(await monday()).toEqual([round2(dayCost(0.5)), null, null, null, null, null, null]);
    const before = await version();
    await importDay(W, 0.25, '2025-08-02T00:00:00Z');
    expect(await version()).toBeGreaterThan(before);
    await importDay(addDays(W, 1), 0.1, '2025-08-02T00:00:00Z');
    expect(await monday()).toEqual([
      round2(dayCost(0.25)),
      round2(dayCost(0.1)),
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reprices after a plan change and after a change of the tariff itself', async () => {
    const first = await monday();
    // 50 c/kWh from Tuesday: Monday as before, Tuesday 48 x 0.1 x $0.50 + $1.
    await assignTariff(t.db, accountId, 'TEST-FRESH-B', addDays(W, 1));
    expect(await monday()).toEqual([first[0], round2(48 * 0.1 * 0.5 + 1), null, null, null, null, null]);
    // The retailer changes plan A's rate to 40 c/kWh: Monday is repriced, Tuesday (plan B) is not.
    await importTariffs(t.db, [tariff('TEST-FRESH-A', '40')], { replace: true });
    expect(await monday()).toEqual([
      round2(48 * 0.25 * 0.4 + 1),
      round2(48 * 0.1 * 0.5 + 1),
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('in production', () => {
  it('sends the composed JSON text as it is: the same answer as the checked one, as JSON', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const queries: Record<string, string>[] = [
        { account_id: 'demo-home' },
        { account_id: 'demo-happy', from: '2026-09-09' },
      ];
      for (const query of queries) {
        const [sent, checked] = await Promise.all([
          production.app.inject({ method: 'GET', url: '/api/tracker/usage', query }),
          t.app.inject({ method: 'GET', url: '/api/tracker/usage', query }),
        ]);
        expect(sent.statusCode).toBe(200);
        expect(sent.headers['content-type']).toMatch(/^application\/json/);
        expect(sent.json()).toEqual(checked.json());
        expect(usageResponseSchema.safeParse(sent.json()).success).toBe(true);
      }
    } finally {
      await production.close();
    }
  });

  it('sends a week compressed (br or gzip, as asked), the same bytes each time, and 304 to a client that has them', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const url = '/api/tracker/usage?account_id=demo-home';
      const plain = await production.app.inject({ method: 'GET', url });
      const etag = plain.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(plain.headers['cache-control']).toBe('private, no-cache');
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [header, encoding, decode] of [
        ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
        ['gzip;q=1, br;q=0', 'gzip', zlib.gunzipSync],
      ] as const) {
        const first = await production.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': header },
        });
        const second = await production.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': header },
        });
        expect(first.headers['content-encoding']).toBe(encoding);
        expect(first.headers.vary).toMatch(/accept-encoding/i);
        expect(first.headers.etag).toBe(etag);
        expect(decode(first.rawPayload).toString()).toBe(plain.body);
        expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      }
      const revalidated = await production.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': etag },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      // What the answer shows changes (the budget): the old copy is no longer current.
      await production.app.inject({
        method: 'POST',
        url: '/api/settings/spend_target?account_id=demo-home',
        payload: { spend_target: 77 },
      });
      const changed = await production.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json().customer.budget).toBe(77);
    } finally {
      await production.close();
    }
  });

  it('builds an older week in the form its first reader takes, and the other form for the first reader of that (decision 0052)', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      // Ten weeks back: no refresh built it; its first reader does.
      const from = addDays(weekStart(suiteToday()), -70);
      const url = `/api/tracker/usage?account_id=demo-solar&from=${from}`;
      const br = await production.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      const gzip = await production.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      });
      const plain = await production.app.inject({ method: 'GET', url });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(1);
      // Sent again in br and gzip: the same bytes, now as stored.
      for (const [header, first] of [
        ['gzip, deflate, br', br],
        ['gzip', gzip],
      ] as const) {
        const again = await production.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': header },
        });
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      }
    } finally {
      await production.close();
    }
  });
});
