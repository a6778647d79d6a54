/**
 * Priced days (decision 0021): what is stored always equals pricing the raw reads from scratch with the one
 * pricing function, whatever changed them (reads arriving before or after the account, plan changes, a
 * tariff's prices replaced, Happy Hours slots), in whatever order; each writer prices in its own
 * transaction; a change made behind the portal's back is priced by the next reader; `repriceAccounts` is
 * idempotent.
 */
import { randomBytes } from 'node:crypto';
import { addDays, eachDate, marketInstant, marketToday, type Tariff, timeSlotIds } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { happyHoursSlots } from '../../src/db/schema/offers.ts';
import { pricedDays, pricedDaysStale } from '../../src/db/schema/priced-days.ts';
import { type AccountRow, meterReads } from '../../src/db/schema.ts';
import { findAccountByPublicId, insertAccount } from '../../src/domains/accounts/queries.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import {
  type PricedDay,
  priceAccountDay,
  totalWithOnlyWindow,
} from '../../src/domains/billing/priced-day.ts';
import type { StoredDay } from '../../src/domains/billing/priced-day-rows.ts';
import { storedDailyTotals, storedDays } from '../../src/domains/billing/priced-days-reads.ts';
import { repriceAccounts, withPricing } from '../../src/domains/billing/pricing.ts';
import { slotHistory } from '../../src/domains/billing/slot-histories.ts';
import type { ChannelDay } from '../../src/domains/billing/spend.ts';
import { freeWindowFromSlot, freeWindowsOn } from '../../src/domains/billing/tariff.ts';
import { assignTariff, importTariffs, tariffAssignmentsOf } from '../../src/domains/billing/tariff-store.ts';
import type { Nem12WriteChannel } from '../../src/domains/meter-data/nem12/index.ts';
import { writeNem12 } from '../../src/domains/meter-data/nem12/writer.ts';
import { energyReadsOf } from '../../src/domains/meter-data/queries.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { buildTestApp, testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();

const onPostgres = inject('testDatabase').kind === 'postgres';

/** The account's days priced from scratch: its raw reads, tariffs and slots through `priceAccountDay`. */
async function fromScratch(db: Database, account: AccountRow, from: string, to: string) {
  const [reads, assignments, slots] = await Promise.all([
    energyReadsOf(db, account, from, to),
    tariffAssignmentsOf(db, account.id),
    slotHistory(db, account.id),
  ]);
  const byDate = new Map<string, ChannelDay[]>();
  for (const read of reads) {
    const channels = byDate.get(read.readDate) ?? [];
    channels.push({
      suffix: read.suffix,
      kind: read.kind as ChannelDay['kind'],
      intervalMinutes: read.intervalMinutes,
      values: read.intervalValues,
      quality: read.quality,
    });
    byDate.set(read.readDate, channels);
  }
  return [...byDate].map(([date, channels]) =>
    priceAccountDay({ date, channels, assignments, freeWindows: freeWindowsOn(slots, date) }),
  );
}

/** What a stored day and a day priced from scratch must agree on, exactly. */
const comparable = (day: StoredDay | PricedDay) => ({
  date: day.date,
  hasImport: day.hasImport,
  hasExport: day.hasExport,
  usageMicroKwh: day.usageMicroKwh,
  spend: day.spend,
  waived: day.waived,
  quality: day.quality,
  parts: day.parts,
});

/**
 * The forecast's daily totals (one statement without a window, the stored days with one) equal the stored days'
 * totals and `totalWithOnlyWindow` of them, over both ranges, days without a tariff left out.
 */
async function expectDailyTotalsOfStoredDays(account: AccountRow, from: string, to: string, slot: string) {
  const window = freeWindowFromSlot(slot);
  const stored = await storedDays(t.db, account, from, to);
  const range = { from, to };
  const expected = new Map(
    stored.flatMap((day) =>
      day.spend
        ? [
            [
              day.date,
              {
                total: day.spend.totalSpend,
                withOnlyWindow: totalWithOnlyWindow(day.spend, day.waived, window),
              },
            ],
          ]
        : [],
    ),
  );
  expect(await storedDailyTotals(t.db, account, [range, range], window)).toEqual(expected);
  const plain = new Map(
    [...expected].map(([date, day]) => [date, { total: day.total, withOnlyWindow: null }]),
  );
  expect(await storedDailyTotals(t.db, account, [range, range])).toEqual(plain);
}

