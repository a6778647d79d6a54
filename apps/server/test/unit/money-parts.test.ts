/**
 * Where the money goes (issue 28 item 1, docs/tracker-figures.md#where-your-money-goes): always-on from the
 * night's lowest half-hour, each period's usage above it, controlled load, supply and credits, checked against
 * figures worked out by hand for a flat, a time-of-use, a solar and a controlled-load week; and, for any reads,
 * tariffs and Happy Hours, that the parts add up to the totals as shown.
 */
import { addDays, type MoneyParts, type Tariff, tariffSchema, timeSlotIds } from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { apportionInteger, dayParts } from '../../src/domains/billing/money-parts.ts';
import { type PricedDay, priceAccountDay } from '../../src/domains/billing/priced-day.ts';
import type { ChannelDay } from '../../src/domains/billing/spend.ts';
import { freeWindowFromSlot } from '../../src/domains/billing/tariff.ts';
import { buildUsageWeek } from '../../src/domains/tracker/week.ts';
import { testTimeOfUseInput } from '../helpers/tariffs.ts';

const KWH = 1_000_000;
/** A Monday. */
const WEEK = '2026-11-16';
const TODAY = '2026-12-20';

const tariff = (input: object): Tariff =>
  tariffSchema.parse({ code: 'T', name: 'Test', supply_cents_per_day: '100', ...input });
const FLAT = tariff({ usage: { type: 'flat', cents_per_kwh: '30' }, feed_in_cents_per_kwh: '10' });
const FLAT_WITH_CONTROLLED_LOAD = tariff({
  usage: { type: 'flat', cents_per_kwh: '30' },
  controlled_load: { cents_per_kwh: '15', suffixes: ['E2'] },
});
const TIME_OF_USE = tariffSchema.parse(testTimeOfUseInput());

/** A half-hourly channel: kWh of each half-hour from its start ('HH:mm' to the minute of the day). */
function halfHourly(suffix: string, kind: ChannelDay['kind'], kwhAt: (minute: number) => number): ChannelDay {
  return {
    suffix,
    kind,
    intervalMinutes: 30,
    values: Array.from({ length: 48 }, (_, half) => Math.round(kwhAt(half * 30) * KWH)),
  };
}

function pricedWeek(tariffOf: Tariff, channelsOn: (date: string) => ChannelDay[]): PricedDay[] {
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(WEEK, i);
    return priceAccountDay({
      date,
      channels: channelsOn(date),
      assignments: [{ startDate: '1900-01-01', tariff: tariffOf }],
      freeWindows: [],
    });
  });
}

function weekOf(days: readonly PricedDay[]) {
  const priced = days.filter((day) => day.spend);
  return buildUsageWeek({
    today: TODAY,
    weekStart: WEEK,
    days: new Map(priced.map((day) => [day.date, day.spend as NonNullable<PricedDay['spend']>])),
    quality: new Map(),
    solarDates: new Set(days.filter((day) => day.hasExport).map((day) => day.date)),
    parts: new Map(priced.map((day) => [day.date, day.parts as NonNullable<PricedDay['parts']>])),
    curtailment: null,
  });
}

/** Parts as [part or period, dollars, kWh] for reading against the hand-worked figures. */
const rows = (parts: MoneyParts | null | undefined) =>
  (parts?.parts ?? []).map((part) => [part.period ?? part.part, part.spend, part.usage_kwh]);
const cents = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

