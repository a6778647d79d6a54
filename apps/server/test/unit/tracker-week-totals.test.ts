/**
 * The week's figures add up as shown (docs/api.md#entities: the week's total is the sum of the days' totals; issue 15
 * item 1). Whatever the exact money of the priced days, in cents: the week's total is the sum of the day
 * totals, a day's total is its usage plus supply less its solar credit and concession, the hours add up to the
 * day's usage and solar credit, and the averages and trends are of those same totals. Each shown figure stays
 * within a cent of the exact one (a day's total within half a cent).
 */
import { addDays, type UsageResponse } from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTOCENTS_PER_CENT, dollars, type Money, sumMoney } from '../../src/domains/billing/money.ts';
import type { DaySpend, HourSpend } from '../../src/domains/billing/spend.ts';
import {
  apportionCents,
  buildUsageWeek,
  roundToCent,
  type WeekData,
} from '../../src/domains/tracker/week.ts';

const WEEK = '2026-11-16';
const TODAY = '2026-12-20';
const CENT = ATTOCENTS_PER_CENT;

/** A priced day from its hours' grid spend and solar credit (exact money) and its daily charges. */
function day(
  date: string,
  hours: ReadonlyArray<{ grid: Money; solar: Money }>,
  serviceCharge: Money,
  concession: Money,
): DaySpend {
  const hourly: HourSpend[] = hours.map(({ grid, solar }, hour) => ({
    hour,
    gridSpend: grid,
    solarInput: solar,
    totalSpend: grid - solar,
    usageMicroKwh: 1000 * hour,
    solarMicroKwh: solar > 0n ? 500 : 0,
  }));
  const gridSpend = sumMoney(hourly.map((h) => h.gridSpend));
  const solarInput = sumMoney(hourly.map((h) => h.solarInput));
  return {
    date,
    tariffCode: 'TEST',
    gridSpend,
    solarInput,
    serviceCharge,
    concession,
    totalSpend: gridSpend + serviceCharge - solarInput - concession,
    usageMicroKwh: hourly.reduce((sum, h) => sum + h.usageMicroKwh, 0),
    solarMicroKwh: hourly.reduce((sum, h) => sum + h.solarMicroKwh, 0),
    hours: hourly,
  };
}

function weekData(days: readonly DaySpend[], weekStart = WEEK): WeekData {
  return {
    today: TODAY,
    weekStart,
    days: new Map(days.map((d) => [d.date, d])),
    quality: new Map(),
    solarDates: new Set(days.filter((d) => d.solarMicroKwh > 0).map((d) => d.date)),
    curtailment: null,
  };
}

/** A shown dollar figure as whole cents (the response's numbers have at most 2 decimals). */
const cents = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);
/** Exact money as a number of cents (for the closeness checks). */
const exactCents = (money: Money): number => Number(money) / Number(CENT);

/** Sub-cent money: up to `max` cents with 18 decimals of a cent. */
const money = (maxCents: bigint) => fc.bigInt({ min: 0n, max: maxCents * CENT });
const hourArb = fc.record({ grid: money(80n), solar: fc.oneof(fc.constant(0n), money(60n)) });
const dayArb = fc.record({
  hours: fc.array(hourArb, { minLength: 24, maxLength: 24 }),
  supply: money(150n),
  concession: fc.oneof(fc.constant(0n), money(60n)),
  present: fc.boolean(),
});
/** Five weeks: the four before WEEK (for the weekly average) and WEEK itself. */
const weeksArb = fc.array(dayArb, { minLength: 35, maxLength: 35 });

function buildDays(
  specs: ReadonlyArray<typeof dayArb extends fc.Arbitrary<infer T> ? T : never>,
): DaySpend[] {
  const first = addDays(WEEK, -28);
  return specs.flatMap((spec, index) =>
    // The week itself always has its Monday, so that it has data.
    spec.present || index === 28
      ? [day(addDays(first, index), spec.hours, spec.supply, spec.concession)]
      : [],
  );
}

