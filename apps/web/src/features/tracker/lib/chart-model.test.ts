import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeUsage } from '../../../test/usage-fixtures.ts';
import {
  budgetPerDay,
  buildColumns,
  type ChartColumn,
  chartScaleMax,
  hasAnyData,
  layoutChart,
  SUPPLY_MIN_HEIGHT,
} from './chart-model.ts';

function column(overrides: Partial<ChartColumn>): ChartColumn {
  return {
    index: 0,
    hasData: true,
    total: 0,
    usage: 0,
    supply: 0,
    solar: 0,
    average: null,
    estimatedShare: 0,
    freeSaving: null,
    isMax: false,
    ...overrides,
  };
}

describe('chart columns (docs/api.md#entities derived fields)', () => {
  it('takes grid, supply, solar, total and average in dollars and marks the highest total', () => {
    const usage = makeUsage({ hasSolar: true });
    const columns = buildColumns(usage.current_week.intervals, { view: 'week', unit: 'dollars' });
    expect(columns).toHaveLength(7);
    expect(columns[2]).toMatchObject({
      usage: 6,
      supply: 1.1,
      solar: 1,
      total: 6.1,
      average: 5,
      hasData: true,
    });
    expect(columns.filter((c) => c.isMax).map((c) => c.index)).toEqual([6]);
  });

  it('uses usage_kwh and solar_kwh in kWh, without supply or average; the total is the net, as in dollars', () => {
    const usage = makeUsage({ hasSolar: true });
    const [monday] = buildColumns(usage.current_week.intervals, { view: 'week', unit: 'kwh' });
    // 12.8 kWh used from the grid, 12.5 kWh exported: a net 0.3 kWh (issue 26 item 2: an hour of large export
    // said "0.00 kWh", as if nothing happened).
    expect(monday).toMatchObject({ usage: 12.8, supply: 0, solar: 12.5, total: 0.3, average: null });
    const hours = buildColumns(usage.current_week.intervals[0]?.intervals ?? [], {
      view: 'day',
      unit: 'kwh',
    });
    // 12:00: 0.66 kWh used, 1 kWh exported.
    expect(hours[12]).toMatchObject({ usage: 0.66, solar: 1, total: -0.34 });
    expect(buildColumns(makeUsage().current_week.intervals, { view: 'week', unit: 'kwh' })[0]?.total).toBe(
      12.8,
    );
  });

  it('leaves supply out of the day view', () => {
    const usage = makeUsage();
    const hours = usage.current_week.intervals[0]?.intervals ?? [];
    const columns = buildColumns(hours, { view: 'day', unit: 'dollars' });
    expect(columns).toHaveLength(24);
    expect(columns.every((c) => c.supply === 0)).toBe(true);
    expect(columns[23]?.isMax).toBe(true);
  });

  it('counts missing values as 0 and marks columns without a total as having no data', () => {
    const usage = makeUsage({ daysWithData: (i) => i !== 3 });
    const columns = buildColumns(usage.current_week.intervals, { view: 'week', unit: 'dollars' });
    expect(columns[3]).toMatchObject({ hasData: false, total: null, usage: 0, supply: 0, solar: 0 });
    expect(hasAnyData(columns)).toBe(true);
    const empty = buildColumns(makeUsage({ daysWithData: () => false }).current_week.intervals, {
      view: 'week',
      unit: 'dollars',
    });
    expect(hasAnyData(empty)).toBe(false);
    expect(empty.some((c) => c.isMax)).toBe(false);
  });

  it('marks only the first of equal highest totals', () => {
    const columns = buildColumns(
      makeUsage({ daysWithData: () => true }).current_week.intervals.map((day) => ({
        ...day,
        data: { ...day.data, total_spend: 5 },
      })),
      { view: 'week', unit: 'dollars' },
    );
    expect(columns.filter((c) => c.isMax).map((c) => c.index)).toEqual([0]);
  });
});

