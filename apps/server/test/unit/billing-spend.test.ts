import { dayOfWeek, type Tariff, type TariffInput, tariffSchema } from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import {
  cents,
  dollars,
  formatDollars,
  type Money,
  meanMoney,
  microKwhToKwh,
  moneyRatio,
  parseScaled,
  sumMoney,
  toCents,
  toDollars,
} from '../../src/domains/billing/money.ts';
import { type ChannelDay, type DaySpend, priceDay, priceDays } from '../../src/domains/billing/spend.ts';
import {
  type FreeWindow,
  freeWindowsOn,
  tariffForDay,
  usageRateAt,
} from '../../src/domains/billing/tariff.ts';
import { testTimeOfUseInput } from '../helpers/tariffs.ts';

const WEDNESDAY = '2026-03-04';
const SATURDAY = '2026-03-07';
const KWH = 1_000_000;
const HAPPY_HOURS: FreeWindow[] = [{ fromMinute: 11 * 60, toMinute: 13 * 60 }];

/** A channel with the given micro-kWh at the given interval start times ('HH:mm'), zero elsewhere. */
function channel(
  suffix: string,
  intervalMinutes: number,
  reads: Record<string, number>,
  kind: ChannelDay['kind'] = suffix.startsWith('B') ? 'export' : 'import',
): ChannelDay {
  const values = new Array<number>(1440 / intervalMinutes).fill(0);
  for (const [clock, micro] of Object.entries(reads)) {
    const minute = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
    if (minute % intervalMinutes !== 0) throw new Error(`${clock} is not an interval start`);
    values[minute / intervalMinutes] = micro;
  }
  return { suffix, kind, intervalMinutes, values };
}

function tariff(input: TariffInput): Tariff {
  return tariffSchema.parse(input);
}

/** Peak 50 c weekdays 15:00-21:00; shoulder 30 c weekdays 07:00-15:00 and 21:00-22:00, weekends 07:00-22:00; off-peak 20 c. */
const testTimeOfUse = tariff(testTimeOfUseInput());

function price(t: Tariff, date: string, channels: ChannelDay[], freeWindows?: FreeWindow[]): DaySpend {
  const day = priceDay({ date, tariff: t, channels, freeWindows });
  if (!day) throw new Error('expected a priced day');
  return day;
}

describe('spend: flat rate', () => {
  it('prices a day of half-hours (FLAT-2026: 33.55 c/kWh, supply 118.80 c/day)', () => {
    // 48 x 0.5 kWh = 24 kWh; 24 x 33.55 = 805.20 c; total 805.20 + 118.80 = 924.00 c = $9.24.
    const e1: ChannelDay = {
      suffix: 'E1',
      kind: 'import',
      intervalMinutes: 30,
      values: new Array(48).fill(500_000),
    };
    const day = price(demoTariffs.flat, WEDNESDAY, [e1]);
    expect(day.gridSpend).toBe(cents('805.20'));
    expect(day.serviceCharge).toBe(cents('118.80'));
    expect(day.solarInput).toBe(0n);
    expect(day.concession).toBe(0n);
    expect(day.totalSpend).toBe(cents('924'));
    expect(toDollars(day.totalSpend)).toBe(9.24);
    expect(day.usageMicroKwh).toBe(24 * KWH);
    expect(day.tariffCode).toBe('FLAT-2026');
    // Each hour: 2 x 0.5 kWh = 1 kWh = 33.55 c, with no share of the service charge.
    expect(day.hours).toHaveLength(24);
    expect(day.hours[7]).toEqual({
      hour: 7,
      gridSpend: cents('33.55'),
      solarInput: 0n,
      totalSpend: cents('33.55'),
      usageMicroKwh: KWH,
      solarMicroKwh: 0,
    });
  });
});

