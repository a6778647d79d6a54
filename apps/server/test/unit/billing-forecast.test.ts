import {
  addDays,
  dateOfDayNumber,
  dayNumber,
  dayOfWeek,
  eachDate,
  forecastMethods,
  weekdayOfDayNumber,
} from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billingQuarter,
  dailyTotals,
  daysLeftInQuarter,
  forecastQuarter,
  forecastReadRanges,
} from '../../src/domains/billing/forecast.ts';
import { dollars, type Money } from '../../src/domains/billing/money.ts';
import type { DaySpend } from '../../src/domains/billing/spend.ts';

/** Daily spend from `from` to `to`, in dollars given per date. */
function history(
  from: string,
  to: string,
  value: (date: string) => string | null,
  into = new Map<string, Money>(),
) {
  for (const date of eachDate(from, to)) {
    const dayValue = value(date);
    if (dayValue !== null) into.set(date, dollars(dayValue));
  }
  return into;
}

/** Weekdays $5, weekends $8: weekend days cost more. */
const weekPattern = (date: string) => (dayOfWeek(date) < 5 ? '5' : '8');

// Wednesday 13 May 2026, in the quarter 1 April - 30 June 2026 (91 days). 1 April 2026 is a Wednesday, so
// 1 April - 12 May is exactly 6 weeks (42 days: 30 weekdays, 12 weekend days) and 13 May - 30 June exactly
// 7 weeks (49 days: 35 weekdays, 14 weekend days).
const TODAY = '2026-05-13';

