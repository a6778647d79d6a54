/**
 * This quarter against last year (issue 28 item 2, docs/tracker-figures.md#this-quarter-against-last-year): a
 * quarter worked by hand with a price change and fewer days than last year, the rule for enough data, and for
 * any days the parts add up to the difference as shown.
 */
import { addDays, QUARTER_COMPARE_MIN_DAYS } from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTOCENTS_PER_CENT, type Money } from '../../src/domains/billing/money.ts';
import type { DaySpend } from '../../src/domains/billing/spend.ts';
import {
  type ComparedDay,
  compareQuarter,
  comparisonReadRanges,
  sameDateLastYear,
} from '../../src/domains/tracker/quarter-comparison.ts';

const CENT = ATTOCENTS_PER_CENT;
const KWH = 1_000_000;

/** A priced day from whole figures: kWh, usage charges, supply, solar credit, concession (cents), waived. */
function day(
  date: string,
  {
    kwh,
    usage,
    supply,
    solar = 0,
    concession = 0,
    waived = 0,
  }: { kwh: number; usage: number; supply: number; solar?: number; concession?: number; waived?: number },
): [string, ComparedDay] {
  const grid = BigInt(usage) * CENT;
  const spend: DaySpend = {
    date,
    tariffCode: 'T',
    gridSpend: grid,
    solarInput: BigInt(solar) * CENT,
    serviceCharge: BigInt(supply) * CENT,
    concession: BigInt(concession) * CENT,
    totalSpend: grid + (BigInt(supply) - BigInt(solar) - BigInt(concession)) * CENT,
    usageMicroKwh: Number(kwh) * KWH,
    solarMicroKwh: 0,
    hours: [],
  };
  const hourWaived = BigInt(waived) === 0n ? null : [BigInt(waived) * CENT];
  return [date, { spend, waived: hourWaived }];
}

const dates = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));
const EVERY = { from: null, to: null };

describe('this quarter against last year, worked by hand', () => {
  it('splits a dearer quarter with fewer days into days, usage and prices', () => {
    // Last year: every day of the quarter 10 kWh at 25c ($2.50) and $1 supply: $3.50 a day, $322 for 92 days.
    // This year, 1-20 October but 5 and 6 October missing: 18 days of 11 kWh at 30c ($3.30) and $1.10 supply.
    // This year $79.20 against $70.00 for 1-20 October 2025: $9.20 more. Days: 2 fewer at last year's $1 supply,
    // -$2.00. Usage: 198 kWh against 200, at last year's 25c, -$0.50. Prices: $59.40 of usage less 198 kWh at
    // 25c ($49.50), $9.90, and $19.80 of supply less last year's $20.00 less the days' -$2.00, $1.80: $11.70.
    const days = new Map<string, ComparedDay>([
      ...dates('2025-10-01', 92).map((date) => day(date, { kwh: 10, usage: 250, supply: 100 })),
      ...dates('2026-10-01', 20)
        .filter((date) => date !== '2026-10-05' && date !== '2026-10-06')
        .map((date) => day(date, { kwh: 11, usage: 330, supply: 110 })),
    ]);
    const result = compareQuarter({ today: '2026-10-21', supply: EVERY, days, projectedTotal: 401.5 });
    expect(result).toMatchObject({
      quarter_start: '2026-10-01',
      quarter_end: '2026-12-31',
      this_year: { from: '2026-10-01', to: '2026-10-20', total: 79.2, days_with_data: 18, days: 20 },
      same_dates_last_year: { from: '2025-10-01', to: '2025-10-20', total: 70, days_with_data: 20, days: 20 },
      last_year_quarter: { from: '2025-10-01', to: '2025-12-31', total: 322, days_with_data: 92, days: 92 },
      projected_total: 401.5,
      enough_data: true,
      difference: 9.2,
    });
    expect(result.parts).toEqual([
      { part: 'days', amount: -2 },
      { part: 'usage', amount: -0.5 },
      { part: 'prices', amount: 11.7 },
    ]);
  });

  it('names the solar credit, Happy Hours and concessions when either period has them', () => {
    // Last year 20 days: 10 kWh, $2.50 usage, $1 supply, $0.40 solar credit, $0.30 concession: $2.80 a day.
    // This year 20 days: 10 kWh, $2 charged after $0.50 of free Happy Hours, $1 supply, $0.60 solar credit, no
    // concession: $2.40 a day. $48 against $56: -$8. Days 0, usage 0, prices 0; solar -$4 (more credit),
    // Happy Hours -$10, concessions +$6 (the concession ended).
    const days = new Map<string, ComparedDay>([
      ...dates('2025-10-01', 20).map((date) =>
        day(date, { kwh: 10, usage: 250, supply: 100, solar: 40, concession: 30 }),
      ),
      ...dates('2026-10-01', 20).map((date) =>
        day(date, { kwh: 10, usage: 200, supply: 100, solar: 60, waived: 50 }),
      ),
    ]);
    const result = compareQuarter({ today: '2026-10-21', supply: EVERY, days, projectedTotal: null });
    expect(result.difference).toBe(-8);
    expect(result.parts).toEqual([
      { part: 'days', amount: 0 },
      { part: 'usage', amount: 0 },
      { part: 'prices', amount: 0 },
      { part: 'solar', amount: -4 },
      { part: 'happy_hours', amount: -10 },
      { part: 'concessions', amount: 6 },
    ]);
  });

  it('compares only with enough data: 14 days into the quarter, 80% of the days in each period', () => {
    const full = (from: string, count: number) =>
      dates(from, count).map((date) => day(date, { kwh: 10, usage: 250, supply: 100 }));
    const lastYear = full('2025-10-01', 92);
    const early = compareQuarter({
      today: addDays('2026-10-01', QUARTER_COMPARE_MIN_DAYS - 1),
      supply: EVERY,
      days: new Map([...lastYear, ...full('2026-10-01', 13)]),
      projectedTotal: null,
    });
    expect(early).toMatchObject({ enough_data: false, difference: null, parts: [] });
    expect(early.method[0]).toBe(
      'Not enough data to compare with last year yet: we compare once 14 days of the quarter have passed and both this quarter and the same dates last year have meter data for at least 80% of their days.',
    );
    const onTime = compareQuarter({
      today: addDays('2026-10-01', QUARTER_COMPARE_MIN_DAYS),
      supply: EVERY,
      days: new Map([...lastYear, ...full('2026-10-01', 14)]),
      projectedTotal: null,
    });
    expect(onTime.enough_data).toBe(true);
    // 16 of 20 days is 80%: enough; 15 is not. Last year likewise.
    const sparse = (kept: number) =>
      compareQuarter({
        today: '2026-10-21',
        supply: EVERY,
        days: new Map([...lastYear, ...full('2026-10-01', kept)]),
        projectedTotal: null,
      }).enough_data;
    expect([sparse(16), sparse(15)]).toEqual([true, false]);
    const thinLastYear = compareQuarter({
      today: '2026-10-21',
      supply: EVERY,
      days: new Map([...full('2025-10-01', 15), ...full('2026-10-01', 20)]),
      projectedTotal: null,
    });
    expect(thinLastYear.enough_data).toBe(false);
    // An account that moved in this quarter is compared from its first day, and had no days last year.
    const movedIn = compareQuarter({
      today: '2026-10-21',
      supply: { from: '2026-10-03', to: null },
      days: new Map([...lastYear, ...full('2026-10-01', 20)]),
      projectedTotal: null,
    });
    expect(movedIn.this_year).toMatchObject({ from: '2026-10-03', days: 18 });
  });

  it('reads last year’s quarter and this quarter so far; 29 February a year on is the 28th', () => {
    expect(comparisonReadRanges('2026-11-21')).toEqual([
      { from: '2025-10-01', to: '2025-12-31' },
      { from: '2026-10-01', to: '2026-11-20' },
    ]);
    expect(sameDateLastYear('2028-02-29')).toBe('2027-02-28');
    expect(sameDateLastYear('2026-03-01')).toBe('2025-03-01');
  });
});