describe('spend: time of use boundaries (peak from 15:00 on weekdays)', () => {
  const rateOf = (date: string, intervalMinutes: number, clock: string) => {
    const day = price(testTimeOfUse, date, [channel('E1', intervalMinutes, { [clock]: KWH })]);
    return toCents(day.gridSpend);
  };

  it('prices each interval at the rate of its start time', () => {
    // 1 kWh in one interval: the grid spend is the rate itself.
    expect(rateOf(WEDNESDAY, 30, '14:30')).toBe(30);
    expect(rateOf(WEDNESDAY, 30, '15:00')).toBe(50);
    expect(rateOf(WEDNESDAY, 15, '14:45')).toBe(30);
    expect(rateOf(WEDNESDAY, 15, '15:00')).toBe(50);
    expect(rateOf(WEDNESDAY, 5, '14:55')).toBe(30);
    expect(rateOf(WEDNESDAY, 5, '15:00')).toBe(50);
    expect(rateOf(WEDNESDAY, 5, '20:55')).toBe(50);
    expect(rateOf(WEDNESDAY, 30, '21:00')).toBe(30);
    expect(rateOf(WEDNESDAY, 30, '22:00')).toBe(20);
    expect(rateOf(WEDNESDAY, 5, '06:55')).toBe(20);
    expect(rateOf(WEDNESDAY, 5, '07:00')).toBe(30);
    expect(rateOf(WEDNESDAY, 30, '23:30')).toBe(20);
    // Weekends have no peak.
    expect(rateOf(SATURDAY, 30, '15:00')).toBe(30);
    expect(rateOf(SATURDAY, 30, '06:30')).toBe(20);
  });

  it('puts intervals in the hour they start in', () => {
    // 14:30 (shoulder 30 c) is in hour 14; 15:00 (peak 50 c) in hour 15.
    const day = price(testTimeOfUse, WEDNESDAY, [channel('E1', 30, { '14:30': KWH, '15:00': 2 * KWH })]);
    expect(day.hours[14]?.gridSpend).toBe(cents('30'));
    expect(day.hours[15]?.gridSpend).toBe(cents('100'));
    expect(day.gridSpend).toBe(cents('130'));
  });

  it('prices an interval that straddles a boundary at its start', () => {
    // Peak from 14:45: the 30-minute interval 14:30-15:00 is half in each period, and is all shoulder.
    const straddle = tariff({
      ...testTimeOfUse,
      usage: {
        type: 'time_of_use',
        periods: [
          { name: 'peak', cents_per_kwh: '50', windows: [{ days: 'all', from: '14:45', to: '24:00' }] },
          { name: 'shoulder', cents_per_kwh: '30', windows: [{ days: 'all', from: '00:00', to: '14:45' }] },
        ],
      },
    });
    const day = price(straddle, WEDNESDAY, [channel('E1', 30, { '14:30': KWH })]);
    expect(day.gridSpend).toBe(cents('30'));
    expect(usageRateAt(straddle, WEDNESDAY, 14 * 60 + 45).name).toBe('peak');
  });
});

