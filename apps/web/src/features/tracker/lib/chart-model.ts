/**
 * The chart's numbers and geometry (docs/api.md#entities derived fields, docs/rules.md#limits scale rule), free of React so that the rules
 * are tested on their own. The spec's derived names map to ours: `_grid_spend_column` is `usage`,
 * `_service_charge_column` is `supply`, `_solar_input_column` is `solar`, `_average_spend_column` is
 * `averageY`, `_total_spend_column` is the stack's top, `_budget_column` is `budgetY`, `_isMax` is `isMax`.
 *
 * Geometry is in plot units: x from 0 to 100 (percent of the width), y from 0 (top) to 100 (bottom), so the
 * SVG can stretch to any width (`preserveAspectRatio="none"`) while the column buttons and labels, which are
 * HTML, sit on the same percentages.
 */
import type { ColumnData, DayEntry, HourEntry } from '@portal/contracts';
import { bandScale, linearScale } from '../../../shared/lib/scales.ts';

export type ChartUnit = 'dollars' | 'kwh';
export type ChartView = 'week' | 'day';

export interface ChartColumn {
  index: number;
  /** False when the column's total is missing: it shows 'No data'. */
  hasData: boolean;
  /** The label's figure: total_spend in dollars, usage_kwh less solar_kwh in kWh. */
  total: number | null;
  /**
   * Grid usage (grid_spend or usage_kwh); missing counts as 0. Not drawn as such: the bar above the axis is the
   * total, the usage less any solar credit and concession on top of the supply (see `layoutChart`).
   */
  usage: number;
  /** Supply (service_charge); 0 where it is not drawn (day view, kWh). */
  supply: number;
  /** Solar export (solar_input or solar_kwh), a positive number drawn below the axis (the credit). */
  solar: number;
  /** average_spend; null where it is not drawn (kWh) or unknown. */
  average: number | null;
  estimatedShare: number;
  /** What Happy Hours saved in an hour of its free slot that used energy (dollars); null otherwise. */
  freeSaving: number | null;
  /** The highest total of the chart (the first one on a tie). */
  isMax: boolean;
}

const orZero = (value: number | null | undefined): number => value ?? 0;

/**
 * A column's total in kWh: the energy used from the grid less the energy exported, in hundredths as the answer
 * gives them, as its total in dollars is the usage less the solar credit. An hour of large export is then a
 * negative figure (drawn below the axis), not "0.00 kWh" as if nothing had happened.
 */
const netKwh = (data: ColumnData): number =>
  Math.round(orZero(data.usage_kwh) * 100 - orZero(data.solar_kwh) * 100) / 100;

/** Builds the columns of one chart from day entries (week view) or hour entries (day view). */
export function buildColumns(
  entries: ReadonlyArray<DayEntry | HourEntry>,
  { view, unit }: { view: ChartView; unit: ChartUnit },
): ChartColumn[] {
  const columns = entries.map((entry, index): ChartColumn => {
    const data: ColumnData = entry.data;
    const hasData = data.total_spend !== null;
    const dollars = unit === 'dollars';
    return {
      index,
      hasData,
      total: !hasData ? null : dollars ? data.total_spend : netKwh(data),
      usage: hasData ? orZero(dollars ? data.grid_spend : data.usage_kwh) : 0,
      supply: hasData && dollars && view === 'week' ? orZero(data.service_charge) : 0,
      solar: hasData ? orZero(dollars ? data.solar_input : data.solar_kwh) : 0,
      average: dollars ? data.average_spend : null,
      estimatedShare: hasData ? entry.estimated_share : 0,
      freeSaving: hasData && 'happy_hours_saving' in entry ? (entry.happy_hours_saving ?? null) : null,
      isMax: false,
    };
  });
  let max: ChartColumn | undefined;
  for (const column of columns) {
    if (column.total !== null && (max === undefined || column.total > (max.total ?? -Infinity))) max = column;
  }
  if (max) max.isMax = true;
  return columns;
}

/** True when at least one column has data (otherwise the week or day 'has no data'). */
export const hasAnyData = (columns: readonly ChartColumn[]): boolean => columns.some((c) => c.hasData);

/**
 * The chart scale of docs/rules.md#limits: the largest absolute value among every column's total, average, service
 * charge, solar input and grid plus service, and the budget line (budget / 7 per day).
 */