describe('chart scale (docs/rules.md#limits)', () => {
  it('is the largest absolute value of total, average, service charge, solar input and grid plus service', () => {
    expect(chartScaleMax([column({ total: 3, usage: 2, supply: 1 })])).toBe(3);
    expect(chartScaleMax([column({ total: 3, usage: 2.5, supply: 1 })])).toBe(3.5);
    expect(chartScaleMax([column({ total: 1, average: 7 })])).toBe(7);
    expect(chartScaleMax([column({ total: -4, solar: 2 })])).toBe(4);
    expect(chartScaleMax([column({ total: 1, solar: 9 })])).toBe(9);
    expect(chartScaleMax([column({ total: 1, usage: 1, supply: 1.5 })])).toBe(2.5);
    expect(chartScaleMax([column({ total: 2 }), column({ index: 1, total: 6 })])).toBe(6);
  });

  it('includes the budget line at budget / 7 per day', () => {
    expect(budgetPerDay(70)).toBe(10);
    expect(budgetPerDay(0)).toBeNull();
    expect(chartScaleMax([column({ total: 3, usage: 3 })], budgetPerDay(70))).toBe(10);
    expect(chartScaleMax([column({ total: 3, usage: 3 })], budgetPerDay(7))).toBe(3);
  });

  it('is 0 without data, and the layout still has a finite axis', () => {
    expect(chartScaleMax([column({ hasData: false, total: null })])).toBe(0);
    const layout = layoutChart([column({ hasData: false, total: null })]);
    expect(Number.isFinite(layout.zeroY)).toBe(true);
  });
});

describe('chart layout', () => {
  it('stacks supply under the rest of the total from the axis, solar below it, and places the average and budget', () => {
    const layout = layoutChart(
      [
        column({ total: 7, usage: 6, supply: 2, solar: 1, average: 5 }),
        column({ index: 1, total: 4, usage: 4 }),
      ],
      { budgetPerDay: 7 },
    );
    const [first] = layout.columns;
    if (!first?.supply || !first.usage || !first.solar || first.averageY === null)
      throw new Error('missing parts');
    expect(first.supply.y + first.supply.height).toBeCloseTo(layout.zeroY);
    expect(first.usage.y + first.usage.height).toBeCloseTo(first.supply.y);
    expect(first.solar.y).toBeCloseTo(layout.zeroY);
    // Same units per dollar above and below the axis.
    expect(first.supply.height / 2).toBeCloseTo(first.solar.height / 1);
    // Above the axis the total (7 = usage 6 + supply 2 - solar 1): the usage less the solar credit over the supply.
    expect(first.usage.height / 5).toBeCloseTo(first.solar.height / 1);
    // The scale's maximum (grid + service = 8) is at the top padding, the bar's top at 7: on the budget line.
    expect(first.usage.y).toBeCloseTo(6 + (99 - 6) / 9);
    expect(layout.budgetY).toBeCloseTo(first.usage.y);
    expect(first.averageY).toBeGreaterThan(first.usage.y);
    // Columns sit centred in equal slots, like the HTML grid over them.
    expect(layout.step).toBeCloseTo(50);
    expect(first.centre).toBeCloseTo(25);
    expect(layout.columns[1]?.centre).toBeCloseTo(75);
  });

  it('draws a small supply charge at least SUPPLY_MIN_HEIGHT tall', () => {
    const layout = layoutChart([column({ total: 100, usage: 100, supply: 0.5 })]);
    expect(layout.columns[0]?.supply?.height).toBe(SUPPLY_MIN_HEIGHT);
    const none = layoutChart([column({ total: 10, usage: 10, supply: 0 })]);
    expect(none.columns[0]?.supply).toBeNull();
  });

  it('keeps the axis at the bottom without anything below zero, and draws nothing for no data', () => {
    const layout = layoutChart([
      column({ total: 4, usage: 4 }),
      column({ index: 1, hasData: false, total: null, average: 3 }),
    ]);
    expect(layout.zeroY).toBeCloseTo(99);
    expect(layout.columns[1]).toMatchObject({ usage: null, supply: null, solar: null, averageY: null });
  });

  it('makes room below the axis for a negative net total or average', () => {
    const layout = layoutChart([column({ total: -0.2, usage: 0, solar: 0.1, average: -0.3 })]);
    expect(layout.columns[0]?.averageY).toBeLessThanOrEqual(99);
  });
});