describe('spend: discounts, concession, feed-in, controlled load', () => {
  it('applies the usage discount to general and controlled-load usage (TOU-2026: 5% off usage)', () => {
    // Peak 52.47 x 0.95 = 49.8465 c; controlled load (E2) 18.70 x 0.95 = 17.765 c; supply 121.00 c.
    const day = price(demoTariffs.timeOfUse, WEDNESDAY, [
      channel('E1', 30, { '15:00': KWH }),
      channel('E2', 30, { '15:00': KWH }),
    ]);
    expect(day.gridSpend).toBe(cents('67.6115'));
    expect(day.hours[15]?.gridSpend).toBe(cents('67.6115'));
    expect(day.serviceCharge).toBe(cents('121'));
    expect(day.usageMicroKwh).toBe(2 * KWH);
    expect(usageRateAt(demoTariffs.timeOfUse, WEDNESDAY, 15 * 60).perKwh).toBe(cents('49.8465'));
    expect(usageRateAt(demoTariffs.timeOfUse, WEDNESDAY, 15 * 60, 'E2')).toEqual({
      name: 'controlled_load',
      perKwh: cents('17.765'),
    });
  });

  it('applies a supply discount and a usage discount', () => {
    // Supply 118.80 x (1 - 0.10) = 106.92 c; usage 33.55 x (1 - 0.125) = 29.35625 c for 1 kWh.
    const discounted = tariff({
      ...demoTariffs.flat,
      discounts: { usage_percent: 12.5, supply_percent: '10' },
    });
    const day = price(discounted, WEDNESDAY, [channel('E1', 30, { '09:00': KWH })]);
    expect(day.serviceCharge).toBe(cents('106.92'));
    expect(day.gridSpend).toBe(cents('29.35625'));
    expect(day.totalSpend).toBe(cents('136.27625'));
    expect(toDollars(day.totalSpend)).toBe(1.36);
  });

  it('subtracts the daily concession', () => {
    // 1 kWh x 33.55 + 118.80 supply - 150.30 concession = 2.05 c.
    const concession = tariff({ ...demoTariffs.flat, concession_cents_per_day: '150.30' });
    const day = price(concession, WEDNESDAY, [channel('E1', 30, { '09:00': KWH })]);
    expect(day.concession).toBe(cents('150.30'));
    expect(day.totalSpend).toBe(cents('2.05'));
    // A concession larger than the day's charges gives a credit day.
    const idle = price(concession, WEDNESDAY, [channel('E1', 30, {})]);
    expect(idle.totalSpend).toBe(cents('-31.50'));
    expect(toDollars(idle.totalSpend)).toBe(-0.32);
  });

  it('credits exported energy at the feed-in rate (SOLAR-2026: 35.20 c, feed-in 5.50 c, supply 112.20 c)', () => {
    // Import 2 kWh at 18:00 = 70.40 c; export 3 kWh at 12:00 = 16.50 c credit;
    // total 70.40 + 112.20 - 16.50 = 166.10 c.
    const day = price(demoTariffs.solar, WEDNESDAY, [
      channel('E1', 30, { '18:00': 2 * KWH }),
      channel('B1', 30, { '12:00': 3 * KWH }),
    ]);
    expect(day.gridSpend).toBe(cents('70.40'));
    expect(day.solarInput).toBe(cents('16.50'));
    expect(day.solarMicroKwh).toBe(3 * KWH);
    expect(day.totalSpend).toBe(cents('166.10'));
    // An hour's total is grid - solar: the export hour is a credit.
    expect(day.hours[12]?.totalSpend).toBe(cents('-16.50'));
    expect(day.hours[12]?.solarMicroKwh).toBe(3 * KWH);
  });

  it('counts export without a feed-in rate as energy only', () => {
    const day = price(demoTariffs.flat, WEDNESDAY, [
      channel('E1', 30, {}),
      channel('B1', 30, { '12:00': KWH }),
    ]);
    expect(day.solarInput).toBe(0n);
    expect(day.solarMicroKwh).toBe(KWH);
  });

  it('prices controlled-load suffixes at their rate and other import channels at the usage rate', () => {
    // FLAT-2026 has no controlled load: E2 is general usage at 33.55 c.
    expect(price(demoTariffs.flat, WEDNESDAY, [channel('E2', 30, { '03:00': KWH })]).gridSpend).toBe(
      cents('33.55'),
    );
    // TOU-2026 prices E2 only as controlled load; E3 is general usage (off-peak 21.45 x 0.95 = 20.3775 c).
    const tou = demoTariffs.timeOfUse;
    expect(price(tou, WEDNESDAY, [channel('E2', 30, { '03:00': KWH })]).gridSpend).toBe(cents('17.765'));
    expect(price(tou, WEDNESDAY, [channel('E3', 30, { '03:00': KWH })]).gridSpend).toBe(cents('20.3775'));
    // Custom suffixes replace the default E2.
    const e3 = tariff({ ...demoTariffs.flat, controlled_load: { cents_per_kwh: '20', suffixes: ['E3'] } });
    expect(price(e3, WEDNESDAY, [channel('E3', 30, { '03:00': KWH })]).gridSpend).toBe(cents('20'));
    expect(price(e3, WEDNESDAY, [channel('E2', 30, { '03:00': KWH })]).gridSpend).toBe(cents('33.55'));
  });

  it('ignores channels that are neither import nor export', () => {
    const day = price(demoTariffs.flat, WEDNESDAY, [
      channel('E1', 30, { '03:00': KWH }),
      channel('Q1', 30, { '03:00': 9 * KWH }, 'other'),
    ]);
    expect(day.gridSpend).toBe(cents('33.55'));
    expect(day.usageMicroKwh).toBe(KWH);
  });
});