export function chartScaleMax(columns: readonly ChartColumn[], budgetPerDay: number | null = null): number {
  let max = budgetPerDay ? Math.abs(budgetPerDay) : 0;
  for (const column of columns) {
    for (const value of [
      column.total,
      column.average,
      column.supply,
      column.solar,
      column.usage + column.supply,
    ]) {
      if (value !== null && Number.isFinite(value)) max = Math.max(max, Math.abs(value));
    }
  }
  return max;
}

/** The budget line's value per day: a weekly budget over 7 days, only when a budget is set (docs/rules.md#limits). */
export function budgetPerDay(weeklyBudget: number): number | null {
  return weeklyBudget > 0 ? weeklyBudget / 7 : null;
}

/**
 * "The supply charge bar is at least 3 times the scale" (docs/rules.md#limits) reads as a minimum drawn size: a daily
 * supply charge is small next to a day's usage and would vanish as a hairline, so its segment is never drawn
 * shorter than SUPPLY_MIN_HEIGHT plot units (3 % of the plot's height, 7 to 9 px at our plot heights). The
 * label and the table keep the true value; the chart's top padding leaves room for the extra height.
 */
export const SUPPLY_MIN_HEIGHT = 3;
/** Room above the tallest column (for the supply minimum and the budget line's stroke). */
const TOP = 6;
/** The zero axis sits just above the bottom when nothing is drawn below it. */
const BOTTOM = 99;

export interface Segment {
  y: number;
  height: number;
}
export interface ColumnGeometry {
  x: number;
  width: number;
  /** Column centre, for the HTML overlays. */
  centre: number;
  supply: Segment | null;
  usage: Segment | null;
  solar: Segment | null;
  averageY: number | null;
}
export interface ChartGeometry {
  scaleMax: number;
  zeroY: number;
  budgetY: number | null;
  /** Width of one column's slot (100 / count). */
  step: number;
  columns: ColumnGeometry[];
}

function segment(top: number, bottom: number): Segment | null {
  const height = bottom - top;
  return height > 0 ? { y: top, height } : null;
}

/**
 * Lays the columns out: a band scale across (with the bar taking `barShare` of its slot), a linear scale
 * up the plot from the largest solar export (or negative net figure) below the axis to the scale maximum.
 */
export function layoutChart(
  columns: readonly ChartColumn[],
  { budgetPerDay: budget = null, barShare = 0.6 }: { budgetPerDay?: number | null; barShare?: number } = {},
): ChartGeometry {
  const scaleMax = chartScaleMax(columns, budget);
  // Below the axis: solar export, and a net total or average that solar took below zero.
  const belowMax = Math.max(
    0,
    ...columns.flatMap((column) => [column.solar, -(column.total ?? 0), -(column.average ?? 0)]),
  );
  const x = bandScale(
    columns.map((column) => column.index),
    [0, 100],
    { paddingInner: 1 - barShare, paddingOuter: (1 - barShare) / 2 },
  );
  const y = linearScale([-belowMax, scaleMax > 0 ? scaleMax : 1], [BOTTOM, TOP]);
  const zeroY = y(0);
  const width = x.bandwidth;

  return {
    scaleMax,
    zeroY,
    budgetY: budget ? y(budget) : null,
    step: x.step,
    columns: columns.map((column) => {
      const left = x.at(column.index) ?? 0;
      // Above the axis the bar is the label's amount (usage and supply less any solar credit and concession),
      // so the tallest bar is the highest day and the budget and average lines compare as the labels do.
      // The supply segment keeps its minimum drawn size inside that height; the solar credit is below.
      const paidTop = y(Math.max(column.total ?? 0, 0));
      const paidHeight = zeroY - paidTop;
      const supplyHeight =
        column.supply > 0 && paidHeight > 0
          ? Math.min(paidHeight, Math.max(zeroY - y(column.supply), SUPPLY_MIN_HEIGHT))
          : 0;
      const supplyTop = zeroY - supplyHeight;
      return {
        x: left,
        width,
        centre: left + width / 2,
        supply: column.hasData ? segment(supplyTop, zeroY) : null,
        usage: column.hasData ? segment(paidTop, supplyTop) : null,
        solar: column.hasData ? segment(zeroY, y(-column.solar)) : null,
        averageY: column.hasData && column.average !== null ? y(column.average) : null,
      };
    }),
  };
}