describe('billing quarter', () => {
  it('is a calendar quarter by default, movable by a month offset', () => {
    expect(billingQuarter(TODAY)).toEqual({ start: '2026-04-01', end: '2026-06-30' });
    expect(billingQuarter(TODAY, 1)).toEqual({ start: '2026-05-01', end: '2026-07-31' });
    expect(billingQuarter(TODAY, 2)).toEqual({ start: '2026-03-01', end: '2026-05-31' });
    expect(billingQuarter('2026-01-15', 1)).toEqual({ start: '2025-11-01', end: '2026-01-31' });
    expect(billingQuarter('2024-02-10', 2)).toEqual({ start: '2023-12-01', end: '2024-02-29' });
    expect(billingQuarter('2026-12-31')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(billingQuarter('2026-10-01')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(() => billingQuarter(TODAY, 3)).toThrow(RangeError);
    expect(daysLeftInQuarter(TODAY)).toBe(49);
  });
});

describe('forecast', () => {
  it('has no projection without history', () => {
    const forecast = forecastQuarter({ history: new Map(), today: TODAY });
    expect(forecast).toEqual({
      quarterStart: '2026-04-01',
      quarterEnd: '2026-06-30',
      spendToDate: 0n,
      projectedRemaining: null,
      projectedTotal: null,
      daysWithData: 0,
      daysProjected: 91,
      seasonalRatio: null,
      method: forecastMethods.notEnoughData,
    });
  });

  it('projects from the last 5 weeks of each weekday under a year of history', () => {
    // March at $100 a day is more than 5 weeks back for every weekday, so it is not used.
    const spend = history('2026-03-01', '2026-05-12', (date) =>
      date < '2026-04-01' ? '100' : weekPattern(date),
    );
    const forecast = forecastQuarter({ history: spend, today: TODAY });
    // To date: 30 x $5 + 12 x $8 = $246. Projected: 35 x $5 + 14 x $8 = $287. Total $533.
    expect(forecast).toMatchObject({
      spendToDate: dollars('246'),
      projectedRemaining: dollars('287'),
      projectedTotal: dollars('533'),
      daysWithData: 42,
      daysProjected: 49,
      seasonalRatio: null,
      method: 'Based on your last 5 weeks',
    });
  });

  it("counts and projects only the quarter's days of the account's supply period (decision 0034)", () => {
    const spend = history('2026-03-01', '2026-05-12', weekPattern);
    // Moved in on Wednesday 15 April: 1-14 April are the previous occupant's. To date 15 April - 12 May, 4 weeks:
    // 20 x $5 + 8 x $8 = $164; projected as before, $287 for 13 May - 30 June. Total $451.
    expect(
      forecastQuarter({ history: spend, today: TODAY, supply: { from: '2026-04-15', to: null } }),
    ).toMatchObject({
      spendToDate: dollars('164'),
      projectedRemaining: dollars('287'),
      projectedTotal: dollars('451'),
      daysWithData: 28,
      daysProjected: 49,
    });
    // Moving out on Tuesday 26 May: 13-26 May projected, 2 weeks: 10 x $5 + 4 x $8 = $82. To date $246.
    expect(
      forecastQuarter({ history: spend, today: TODAY, supply: { from: null, to: '2026-05-26' } }),
    ).toMatchObject({
      spendToDate: dollars('246'),
      projectedRemaining: dollars('82'),
      projectedTotal: dollars('328'),
      daysWithData: 42,
      daysProjected: 14,
    });
    // Moved out before today: nothing is projected.
    expect(
      forecastQuarter({ history: spend, today: TODAY, supply: { from: null, to: '2026-04-30' } }),
    ).toMatchObject({
      spendToDate: dollars('174'),
      projectedRemaining: 0n,
      daysWithData: 30,
      daysProjected: 0,
    });
  });

  it('scales by last year’s seasonal change once a year of history exists', () => {
    // Base window: the 35 days 8 April - 12 May 2026; 52 weeks earlier, 9 April - 13 May 2025, at $4 a day.
    // Projected days 13 May - 30 June 2026; 52 weeks earlier, 14 May - 1 July 2025, at $6 a day.
    // Ratio 6 / 4 = 1.5: projected 1.5 x $287 = $430.50; total $246 + $430.50 = $676.50.
    const lastYear = (later: string) => (date: string) => {
      if (date <= '2025-05-13') return '4';
      if (date <= '2025-07-01') return later;
      return weekPattern(date);
    };
    const forecast = forecastQuarter({
      history: history('2025-01-01', '2026-05-12', lastYear('6')),
      today: TODAY,
    });
    expect(forecast).toMatchObject({
      spendToDate: dollars('246'),
      projectedRemaining: dollars('430.5'),
      projectedTotal: dollars('676.5'),
      seasonalRatio: 1.5,
      method: "Based on your last 5 weeks, adjusted for last year's seasonal change",
    });

    // Bounded: $20 / $4 = 5 counts as 2 (projected $574, total $820); $1 / $4 = 0.25 as 0.5 ($143.50, $389.50).
    const high = forecastQuarter({
      history: history('2025-01-01', '2026-05-12', lastYear('20')),
      today: TODAY,
    });
    expect([high.seasonalRatio, high.projectedTotal]).toEqual([2, dollars('820')]);
    const low = forecastQuarter({
      history: history('2025-01-01', '2026-05-12', lastYear('1')),
      today: TODAY,
    });
    expect([low.seasonalRatio, low.projectedTotal]).toEqual([0.5, dollars('389.5')]);
  });

  it('does not scale when last year is too sparse or a credit', () => {
    // Only 10 of the 35 days of last year's base window have data: less than half.
    const sparse = history('2025-05-04', '2025-07-01', () => '6');
    history('2025-07-02', '2026-05-12', weekPattern, sparse);
    const forecast = forecastQuarter({ history: sparse, today: TODAY });
    expect(forecast.method).toBe(forecastMethods.recent);
    expect(forecast.projectedTotal).toBe(dollars('533'));

    // A solar customer whose days last year were credits: a ratio of negative means says nothing.
    const credits = history('2025-01-01', '2025-07-01', () => '-2');
    history('2025-07-02', '2026-05-12', weekPattern, credits);
    expect(forecastQuarter({ history: credits, today: TODAY }).seasonalRatio).toBeNull();
  });

  it('starts a new quarter on its first day with nothing spent yet', () => {
    const spend = history('2026-05-01', '2026-06-30', () => '10');
    // 1 July: quarter July-September (92 days), all projected at $10.
    expect(forecastQuarter({ history: spend, today: '2026-07-01' })).toMatchObject({
      quarterStart: '2026-07-01',
      quarterEnd: '2026-09-30',
      spendToDate: 0n,
      daysWithData: 0,
      daysProjected: 92,
      projectedTotal: dollars('920'),
    });
    // 30 June: the old quarter's last day. To date 1 April - 29 June: 1 May - 29 June = 60 days x $10 (April has
    // no data and is projected, 30 days x $10). Projected 30 June + April = 31 x $10. Total $910.
    expect(forecastQuarter({ history: spend, today: '2026-06-30' })).toMatchObject({
      spendToDate: dollars('600'),
      daysWithData: 60,
      daysProjected: 31,
      projectedTotal: dollars('910'),
    });
  });

  it('projects costlier weekends', () => {
    const spend = history('2026-03-01', '2026-06-26', weekPattern);
    // Saturday 27 June: left are Sat $8, Sun $8, Mon $5, Tue $5 = $26.
    const fromSaturday = forecastQuarter({ history: spend, today: '2026-06-27' });
    expect(fromSaturday.projectedRemaining).toBe(dollars('26'));
    expect(fromSaturday.projectedTotal).toBe(dollars('533'));
    // Monday 29 June (with Saturday and Sunday's data): Mon $5 + Tue $5 = $10.
    history('2026-06-27', '2026-06-28', weekPattern, spend);
    expect(forecastQuarter({ history: spend, today: '2026-06-29' }).projectedRemaining).toBe(dollars('10'));
  });

  it('projects the quarter days before today that have no data', () => {
    // Missing Wednesday 15 April ($5) and Saturday 18 April ($8): to date $246 - $13 = $233 over 40 days;
    // projected $287 + $13 = $300 over 51 days; the total is still $533.
    const spend = history('2026-03-01', '2026-05-12', (date) =>
      date === '2026-04-15' || date === '2026-04-18' ? null : weekPattern(date),
    );
    expect(forecastQuarter({ history: spend, today: TODAY })).toMatchObject({
      spendToDate: dollars('233'),
      daysWithData: 40,
      daysProjected: 51,
      projectedRemaining: dollars('300'),
      projectedTotal: dollars('533'),
    });
  });

  it('uses the mean of all recent days for a weekday without any', () => {
    // Weekdays only ($5, $7, $5, $7, $6 Monday to Friday): weekend days take the mean of the 25 weekdays, $6.
    const prices = ['5', '7', '5', '7', '6'];
    const spend = history('2026-04-06', '2026-05-12', (date) => prices[dayOfWeek(date)] ?? null);
    const forecast = forecastQuarter({ history: spend, today: TODAY });
    expect(forecast.method).toBe(forecastMethods.recent);
    // Every quarter day is then worth its weekday's price: the quarter is 13 whole weeks (Wednesday 1 April to
    // Tuesday 30 June) of 5 + 7 + 5 + 7 + 6 + 6 + 6 = $42, so $546 in all. Projected are 13 May - 30 June
    // (7 weeks, $294), 1-5 April before the history starts ($5 + $7 + $6 + $6 + $6 = $30) and the ten
    // weekend days between (10 x $6 = $60): $384.
    expect(forecast.projectedTotal).toBe(dollars('546'));
    expect(forecast.projectedRemaining).toBe(dollars('384'));
    expect(forecast.daysProjected).toBe(49 + 5 + 10);
  });

  it('keeps the means exact', () => {
    // Every day $1 until 5 May, then $1.01.
    const spend = history('2026-04-01', '2026-05-12', (date) => (date >= '2026-05-06' ? '1.01' : '1'));
    // Each weekday's last 5: four at $1 and one at $1.01, mean $1.002; 49 days x $1.002 = $49.098.
    expect(forecastQuarter({ history: spend, today: TODAY }).projectedRemaining).toBe(dollars('49.098'));
  });

  it('collects the daily totals of priced days', () => {
    const day = (date: string, total: Money) => ({ date, totalSpend: total }) as DaySpend;
    const totals = dailyTotals([day('2026-05-01', 5n), null, day('2026-05-02', 7n)]);
    expect([...totals]).toEqual([
      ['2026-05-01', 5n],
      ['2026-05-02', 7n],
    ]);
  });
});

describe('day numbers', () => {
  it('agree with the market-time helpers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3_000, max: 40_000 }), (n) => {
        const date = addDays('1970-01-01', n);
        expect(dateOfDayNumber(n)).toBe(date);
        expect(dayNumber(date)).toBe(n);
        expect(weekdayOfDayNumber(n)).toBe(dayOfWeek(date));
      }),
    );
    expect(() => dayNumber('2026-02-30')).toThrow(RangeError);
    expect(() => dayNumber('2026-2-3')).toThrow(RangeError);
  });
});