describe('spend: free windows (Happy Hours 11:00-13:00)', () => {
  const reads = { '10:30': KWH, '11:00': KWH, '12:30': KWH, '13:00': KWH };

  it('makes usage free from 11:00 (included) to 13:00 (excluded) on a weekday', () => {
    // 10:30 and 13:00 are charged at shoulder 30 c = 60 c; 11:00 and 12:30 are free. Supply still 100 c.
    const day = price(testTimeOfUse, WEDNESDAY, [channel('E1', 30, reads)], HAPPY_HOURS);
    expect(day.gridSpend).toBe(cents('60'));
    expect(day.serviceCharge).toBe(cents('100'));
    expect(day.usageMicroKwh).toBe(4 * KWH);
    expect(day.hours[11]).toMatchObject({ gridSpend: 0n, usageMicroKwh: KWH });
    expect(day.hours[12]).toMatchObject({ gridSpend: 0n, usageMicroKwh: KWH });
    expect(day.hours[13]?.gridSpend).toBe(cents('30'));
  });

  it('uses interval starts at 5-minute resolution too', () => {
    const fiveMinutes = { '10:55': KWH, '11:00': KWH, '12:55': KWH, '13:00': KWH };
    const day = price(testTimeOfUse, WEDNESDAY, [channel('E1', 5, fiveMinutes)], HAPPY_HOURS);
    expect(day.gridSpend).toBe(cents('60'));
  });

  it('does not apply on weekends', () => {
    // All four kWh at weekend shoulder 30 c.
    const day = price(testTimeOfUse, SATURDAY, [channel('E1', 30, reads)], HAPPY_HOURS);
    expect(day.gridSpend).toBe(cents('120'));
  });

  it('covers controlled load but leaves the feed-in credit', () => {
    const day = price(
      demoTariffs.timeOfUse,
      WEDNESDAY,
      [
        channel('E1', 30, { '11:30': KWH }),
        channel('E2', 30, { '11:30': KWH }),
        channel('B1', 30, { '11:30': KWH }),
      ],
      HAPPY_HOURS,
    );
    expect(day.gridSpend).toBe(0n);
    expect(day.solarInput).toBe(cents('4'));
    expect(day.totalSpend).toBe(cents('121') - cents('4'));
  });

  it('rejects a window that is not within a day', () => {
    const e1 = [channel('E1', 30, {})];
    expect(() => price(testTimeOfUse, WEDNESDAY, e1, [{ fromMinute: 780, toMinute: 660 }])).toThrow(
      RangeError,
    );
    expect(() => price(testTimeOfUse, WEDNESDAY, e1, [{ fromMinute: 0, toMinute: 1441 }])).toThrow(
      RangeError,
    );
  });
});

