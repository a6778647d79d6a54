/** A priced day (decision 0021): what is stored of a day, and what the forecast derives from it. */
import { timeSlotIds } from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { priceAccountDay, qualityOfDay, totalWithOnlyWindow } from '../../src/domains/billing/priced-day.ts';
import { type ChannelDay, priceDay } from '../../src/domains/billing/spend.ts';
import { mergeRanges } from '../../src/domains/billing/stale-days.ts';
import { freeWindowFromSlot } from '../../src/domains/billing/tariff.ts';

const KWH = 1_000_000;
const tariffs = [demoTariffs.flat, demoTariffs.timeOfUse, demoTariffs.solar];
const WEDNESDAY = '2026-03-04';
const SATURDAY = '2026-03-07';

const channelOf = (suffix: string, kind: ChannelDay['kind']) =>
  fc.constantFrom(5, 15, 30).chain((minutes) =>
    fc
      .array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2 * KWH })), {
        minLength: 1440 / minutes,
        maxLength: 1440 / minutes,
      })
      .map((values): ChannelDay => ({ suffix, kind, intervalMinutes: minutes, values })),
  );

describe('a priced day', () => {
  it('prices as the engine does, and knows the charges Happy Hours waived in each hour', () => {
    const e1: ChannelDay = {
      suffix: 'E1',
      kind: 'import',
      intervalMinutes: 30,
      values: new Array(48).fill(KWH),
    };
    const day = priceAccountDay({
      date: WEDNESDAY,
      channels: [e1],
      assignments: [{ startDate: '1900-01-01', tariff: demoTariffs.flat }],
      freeWindows: [freeWindowFromSlot('11:00-13:00')],
    });
    const charged = priceDay({ date: WEDNESDAY, tariff: demoTariffs.flat, channels: [e1] });
    expect(day.spend).toEqual(
      priceDay({
        date: WEDNESDAY,
        tariff: demoTariffs.flat,
        channels: [e1],
        freeWindows: [freeWindowFromSlot('11:00-13:00')],
      }),
    );
    // Two kWh an hour at the flat rate, in hours 11 and 12 only.
    const hourCharge = charged?.hours[11]?.gridSpend ?? 0n;
    expect(hourCharge).toBeGreaterThan(0n);
    expect(day.waived).toEqual(
      Array.from({ length: 24 }, (_, hour) => (hour === 11 || hour === 12 ? hourCharge : 0n)),
    );
    expect(day.usageMicroKwh).toBe(48 * KWH);
  });

  it('waives nothing on a weekend, and stores no waived hours then', () => {
    const e1: ChannelDay = {
      suffix: 'E1',
      kind: 'import',
      intervalMinutes: 30,
      values: new Array(48).fill(KWH),
    };
    const day = priceAccountDay({
      date: SATURDAY,
      channels: [e1],
      assignments: [{ startDate: '1900-01-01', tariff: demoTariffs.flat }],
      freeWindows: [freeWindowFromSlot('11:00-13:00')],
    });
    expect(day.waived).toBeNull();
  });

  it('is not priced without a tariff or without import data that counts, but keeps its usage and quality', () => {
    const nullData: ChannelDay = {
      suffix: 'E1',
      kind: 'import',
      intervalMinutes: 30,
      values: new Array(48).fill(0),
      quality: 'N'.repeat(48),
    };
    const noData = priceAccountDay({
      date: WEDNESDAY,
      channels: [nullData],
      assignments: [{ startDate: '1900-01-01', tariff: demoTariffs.flat }],
      freeWindows: [],
    });
    expect(noData).toMatchObject({ hasImport: true, usageMicroKwh: null, spend: null, quality: { day: 1 } });
    const untariffed = priceAccountDay({
      date: WEDNESDAY,
      channels: [{ suffix: 'E1', kind: 'import', intervalMinutes: 30, values: new Array(48).fill(KWH) }],
      assignments: [{ startDate: '2026-04-01', tariff: demoTariffs.flat }],
      freeWindows: [],
    });
    expect(untariffed).toMatchObject({ usageMicroKwh: 48 * KWH, spend: null, quality: { day: 0 } });
  });

  it('has the share of estimated intervals per day and hour, hand-counted', () => {
    // 30-minute intervals: the first 12 (hours 0-5) estimated, one more substituted at 20:30.
    const quality = `${'E'.repeat(12)}${'A'.repeat(29)}S${'A'.repeat(6)}`;
    const shares = qualityOfDay([
      { suffix: 'E1', kind: 'import', intervalMinutes: 30, values: new Array(48).fill(0), quality },
      {
        suffix: 'B1',
        kind: 'export',
        intervalMinutes: 30,
        values: new Array(48).fill(0),
        quality: 'E'.repeat(48),
      },
    ]);
    expect(shares?.day).toBe(0.27); // 13 of 48
    expect(shares?.hours).toEqual(Array.from({ length: 24 }, (_, h) => (h < 6 ? 1 : h === 20 ? 0.5 : 0)));
  });

  it('gives the day as if only the last chosen slot were free, equal to pricing it so (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tariffs),
        fc.integer({ min: 0, max: 13 }).map((offset) => `2026-03-${String(2 + offset).padStart(2, '0')}`),
        channelOf('E1', 'import'),
        fc.option(channelOf('E2', 'import'), { nil: undefined }),
        fc.option(channelOf('B1', 'export'), { nil: undefined }),
        fc.option(fc.constantFrom(...timeSlotIds), { nil: undefined }),
        fc.constantFrom(...timeSlotIds),
        (tariff, date, e1, e2, b1, inForce, latest) => {
          const channels = [e1, e2, b1].filter((channel): channel is ChannelDay => channel !== undefined);
          const day = priceAccountDay({
            date,
            channels,
            assignments: [{ startDate: '1900-01-01', tariff }],
            freeWindows: inForce ? [freeWindowFromSlot(inForce)] : [],
          });
          if (!day.spend) throw new Error('an import channel is always there');
          const window = freeWindowFromSlot(latest);
          expect(totalWithOnlyWindow(day.spend, day.waived, window)).toBe(
            priceDay({ date, tariff, channels, freeWindows: [window] })?.totalSpend,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ranges to price again', () => {
  it('merges overlapping and unbounded ranges, keeping apart what is apart', () => {
    expect(
      mergeRanges([
        { from: '2026-03-10', to: '2026-03-12' },
        { from: '2026-03-01', to: '2026-03-03' },
        { from: '2026-03-11', to: '2026-03-20' },
      ]),
    ).toEqual([
      { from: '2026-03-01', to: '2026-03-03' },
      { from: '2026-03-10', to: '2026-03-20' },
    ]);
    expect(
      mergeRanges([
        { from: '2026-03-05', to: null },
        { from: '2026-03-01', to: '2026-03-06' },
      ]),
    ).toEqual([{ from: '2026-03-01', to: null }]);
    expect(
      mergeRanges([
        { from: '2026-03-05', to: '2026-03-06' },
        { from: null, to: null },
      ]),
    ).toEqual([{ from: null, to: null }]);
  });
});