async function expectPricedFromScratch(account: AccountRow, from: string, to: string) {
  const stale = await t.db.select().from(pricedDaysStale).where(eq(pricedDaysStale.accountId, account.id));
  expect(stale, 'every writer prices in its own transaction').toEqual([]);
  const stored = await storedDays(t.db, account, from, to);
  const expected = await fromScratch(t.db, account, from, to);
  expect(stored.map(comparable)).toEqual(expected.map(comparable));
}

const newNmi = () => `Q${randomBytes(4).toString('hex').toUpperCase()}`;

/** Tariffs with every kind of charge: the demo plans and variants with discounts and a concession. */
function tariffVariant(base: Tariff, code: string, change: Partial<Tariff>): Tariff {
  return { ...base, code, name: `${base.name} (${code})`, ...change };
}

const tariffPool = (suffix: string): Tariff[] => [
  tariffVariant(demoTariffs.flat, `FLAT-${suffix}`, {}),
  tariffVariant(demoTariffs.timeOfUse, `TOU-${suffix}`, {}),
  tariffVariant(demoTariffs.solar, `SOLAR-${suffix}`, {}),
  tariffVariant(demoTariffs.timeOfUse, `DISC-${suffix}`, {
    discounts: { usage_percent: '7.5', supply_percent: '12.3456' },
    concession_cents_per_day: '45.123456',
    feed_in_cents_per_kwh: '6.789',
  }),
];

const KWH = 1_000_000;
const START = '2026-03-02';

const channelArbitrary = (suffix: string, days: number) =>
  fc.constantFrom<5 | 15 | 30>(5, 15, 30).chain((minutes) =>
    fc
      .array(
        fc.record({
          values: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 * KWH })), {
            minLength: 1440 / minutes,
            maxLength: 1440 / minutes,
          }),
          quality: fc.constantFrom('A', 'A', 'E', 'N', 'S'),
          skip: fc.boolean(),
        }),
        { minLength: days, maxLength: days },
      )
      .map(
        (reads): Nem12WriteChannel => ({
          nmi: '',
          suffix,
          intervalMinutes: minutes,
          reads: reads.flatMap((read, i) =>
            read.skip && i > 0
              ? []
              : [{ date: addDays(START, i), values: read.values, quality: read.quality }],
          ),
        }),
      ),
  );

const scenarioArbitrary = fc.integer({ min: 2, max: 9 }).chain((days) =>
  fc.record({
    days: fc.constant(days),
    channels: fc
      .tuple(
        channelArbitrary('E1', days),
        fc.option(channelArbitrary('E2', days), { nil: undefined }),
        fc.option(channelArbitrary('B1', days), { nil: undefined }),
      )
      .map((list) => list.filter((channel): channel is Nem12WriteChannel => channel !== undefined)),
    /** Tariff index and start offset (days from START; negative: before the data). */
    plans: fc.array(fc.tuple(fc.nat(3), fc.integer({ min: -3, max: days })), { minLength: 1, maxLength: 3 }),
    slots: fc.array(fc.tuple(fc.constantFrom(...timeSlotIds), fc.integer({ min: -2, max: days })), {
      maxLength: 2,
    }),
    replaceTariff: fc.option(fc.nat(3), { nil: undefined }),
    /** The slot the forecast projects with, as if it had applied throughout. */
    projectionSlot: fc.constantFrom(...timeSlotIds),
    /** The order of the steps; the account always exists before its plans and slots. */
    accountFirst: fc.boolean(),
  }),
);

async function importChannels(nmi: string, channels: Nem12WriteChannel[], updateTime?: Date) {
  const text = [
    ...writeNem12({
      channels: channels.map((channel) => ({
        ...channel,
        nmi,
        reads: [...channel.reads].map((read) => ({ ...read, updateTime: updateTime ?? null })),
      })),
    }),
  ].join('');
  const result = await importNem12Source(t.db, textSource(`${nmi}.csv`, text));
  expect(result.status).toBe('imported');
}