describe('where the money goes, worked by hand', () => {
  it('a flat week: always-on is the night minimum in all 48 half-hours, periods by the clock', () => {
    // 0.2 kWh a half-hour at night except 0.15 at 03:00 (the minimum), 0.5 kWh from 06:00; 30c/kWh, $1/day.
    // Always-on 0.15 x 48 = 7.2 kWh, $2.16; each period draws 1.8 kWh of it. Night 2.35 kWh (70.5c): 0.55 kWh
    // above always-on, 16.5c; morning, afternoon and evening 6 kWh each, 4.2 kWh above, $1.26. The day is
    // 610.5c of usage and $1 supply, 710.5c, shown as $7.11: the half cent goes to the night (17c).
    const days = pricedWeek(FLAT, () => [
      halfHourly('E1', 'import', (minute) => (minute === 180 ? 0.15 : minute < 360 ? 0.2 : 0.5)),
    ]);
    const week = weekOf(days);
    const monday = week.current_week.intervals[0];
    expect(monday?.data.total_spend).toBe(7.11);
    expect(rows(monday?.money_parts)).toEqual([
      ['always_on', 2.16, 7.2],
      ['night', 0.17, 0.55],
      ['morning', 1.26, 4.2],
      ['afternoon', 1.26, 4.2],
      ['evening', 1.26, 4.2],
      ['supply', 1, null],
    ]);
    expect(monday?.money_parts?.always_on_days).toBe(1);
    expect(week.current_week.insights.total_spend).toBe(49.77);
    expect(rows(week.current_week.insights.money_parts)).toEqual([
      ['always_on', 15.12, 50.4],
      ['night', 1.19, 3.85],
      ['morning', 8.82, 29.4],
      ['afternoon', 8.82, 29.4],
      ['evening', 8.82, 29.4],
      ['supply', 7, null],
    ]);
    expect(week.current_week.insights.money_parts?.always_on_days).toBe(7);
  });

  it('a time-of-use week: always-on priced at each half-hour’s rate, the rest per period', () => {
    // 0.4 kWh every half-hour except 0.1 at 03:00 (the minimum). A weekday has 18 off-peak, 18 shoulder and
    // 12 peak half-hours: off-peak 6.9 kWh (138c), shoulder 7.2 (216c), peak 4.8 (240c); always-on 0.1 in
    // each: 1.8 kWh off-peak (36c), 1.8 shoulder (54c), 1.2 peak (60c), $1.50 in all. A weekend day has no
    // peak and 30 shoulder half-hours: always-on 36c + 90c = $1.26, shoulder above it 9 kWh, $2.70.
    const days = pricedWeek(TIME_OF_USE, () => [
      halfHourly('E1', 'import', (minute) => (minute === 180 ? 0.1 : 0.4)),
    ]);
    const week = weekOf(days);
    expect(rows(week.current_week.intervals[0]?.money_parts)).toEqual([
      ['always_on', 1.5, 4.8],
      ['peak', 1.8, 3.6],
      ['shoulder', 1.62, 5.4],
      ['off_peak', 1.02, 5.1],
      ['supply', 1, null],
    ]);
    expect(week.current_week.intervals[0]?.data.total_spend).toBe(6.94);
    expect(rows(week.current_week.intervals[5]?.money_parts)).toEqual([
      ['always_on', 1.26, 4.8],
      ['shoulder', 2.7, 9],
      ['off_peak', 1.02, 5.1],
      ['supply', 1, null],
    ]);
    expect(week.current_week.insights.total_spend).toBe(46.66);
    expect(rows(week.current_week.insights.money_parts)).toEqual([
      ['always_on', 10.02, 33.6],
      ['peak', 9, 18],
      ['shoulder', 13.5, 45],
      ['off_peak', 7.14, 35.7],
      ['supply', 7, null],
    ]);
  });

  it('a solar week: a half-hour importing less than always-on counts only its import, less the credit', () => {
    // Night 0.3 kWh a half-hour except 0.2 at 02:00; morning 0.3, afternoon 0.1 (the panels cover the home)
    // and 1 kWh exported a half-hour, evening 0.5. Always-on 0.2 except in the afternoon, where only 0.1 was
    // imported: 2.4 + 2.4 + 1.2 + 2.4 = 8.4 kWh, $2.52. Above it: night 1.1 kWh (33c), morning 1.2 (36c),
    // afternoon nothing (left out), evening 3.6 (108c). Supply $1, solar credit 12 kWh at 10c, $1.20: $4.09.
    const days = pricedWeek(FLAT, () => [
      halfHourly('E1', 'import', (minute) =>
        minute === 120 ? 0.2 : minute < 720 ? 0.3 : minute < 1080 ? 0.1 : 0.5,
      ),
      halfHourly('B1', 'export', (minute) => (minute >= 720 && minute < 1080 ? 1 : 0)),
    ]);
    const week = weekOf(days);
    expect(rows(week.current_week.intervals[2]?.money_parts)).toEqual([
      ['always_on', 2.52, 8.4],
      ['night', 0.33, 1.1],
      ['morning', 0.36, 1.2],
      ['evening', 1.08, 3.6],
      ['supply', 1, null],
      ['solar_credit', -1.2, null],
    ]);
    expect(week.current_week.intervals[2]?.data.total_spend).toBe(4.09);
    expect(week.current_week.insights.total_spend).toBe(28.63);
    expect(rows(week.current_week.insights.money_parts)).toEqual([
      ['always_on', 17.64, 58.8],
      ['night', 2.31, 7.7],
      ['morning', 2.52, 8.4],
      ['evening', 7.56, 25.2],
      ['supply', 7, null],
      ['solar_credit', -8.4, null],
    ]);
  });

  it('a controlled-load week: the hot-water circuit is its own part and never always-on', () => {
    // E1 0.2 kWh a half-hour except 0.1 at 01:00: always-on 0.1 x 48 = 4.8 kWh, $1.44; above it night 1.1 kWh
    // (33c), each other period 1.2 kWh (36c). E2 0.5 kWh in each night half-hour (6 kWh at 15c, 90c) would
    // make the minimum 0.6 if it counted. Day: $3.75 of usage and $1 supply, $4.75; the week $33.25.
    const days = pricedWeek(FLAT_WITH_CONTROLLED_LOAD, () => [
      halfHourly('E1', 'import', (minute) => (minute === 60 ? 0.1 : 0.2)),
      halfHourly('E2', 'import', (minute) => (minute < 360 ? 0.5 : 0)),
    ]);
    const week = weekOf(days);
    expect(rows(week.current_week.intervals[4]?.money_parts)).toEqual([
      ['always_on', 1.44, 4.8],
      ['night', 0.33, 1.1],
      ['morning', 0.36, 1.2],
      ['afternoon', 0.36, 1.2],
      ['evening', 0.36, 1.2],
      ['controlled_load', 0.9, 6],
      ['supply', 1, null],
    ]);
    expect(week.current_week.insights.total_spend).toBe(33.25);
    expect(rows(week.current_week.insights.money_parts)).toEqual([
      ['always_on', 10.08, 33.6],
      ['night', 2.31, 7.7],
      ['morning', 2.52, 8.4],
      ['afternoon', 2.52, 8.4],
      ['evening', 2.52, 8.4],
      ['controlled_load', 6.3, 42],
      ['supply', 7, null],
    ]);
  });

  it('a day whose night reads are null data has no always-on figure; the week counts the days that have', () => {
    const days = pricedWeek(FLAT, (date) => {
      const channel = halfHourly('E1', 'import', () => 0.2);
      return date === WEEK ? [{ ...channel, quality: `${'N'.repeat(12)}${'A'.repeat(36)}` }] : [channel];
    });
    expect(days[0]?.parts?.alwaysOnSpend).toBeNull();
    const week = weekOf(days);
    expect(week.current_week.intervals[0]?.money_parts?.always_on_days).toBe(0);
    expect(rows(week.current_week.intervals[0]?.money_parts)[0]?.[0]).toBe('night');
    expect(week.current_week.insights.money_parts?.always_on_days).toBe(6);
  });
});