describe('the parts add up', () => {
  it('to the difference as shown, for any days, prices and credits', () => {
    const cents = fc.bigInt({ min: 0n, max: 2000n * CENT });
    const dayArb = fc.option(
      fc.record({
        kwh: fc.integer({ min: 0, max: 40 * KWH }),
        usage: cents,
        supply: cents,
        solar: fc.oneof(fc.constant(0n), cents),
        concession: fc.oneof(fc.constant(0n), cents),
        waived: fc.oneof(fc.constant(0n), cents),
      }),
      { nil: undefined },
    );
    fc.assert(
      fc.property(fc.array(dayArb, { minLength: 40, maxLength: 40 }), (figures) => {
        const days = new Map<string, ComparedDay>();
        figures.forEach((entry, index) => {
          if (!entry) return;
          const date = index < 20 ? addDays('2025-10-01', index) : addDays('2026-10-01', index - 20);
          const total = entry.usage + entry.supply - entry.solar - entry.concession;
          days.set(date, {
            spend: {
              date,
              tariffCode: 'T',
              gridSpend: entry.usage,
              solarInput: entry.solar,
              serviceCharge: entry.supply,
              concession: entry.concession,
              totalSpend: total,
              usageMicroKwh: entry.kwh,
              solarMicroKwh: 0,
              hours: [],
            },
            waived: entry.waived === 0n ? null : [entry.waived as Money],
          });
        });
        const result = compareQuarter({ today: '2026-10-21', supply: EVERY, days, projectedTotal: null });
        if (!result.enough_data) return;
        const sum = result.parts.reduce((total, part) => total + Math.round(part.amount * 100), 0);
        expect(sum).toBe(Math.round((result.difference ?? 0) * 100));
        expect(Math.round((result.difference ?? 0) * 100)).toBe(
          Math.round(result.this_year.total * 100) - Math.round(result.same_dates_last_year.total * 100),
        );
      }),
      { numRuns: 300 },
    );
  });
});