describe('spend: a plan change within a period', () => {
  it('prices each day under the tariff in force that day', () => {
    // FLAT-2026 until Tuesday 3 March, TOU-2026 from Wednesday 4 March. 1 kWh at 16:00 each day:
    // Tuesday flat 33.55 c + 118.80 c; Wednesday peak 49.8465 c + 121.00 c.
    const assignments = [
      { tariff: demoTariffs.flat, startDate: '2026-01-01' },
      { tariff: demoTariffs.timeOfUse, startDate: '2026-03-04' },
    ];
    const totals = ['2026-03-03', '2026-03-04'].map((date) => {
      const t = tariffForDay(assignments, date);
      if (!t) throw new Error('no tariff');
      return price(t, date, [channel('E1', 30, { '16:00': KWH })]).totalSpend;
    });
    expect(totals).toEqual([cents('152.35'), cents('170.8465')]);
  });
});

describe('spend: a range of days', () => {
  it('prices each date under its tariff and Happy Hours slot, skipping days without data or tariff', () => {
    // 1 kWh at 11:00 each day. Tue 3 March: FLAT 33.55 c, no slot yet. Wed 4 March: TOU shoulder
    // 30.25 x 0.95 = 28.7375 c, slot 11:00-13:00 effective from Wednesday, so free. Thu 5 March: slot
    // withdrawn, charged 28.7375 c. Fri 6 March: export only (no data). 28 February: before any tariff.
    const at11 = (date: string) => ({ date, ...channel('E1', 30, { '11:00': KWH }) });
    const slots = [
      { slot: '11:00-13:00', effectiveDate: '2026-03-04' },
      { slot: null, effectiveDate: '2026-03-05' },
    ];
    const days = priceDays({
      reads: [
        at11('2026-03-05'),
        at11('2026-03-03'),
        at11('2026-03-04'),
        at11('2026-02-28'),
        { date: '2026-03-06', ...channel('B1', 30, { '12:00': KWH }) },
      ],
      assignments: [
        { tariff: demoTariffs.flat, startDate: '2026-03-01' },
        { tariff: demoTariffs.timeOfUse, startDate: '2026-03-04' },
      ],
      freeWindowsFor: (date) => freeWindowsOn(slots, date),
    });
    expect([...days.keys()]).toEqual(['2026-03-03', '2026-03-04', '2026-03-05']);
    expect([...days.values()].map((day) => day.gridSpend)).toEqual([cents('33.55'), 0n, cents('28.7375')]);
    expect(freeWindowsOn(slots, '2026-03-03')).toEqual([]);
    expect(freeWindowsOn(slots, '2026-03-04')).toEqual(HAPPY_HOURS);
  });
});

describe('spend: missing data', () => {
  it('answers null, not zero, for a day without import reads', () => {
    const t = demoTariffs.solar;
    expect(priceDay({ date: WEDNESDAY, tariff: t, channels: [] })).toBeNull();
    expect(
      priceDay({ date: WEDNESDAY, tariff: t, channels: [channel('B1', 30, { '12:00': KWH })] }),
    ).toBeNull();
    expect(
      priceDay({ date: WEDNESDAY, tariff: t, channels: [channel('Q1', 30, { '12:00': KWH }, 'other')] }),
    ).toBeNull();
    // NEM12 quality N is null data: no reads, whatever the values say.
    const nullData = { ...channel('E1', 30, {}), quality: 'N'.repeat(48) };
    expect(priceDay({ date: WEDNESDAY, tariff: t, channels: [nullData] })).toBeNull();
    expect(priceDay({ date: WEDNESDAY, tariff: t, channels: [{ ...nullData, quality: 'N' }] })).toBeNull();
  });

  it('prices a day of zero reads as data (supply only)', () => {
    const day = price(demoTariffs.flat, WEDNESDAY, [{ ...channel('E1', 30, {}), quality: 'A'.repeat(48) }]);
    expect(day.totalSpend).toBe(cents('118.80'));
  });

  it('rejects malformed reads', () => {
    const t = demoTariffs.flat;
    const bad = (patch: Partial<ChannelDay>) => () =>
      priceDay({ date: WEDNESDAY, tariff: t, channels: [{ ...channel('E1', 30, {}), ...patch }] });
    expect(bad({ values: new Array(47).fill(0) })).toThrow('47 values for 30-minute intervals, expected 48');
    expect(bad({ intervalMinutes: 20, values: new Array(72).fill(0) })).toThrow('not 5, 15 or 30');
    expect(bad({ values: [...new Array(47).fill(0), 0.5] })).toThrow('not a non-negative integer');
    expect(bad({ values: [...new Array(47).fill(0), -1] })).toThrow('not a non-negative integer');
  });
});