function checkWeek(response: Pick<UsageResponse, 'current_week'>, days: ReadonlyMap<string, DaySpend>) {
  const { insights, intervals } = response.current_week;
  const shown = intervals.filter((entry) => entry.data.total_spend !== null);
  // The week's total is the sum of the day labels.
  expect(cents(insights.total_spend)).toBe(
    shown.reduce((sum, entry) => sum + cents(entry.data.total_spend), 0),
  );
  expect(cents(insights.solar_export)).toBe(
    shown.reduce((sum, entry) => sum + cents(entry.data.solar_input), 0),
  );
  const highest = Math.max(...shown.map((entry) => cents(entry.data.total_spend)));
  expect(cents(insights.max_spend?.value)).toBe(highest);
  const highestDay = shown.find((entry) => cents(entry.data.total_spend) === highest);
  expect(insights.max_spend?.day).toBe(
    highestDay?.interval_range.starts_at.yyyymmdd.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'),
  );
  for (const entry of shown) {
    const { data } = entry;
    const date = entry.interval_range.starts_at.yyyymmdd.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
    const exact = days.get(date) as DaySpend;
    // A day's total is its parts as shown.
    expect(cents(data.total_spend)).toBe(
      cents(data.grid_spend) + cents(data.service_charge) - cents(data.solar_input) - cents(data.concession),
    );
    // Its hours add up to its usage and solar credit, and each hour's total is its usage less its credit.
    expect(entry.intervals.reduce((sum, hour) => sum + cents(hour.data.grid_spend), 0)).toBe(
      cents(data.grid_spend),
    );
    expect(entry.intervals.reduce((sum, hour) => sum + cents(hour.data.solar_input), 0)).toBe(
      cents(data.solar_input),
    );
    for (const hour of entry.intervals) {
      expect(cents(hour.data.total_spend)).toBe(cents(hour.data.grid_spend) - cents(hour.data.solar_input));
      expect(hour.data.concession).toBe(0);
    }
    // Shown figures stay true to the exact money: the total to the nearest cent, its parts within a cent.
    expect(Math.abs(cents(data.total_spend) - exactCents(exact.totalSpend))).toBeLessThanOrEqual(0.5);
    for (const [figure, value] of [
      [data.grid_spend, exact.gridSpend],
      [data.service_charge, exact.serviceCharge],
      [data.solar_input, exact.solarInput],
      [data.concession, exact.concession],
    ] as const) {
      expect(Math.abs(cents(figure) - exactCents(value))).toBeLessThan(1);
    }
    entry.intervals.forEach((hour, index) => {
      const exactHour = exact.hours[index] as HourSpend;
      expect(Math.abs(cents(hour.data.grid_spend) - exactCents(exactHour.gridSpend))).toBeLessThan(1);
      expect(Math.abs(cents(hour.data.solar_input) - exactCents(exactHour.solarInput))).toBeLessThan(1);
    });
  }
}