describe('priced days equal pricing the raw reads (property)', () => {
  it('for random reads, tariffs, plan changes, a tariff repriced and Happy Hours slots, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const nmi = newNmi();
        const pool = tariffPool(nmi);
        await importTariffs(t.db, pool);
        const last = addDays(START, scenario.days - 1);
        let account: AccountRow | undefined;
        const create = async () => {
          account = await insertAccount(t.db, { publicId: `prop-${nmi}`, clientCode: 'BRIGHTSIDE', nmi });
        };
        if (scenario.accountFirst) await create();
        await importChannels(nmi, scenario.channels);
        if (!scenario.accountFirst) await create();
        if (!account) throw new Error('no account');
        await expectPricedFromScratch(account, START, last);
        for (const [index, offset] of scenario.plans) {
          await assignTariff(t.db, account.id, (pool[index] as Tariff).code, addDays(START, offset));
          await expectPricedFromScratch(account, START, last);
        }
        for (const [slot, offset] of scenario.slots) {
          const id = account.id;
          await withPricing(t.db, (tx) =>
            tx
              .insert(happyHoursSlots)
              .values({ accountId: id, effectiveDate: addDays(START, offset), timeSlot: slot })
              .onConflictDoUpdate({
                target: [happyHoursSlots.accountId, happyHoursSlots.effectiveDate],
                set: { timeSlot: slot },
              }),
          );
          await expectPricedFromScratch(account, START, last);
        }
        await expectDailyTotalsOfStoredDays(account, START, last, scenario.projectionSlot);
        if (scenario.replaceTariff !== undefined) {
          const replaced = pool[scenario.replaceTariff] as Tariff;
          await importTariffs(t.db, [{ ...replaced, supply_cents_per_day: '87.654321' }], { replace: true });
          await expectPricedFromScratch(account, START, last);
        }
      }),
      { numRuns: onPostgres ? 12 : 20 },
    );
  });
});

describe('priced days through a sequence of changes', () => {
  it('import → tariff change → slot change → re-import leaves what pricing from scratch gives, and a reprice changes nothing', async () => {
    const nmi = newNmi();
    const last = addDays(START, 13);
    const days = eachDate(START, last);
    const channel = (suffix: string, scale: number): Nem12WriteChannel => ({
      nmi,
      suffix,
      intervalMinutes: 30,
      reads: days.map((date, d) => ({
        date,
        values: Array.from({ length: 48 }, (_, i) => ((i * 7 + d * 13) % 11) * scale),
      })),
    });
    const account = await insertAccount(t.db, { publicId: `seq-${nmi}`, clientCode: 'BRIGHTSIDE', nmi });
    await assignTariff(t.db, account.id, demoTariffs.flat.code, '1900-01-01');
    await importChannels(
      nmi,
      [channel('E1', 90_000), channel('B1', 20_000)],
      new Date('2026-04-01T00:00:00Z'),
    );
    await expectPricedFromScratch(account, START, last);
    await assignTariff(t.db, account.id, demoTariffs.timeOfUse.code, addDays(START, 4));
    await expectPricedFromScratch(account, START, last);
    await withPricing(t.db, (tx) =>
      tx
        .insert(happyHoursSlots)
        .values({ accountId: account.id, effectiveDate: addDays(START, 2), timeSlot: '11:00-13:00' }),
    );
    const withSlot = await storedDays(t.db, account, START, last);
    expect(withSlot.some((day) => day.waived !== null)).toBe(true);
    await expectPricedFromScratch(account, START, last);
    // Newer reads of the same days replace the old ones.
    await importChannels(nmi, [channel('E1', 70_000)], new Date('2026-04-02T00:00:00Z'));
    await expectPricedFromScratch(account, START, last);

    const rows = () =>
      t.db
        .select()
        .from(pricedDays)
        .where(and(eq(pricedDays.nmi, nmi), eq(pricedDays.accountId, account.id)))
        .orderBy(pricedDays.marketDate);
    const before = await rows();
    expect(before).toHaveLength(days.length);
    expect(await repriceAccounts(t.db, { accountIds: [account.id] })).toEqual({
      accounts: 1,
      days: days.length,
      accountIds: [account.id],
    });
    expect(await repriceAccounts(t.db, { accountIds: [account.id], from: addDays(START, 5) })).toEqual({
      accounts: 1,
      days: days.length - 5,
      accountIds: [account.id],
    });
    expect(await rows()).toEqual(before);
  });
});