describe('spend: exactness', () => {
  it('3 intervals of 0.1 kWh at 33.33 c are exactly 9.999 c', () => {
    // 3 x 0.1 x 33.33 = 9.999 c.
    const rate = tariff({ ...demoTariffs.flat, usage: { type: 'flat', cents_per_kwh: '33.33' } });
    const day = price(rate, WEDNESDAY, [
      channel('E1', 30, { '00:00': 100_000, '00:30': 100_000, '01:00': 100_000 }),
    ]);
    expect(day.gridSpend).toBe(cents('9.999'));
    expect(formatDollars(day.gridSpend)).toBe('0.09999');
    expect(toDollars(day.gridSpend)).toBe(0.1);
  });

  it('sums a quarter of half-hours to the exact figure', () => {
    // 90 days x 48 x 0.1 kWh x 33.33 c = 432 kWh x 33.33 c = 14398.56 c.
    const rate = tariff({ ...demoTariffs.flat, usage: { type: 'flat', cents_per_kwh: '33.33' } });
    const e1: ChannelDay = {
      suffix: 'E1',
      kind: 'import',
      intervalMinutes: 30,
      values: new Array(48).fill(100_000),
    };
    const grid = sumMoney(Array.from({ length: 90 }, () => price(rate, WEDNESDAY, [e1]).gridSpend));
    expect(grid).toBe(cents('14398.56'));
    // The same sum in binary floating point drifts: 14398.560000000622.
    let float = 0;
    for (let i = 0; i < 90 * 48; i++) float += 0.1 * 33.33;
    expect(float).not.toBe(14398.56);
  });
});

/** The obvious per-interval pricing, for comparison with the engine's bucketed sums. */
function referencePrice(t: Tariff, date: string, channels: ChannelDay[], free: FreeWindow[]) {
  const hours = Array.from({ length: 24 }, () => ({ grid: 0n, solar: 0n }));
  const weekday = dayOfWeek(date) < 5;
  const feedIn = cents(t.feed_in_cents_per_kwh);
  for (const c of channels) {
    c.values.forEach((micro, i) => {
      const minute = i * c.intervalMinutes;
      const hour = hours[Math.floor(minute / 60)];
      if (!hour) throw new Error('no hour');
      if (c.kind === 'export') hour.solar += (BigInt(micro) * feedIn) / 1_000_000n;
      if (c.kind !== 'import') return;
      if (weekday && free.some((w) => minute >= w.fromMinute && minute < w.toMinute)) return;
      hour.grid += (BigInt(micro) * usageRateAt(t, date, minute, c.suffix).perKwh) / 1_000_000n;
    });
  }
  return hours;
}