describe('apportionInteger', () => {
  it('splits a whole number in proportion, the remainder to the largest remainders', () => {
    expect(apportionInteger([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(apportionInteger([5, 0, 15], 4)).toEqual([1, 0, 3]);
    expect(apportionInteger([2, 1], 3)).toEqual([2, 1]);
  });
});

const KWH_ARB = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2 * KWH }));
const channelArb = (suffix: string, kind: ChannelDay['kind']) =>
  fc
    .constantFrom(5, 15, 30)
    .chain((minutes) =>
      fc
        .array(KWH_ARB, { minLength: 1440 / minutes, maxLength: 1440 / minutes })
        .map((values): ChannelDay => ({ suffix, kind, intervalMinutes: minutes, values })),
    );
const dayChannelsArb = fc
  .record({
    e1: channelArb('E1', 'import'),
    e2: fc.option(channelArb('E2', 'import'), { nil: undefined }),
    b1: fc.option(channelArb('B1', 'export'), { nil: undefined }),
  })
  .map(({ e1, e2, b1 }) => [e1, ...(e2 ? [e2] : []), ...(b1 ? [b1] : [])]);

describe('the parts add up', () => {
  it('for any reads, tariff and Happy Hours slot: a day’s parts are its charges, always-on within each', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(demoTariffs.flat, demoTariffs.timeOfUse, demoTariffs.solar, TIME_OF_USE),
        dayChannelsArb,
        fc.option(fc.constantFrom(...timeSlotIds), { nil: undefined }),
        fc.integer({ min: 0, max: 6 }),
        (tariffOf, channels, slot, offset) => {
          const date = addDays(WEEK, offset);
          const freeWindows = slot ? [freeWindowFromSlot(slot)] : [];
          const day = priceAccountDay({
            date,
            channels,
            assignments: [{ startDate: '1900-01-01', tariff: tariffOf }],
            freeWindows,
          });
          const parts = dayParts({ date, tariff: tariffOf, channels, freeWindows });
          expect(day.parts).toEqual(parts);
          if (!parts || !day.spend) return;
          expect(parts.spend.reduce((a, b) => a + b, 0n)).toBe(day.spend.gridSpend);
          expect(parts.usage.reduce((a, b) => a + b, 0)).toBe(day.spend.usageMicroKwh);
          parts.names.forEach((_, index) => {
            expect(parts.alwaysOnUsage?.[index] ?? 0).toBeLessThanOrEqual(parts.usage[index] ?? 0);
            expect(parts.alwaysOnSpend?.[index] ?? 0n).toBeLessThanOrEqual(parts.spend[index] ?? 0n);
            expect(parts.alwaysOnSpend?.[index] ?? 0n).toBeGreaterThanOrEqual(0n);
          });
          if (parts.names.at(-1) === 'controlled_load') expect(parts.alwaysOnUsage?.at(-1) ?? 0).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('for any week: each day’s and the week’s parts add up to their totals as shown, to the cent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(demoTariffs.flat, demoTariffs.timeOfUse, demoTariffs.solar),
        fc.array(fc.option(dayChannelsArb, { nil: undefined }), { minLength: 7, maxLength: 7 }),
        (tariffOf, weekChannels) => {
          const days = pricedWeek(tariffOf, (date) => {
            const index = Math.round((Date.parse(date) - Date.parse(WEEK)) / 86_400_000);
            return weekChannels[index] ?? [];
          });
          const week = weekOf(days);
          for (const entry of week.current_week.intervals) {
            if (entry.data.total_spend === null) {
              expect(entry.money_parts).toBeNull();
              continue;
            }
            const sum = (entry.money_parts?.parts ?? []).reduce(
              (total, part) => total + cents(part.spend),
              0,
            );
            expect(sum).toBe(cents(entry.data.total_spend));
          }
          const insights = week.current_week.insights;
          const sum = (insights.money_parts?.parts ?? []).reduce(
            (total, part) => total + cents(part.spend),
            0,
          );
          expect(sum).toBe(cents(insights.total_spend));
        },
      ),
      { numRuns: 60 },
    );
  });
});