/** The top of a column's bar above the axis (the axis itself when nothing is drawn above it). */
function barTop(geometry: ReturnType<typeof layoutChart>, index: number): number {
  const drawn = geometry.columns[index];
  return Math.min(drawn?.usage?.y ?? geometry.zeroY, drawn?.supply?.y ?? geometry.zeroY);
}

describe('the bars tell the same story as the labels (issue 15 item 2)', () => {
  // A day in dollars: usage, supply, solar credit and concession; its total (the label) is their net.
  const money = fc.integer({ min: 0, max: 3000 }).map((cents) => cents / 100);
  const dayArb = fc.record({
    usage: money,
    supply: fc.oneof(fc.constant(0), money),
    solar: fc.oneof(fc.constant(0), money),
    concession: fc.oneof(
      fc.constant(0),
      money.map((value) => value / 10),
    ),
    average: fc.option(fc.integer({ min: -500, max: 3000 }).map((cents) => cents / 100)),
  });
  const weekArb = fc.record({
    days: fc.array(dayArb, { minLength: 7, maxLength: 7 }),
    budget: fc.integer({ min: 0, max: 99 }),
  });
  const epsilon = 1e-9;

  it('draws every column up to its label, so the tallest bar is the highest day and the budget and average lines compare as the labels do', () => {
    fc.assert(
      fc.property(weekArb, ({ days, budget }) => {
        const columns = buildColumns(
          makeUsage().current_week.intervals.map((entry, index) => {
            const day = days[index] as typeof dayArb extends fc.Arbitrary<infer T> ? T : never;
            const total = Math.round((day.usage + day.supply - day.solar - day.concession) * 100) / 100;
            return {
              ...entry,
              data: {
                ...entry.data,
                total_spend: total,
                grid_spend: day.usage,
                service_charge: day.supply,
                solar_input: day.solar,
                concession: day.concession,
                average_spend: day.average,
              },
            };
          }),
          { view: 'week', unit: 'dollars' },
        );
        const perDay = budgetPerDay(budget);
        const geometry = layoutChart(columns, { budgetPerDay: perDay });
        const height = geometry.zeroY - 6; // the plot units from the axis to the scale maximum
        const unitsPerDollar = geometry.scaleMax > 0 ? height / geometry.scaleMax : 0;
        columns.forEach((column, index) => {
          const total = column.total ?? 0;
          const top = barTop(geometry, index);
          // The bar above the axis is the label's amount (nothing above the axis for a credit day).
          expect(geometry.zeroY - top).toBeCloseTo(Math.max(total, 0) * unitsPerDollar, 6);
          // The solar credit below the axis at the same scale.
          const solar = geometry.columns[index]?.solar;
          expect(solar?.height ?? 0).toBeCloseTo(column.solar * unitsPerDollar, 6);
          if (perDay !== null && geometry.budgetY !== null) {
            expect(top < geometry.budgetY - epsilon).toBe(Math.max(total, 0) > perDay + epsilon);
          }
          const averageY = geometry.columns[index]?.averageY;
          if (averageY !== null && averageY !== undefined && column.average !== null && total > 0) {
            expect(top < averageY - epsilon).toBe(total > column.average + epsilon);
          }
        });
        // The tallest bar is the one marked highest (the first of equals).
        const tops = columns.map((_, index) => barTop(geometry, index));
        const tallest = Math.min(...tops);
        const highest = columns.find((column) => column.isMax);
        if (highest && (highest.total ?? 0) > 0) {
          expect(tops[highest.index]).toBeCloseTo(tallest, 9);
        }
      }),
      { numRuns: 300 },
    );
  });
});