describe('spend: additivity (property)', () => {
  const tariffs = [demoTariffs.flat, demoTariffs.timeOfUse, demoTariffs.solar, testTimeOfUse];
  const intervalMinutes = fc.constantFrom(5, 15, 30);
  const channelOf = (suffix: string, kind: ChannelDay['kind']) =>
    intervalMinutes.chain((minutes) =>
      fc
        .array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 * KWH })), {
          minLength: 1440 / minutes,
          maxLength: 1440 / minutes,
        })
        .map((values): ChannelDay => ({ suffix, kind, intervalMinutes: minutes, values })),
    );
  const dayInput = fc.record({
    tariff: fc.constantFrom(...tariffs),
    date: fc
      .integer({ min: 0, max: 364 })
      .map((offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10)),
    channels: fc
      .tuple(
        channelOf('E1', 'import'),
        fc.option(channelOf('E2', 'import')),
        fc.option(channelOf('B1', 'export')),
      )
      .map((list) => list.filter((c): c is ChannelDay => c !== null)),
    free: fc.option(
      fc
        .tuple(fc.integer({ min: 0, max: 287 }), fc.integer({ min: 1, max: 288 }))
        .map(([a, b]) => [{ fromMinute: Math.min(a, b - 1) * 5, toMinute: Math.max(a + 1, b) * 5 }]),
      { nil: [] as FreeWindow[] },
    ),
  });

  it('a day equals the sum of its hours, and each hour the sum of its intervals', () => {
    fc.assert(
      fc.property(dayInput, ({ tariff: t, date, channels, free }) => {
        const day = price(t, date, channels, free);
        const hours = day.hours;
        expect(sumMoney(hours.map((h) => h.gridSpend))).toBe(day.gridSpend);
        expect(sumMoney(hours.map((h) => h.solarInput))).toBe(day.solarInput);
        expect(sumMoney(hours.map((h) => h.totalSpend)) + day.serviceCharge - day.concession).toBe(
          day.totalSpend,
        );
        expect(hours.reduce((s, h) => s + h.usageMicroKwh, 0)).toBe(day.usageMicroKwh);
        expect(hours.reduce((s, h) => s + h.solarMicroKwh, 0)).toBe(day.solarMicroKwh);
        const reference = referencePrice(t, date, channels, free);
        expect(hours.map((h) => [h.gridSpend, h.solarInput])).toEqual(
          reference.map((h) => [h.grid, h.solar]),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('money', () => {
  it('rounds half away from zero only at the edge', () => {
    expect(toDollars(cents('0.5'))).toBe(0.01);
    expect(toDollars(cents('-0.5'))).toBe(-0.01);
    expect(toDollars(cents('0.4999999'))).toBe(0);
    expect(Object.is(toDollars(cents('-0.4')), 0)).toBe(true);
    expect(toDollars(dollars('1234.5678'), 3)).toBe(1234.568);
    expect(toDollars(dollars('19.995'))).toBe(20);
    expect(toDollars(dollars('0.07'))).toBe(0.07);
    expect(toDollars(dollars('12.345'), 0)).toBe(12);
    expect(toCents(cents('9.999'))).toBe(10);
    expect(toCents(cents('9.999'), 3)).toBe(9.999);
  });

  it('parses and prints exact decimals', () => {
    expect(parseScaled('32.45', 6)).toBe(32_450_000n);
    expect(parseScaled('-1.5', 2)).toBe(-150n);
    expect(() => parseScaled('1.2345', 3)).toThrow('more than 3 decimals');
    expect(() => parseScaled('1e5', 3)).toThrow('not a decimal');
    expect(formatDollars(dollars('-0.000001'))).toBe('-0.000001');
    expect(formatDollars(dollars('120'))).toBe('120');
    expect(formatDollars(0n)).toBe('0');
  });

  it('takes means and ratios', () => {
    expect(meanMoney([])).toBeNull();
    expect(meanMoney([cents('1'), cents('2')])).toBe(cents('1.5'));
    expect(meanMoney([1n, 2n])).toBe(2n);
    expect(meanMoney([-1n, -2n])).toBe(-2n);
    expect(moneyRatio(cents('3'), cents('2'))).toBe(1.5);
    expect(moneyRatio(cents('3'), 0n)).toBeNull();
  });

  it('converts micro-kWh to kWh', () => {
    expect(microKwhToKwh(1_234_567)).toBe(1.235);
    expect(microKwhToKwh(1_234_500)).toBe(1.235);
    expect(microKwhToKwh(1_234_499)).toBe(1.234);
    expect(microKwhToKwh(1_234_567, 6)).toBe(1.234567);
    expect(microKwhToKwh(-1_500_000, 0)).toBe(-2);
  });

  it('keeps money as integers of attocents', () => {
    const charge: Money = cents('0.000000000000000001');
    expect(charge).toBe(1n);
  });
});