describe('a change behind the portal', () => {
  it('is recorded by the database and priced by the next reader of the account', async () => {
    const nmi = newNmi();
    const account = await insertAccount(t.db, { publicId: `psql-${nmi}`, clientCode: 'BRIGHTSIDE', nmi });
    await assignTariff(t.db, account.id, demoTariffs.flat.code, '1900-01-01');
    // A fixed now at 00:30 AEST, when the UTC date is still the day before: "yesterday" is the market's.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.setSystemTime(marketInstant('2026-06-11', 30));
    const yesterday = addDays(marketToday(), -1);
    expect(yesterday).toBe('2026-06-10');
    await importChannels(nmi, [
      {
        nmi,
        suffix: 'E1',
        intervalMinutes: 30,
        reads: [{ date: yesterday, values: new Array(48).fill(100_000) }],
      },
    ]);
    const usage = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/tracker/usage?account_id=psql-${nmi}&from=${yesterday}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json().current_week.insights.usage_kwh as number;
    };
    expect(await usage()).toBe(4.8);
    // A person with psql doubles the day's reads: no portal code runs.
    await t.db.execute(
      sql`update ${meterReads} set interval_values = array_fill(200000::bigint, array[48]) where nmi = ${nmi}`,
    );
    expect(
      await t.db.select().from(pricedDaysStale).where(eq(pricedDaysStale.accountId, account.id)),
    ).toHaveLength(1);
    expect(await usage()).toBe(9.6);
    expect(
      await t.db.select().from(pricedDaysStale).where(eq(pricedDaysStale.accountId, account.id)),
    ).toEqual([]);
    await expectPricedFromScratch(account, yesterday, yesterday);
  });
});

describe.runIf(onPostgres)('priced days under concurrent writers (PostgreSQL)', () => {
  it('two imports of one meter and a plan change at once leave what pricing from scratch gives', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const nmi = newNmi();
      const last = addDays(START, 6);
      const account = await insertAccount(t.db, { publicId: `conc-${nmi}`, clientCode: 'BRIGHTSIDE', nmi });
      await assignTariff(t.db, account.id, demoTariffs.flat.code, '1900-01-01');
      const reads = (scale: number) =>
        eachDate(START, last).map((date) => ({ date, values: new Array(48).fill(scale) }));
      await Promise.all([
        importChannels(nmi, [{ nmi, suffix: 'E1', intervalMinutes: 30, reads: reads(100_000) }]),
        importChannels(nmi, [{ nmi, suffix: 'B1', intervalMinutes: 30, reads: reads(30_000) }]),
        assignTariff(t.db, account.id, demoTariffs.timeOfUse.code, addDays(START, 3)),
      ]);
      await expectPricedFromScratch(account, START, last);
    }
  });
});

describe('two apps in one process', () => {
  it("price with their own database's tariffs, never a tariff the other app read", async () => {
    // Copies of one template: the same tariff codes with the same row times.
    const [first, second] = [await buildTestApp(), await buildTestApp()];
    onTestFinished(async () => {
      await first.close();
      await second.close();
    });
    const from = addDays(suiteToday(), -7);
    const serviceCharges = async (db: Database) => {
      const account = (await findAccountByPublicId(db, 'demo-home')) as AccountRow;
      await repriceAccounts(db, { accountIds: [account.id], from });
      return (await storedDays(db, account, from, addDays(from, 5))).map((day) => day.spend?.serviceCharge);
    };
    const before = await serviceCharges(first.db);
    // In the second, demo-home's plan charges another supply charge, changed behind the portal (its row time kept).
    const account = (await findAccountByPublicId(second.db, 'demo-home')) as AccountRow;
    const code = (await tariffAssignmentsOf(second.db, account.id)).at(-1)?.tariff.code as string;
    await second.db.execute(
      sql`update tariffs set definition = jsonb_set(definition, '{supply_cents_per_day}', '"187.654321"') where code = ${code}`,
    );
    const after = await serviceCharges(second.db);
    expect(after).toHaveLength(before.length);
    for (const [index, charge] of after.entries()) expect(charge).not.toEqual(before[index]);
  });
});