describe('forecast with the days to come priced differently (a Happy Hours slot chosen last)', () => {
  it('projects from the projection history, and counts spend to date from the history', () => {
    // 6 weeks before TODAY: weekdays $5, weekends $8. Priced with the new slot, weekdays cost $4.
    const billed = history('2026-04-01', '2026-05-12', weekPattern);
    const withSlot = history('2026-04-01', '2026-05-12', (date) => (dayOfWeek(date) < 5 ? '4' : '8'));
    const plain = forecastQuarter({ history: billed, today: TODAY });
    const slot = forecastQuarter({ history: billed, today: TODAY, projectionHistory: withSlot });
    // Spend to date: 30 weekdays x $5 + 12 weekend days x $8 = $246, whatever the days to come cost.
    expect(plain.spendToDate).toBe(dollars('246'));
    expect(slot.spendToDate).toBe(dollars('246'));
    // 35 weekdays and 14 weekend days to come: $287 as billed so far, $252 with the free hours.
    expect(plain.projectedRemaining).toBe(dollars('287'));
    expect(slot.projectedRemaining).toBe(dollars('252'));
    expect(slot.projectedTotal).toBe(dollars('498'));
  });
});

describe('the days the forecast reads (forecastReadRanges)', () => {
  const inRanges = (ranges: ReturnType<typeof forecastReadRanges>, date: string) =>
    ranges.some((range) => date >= range.from && date <= range.to);

  it('are all it uses: the forecast of a random history equals the forecast of its days in the ranges', () => {
    const start = '2024-01-01';
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 1_100 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.option(fc.integer({ min: -500, max: 4_000 }), { nil: null, freq: 4 }), {
          minLength: 1_100,
          maxLength: 1_100,
        }),
        fc.array(fc.integer({ min: -500, max: 4_000 }), { minLength: 1_100, maxLength: 1_100 }),
        (todayOffset, startMonthOffset, cents, projectedCents) => {
          const today = addDays(start, todayOffset);
          const full = new Map<string, Money>();
          const projected = new Map<string, Money>();
          cents.forEach((value, index) => {
            if (value === null) return;
            const date = addDays(start, index);
            if (date >= today) return;
            full.set(date, dollars(String(value / 100)));
            projected.set(date, dollars(String((projectedCents[index] as number) / 100)));
          });
          const ranges = forecastReadRanges(today, startMonthOffset);
          const only = (history: Map<string, Money>) =>
            new Map([...history].filter(([date]) => inRanges(ranges, date)));
          expect(only(full).size).toBeLessThan(400);
          expect(
            forecastQuarter({
              history: only(full),
              projectionHistory: only(projected),
              today,
              startMonthOffset,
            }),
          ).toEqual(
            forecastQuarter({ history: full, projectionHistory: projected, today, startMonthOffset }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on 13 May 2026: 13 weeks back and the quarter so far, and the same 52 weeks earlier to the quarter's end", () => {
    const ranges = forecastReadRanges(TODAY);
    // 13 May 2026: the quarter from 1 April, 13 weeks back from 11 February; last year's windows 52 weeks back.
    expect(ranges).toEqual([
      { from: '2026-02-11', to: '2026-05-12' },
      { from: '2025-02-12', to: '2025-07-01' },
    ]);
  });
});