describe('the figures of a week add up as shown', () => {
  it('sums the day labels: seven days of $1.004 make a $7.00 week, not $7.03', () => {
    const hours = (total: string) =>
      Array.from({ length: 24 }, (_, hour) => ({ grid: hour === 0 ? dollars(total) : 0n, solar: 0n }));
    const days = Array.from({ length: 7 }, (_, i) => day(addDays(WEEK, i), hours('1.004'), 0n, 0n));
    const week = buildUsageWeek(weekData(days));
    expect(week.current_week.intervals.map((entry) => entry.data.total_spend)).toEqual(new Array(7).fill(1));
    expect(week.current_week.insights.total_spend).toBe(7);
  });

  it('splits a day into hours that add up to it: 24 hours of 0.4 cents are $0.10, shown as 10 one-cent hours', () => {
    const hours = Array.from({ length: 24 }, () => ({ grid: dollars('0.004'), solar: 0n }));
    const week = buildUsageWeek(weekData([day(WEEK, hours, dollars('1.2'), 0n)]));
    const monday = week.current_week.intervals[0];
    expect(monday?.data).toMatchObject({ grid_spend: 0.1, service_charge: 1.2, total_spend: 1.3 });
    const hourly = monday?.intervals.map((hour) => hour.data.grid_spend) ?? [];
    expect(hourly.filter((value) => value === 0.01)).toHaveLength(10);
    expect(hourly.filter((value) => value === 0)).toHaveLength(14);
  });

  it('holds for any priced days: totals, parts, hours, highest day, solar credit and weekly average', () => {
    fc.assert(
      fc.property(weeksArb, (specs) => {
        const days = buildDays(specs);
        const data = weekData(days);
        const week = buildUsageWeek(data);
        checkWeek(week, data.days);
        // The weekly average is the mean of the previous weeks' totals as those weeks show them.
        const previousTotals = [1, 2, 3, 4]
          .map((back) => buildUsageWeek(weekData(days, addDays(WEEK, -7 * back))).current_week.insights)
          .flatMap((insights) => (insights.total_spend === null ? [] : [cents(insights.total_spend)]));
        const average = week.current_week.insights.weekly_average_spend;
        if (previousTotals.length === 0) expect(average).toBeNull();
        else {
          const mean = previousTotals.reduce((sum, value) => sum + value, 0) / previousTotals.length;
          expect(Math.abs(cents(average) - mean)).toBeLessThanOrEqual(0.5);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('apportionCents', () => {
  it('rounds parts so that they add up to the total, each within a cent of its exact value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -500n * CENT, max: 500n * CENT }), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (parts, up) => {
          const exact = sumMoney(parts);
          // Any whole-cent total next to the exact sum: its floor or its ceiling.
          const floor = (exact / CENT - (exact % CENT < 0n ? 1n : 0n)) * CENT;
          const total = up && floor !== exact ? floor + CENT : floor;
          const shown = apportionCents(parts, total);
          expect(sumMoney(shown)).toBe(total);
          shown.forEach((value, index) => {
            expect(value % CENT).toBe(0n);
            const difference = value - (parts[index] as Money);
            expect(difference < CENT && difference > -CENT).toBe(true);
          });
        },
      ),
    );
  });

  it('rounds to the nearest cent, half away from zero', () => {
    expect(roundToCent(dollars('0.005'))).toBe(CENT);
    expect(roundToCent(dollars('-0.005'))).toBe(-CENT);
    expect(roundToCent(dollars('0.0049'))).toBe(0n);
  });
});

describe("the trend's basis (issue 15 item 3)", () => {
  const flat = (total: string) =>
    Array.from({ length: 24 }, (_, hour) => ({ grid: hour === 0 ? dollars(total) : 0n, solar: 0n }));
  // Four earlier weeks of $7 a day ($49 a week), then the week of WEEK.
  const earlier = Array.from({ length: 28 }, (_, i) => day(addDays(WEEK, i - 28), flat('7'), 0n, 0n));

  it('compares a whole week with the weekly average', () => {
    const days = [
      ...earlier,
      ...Array.from({ length: 7 }, (_, i) => day(addDays(WEEK, i), flat('8'), 0n, 0n)),
    ];
    const insights = buildUsageWeek(weekData(days)).current_week.insights;
    expect(insights.weekly_average_spend).toBe(49);
    expect(insights.trend_basis).toEqual({ spend: 49, days: 7 });
    expect(insights.trend?.value_to_times).toBe(1.14);
  });

  it("compares the week in progress with the average's share for its days with data, and says so", () => {
    const days = [...earlier, day(WEEK, flat('8'), 0n, 0n), day(addDays(WEEK, 1), flat('8'), 0n, 0n)];
    const insights = buildUsageWeek({ ...weekData(days), today: addDays(WEEK, 2) }).current_week.insights;
    expect(insights.total_spend).toBe(16);
    expect(insights.trend_basis).toEqual({ spend: 14, days: 2 });
    expect(insights.trend).toMatchObject({ up: true, value_to_times: 1.14 });
  });
});
