/**
 * The quarterly bill forecast (docs/tracker-figures.md, docs/product.md): spend to date in the current billing quarter and a
 * projected quarter total, from the same weekday's recent average scaled by last year's seasonal change when
 * a year of history exists. Works on daily total_spend (usage, supply, discounts, concessions and feed-in
 * credits, as priced by spend.ts), so it includes exactly what docs/product.md lists and none of the manual
 * adjustments it excludes. It is a projection only; the rules are written down in docs/tariffs.md.
 */
import {
  addDays,
  dateOfDayNumber,
  dayNumber,
  daysBetween,
  type ForecastMethod,
  forecastMethods,
  weekdayOfDayNumber,
} from '@portal/contracts';
import { divideRounded, type Money, meanMoney, sumMoney } from './money.ts';
import type { DaySpend } from './spend.ts';

/** How many recent same-weekday days make a weekday's average ("your last 5 weeks"). */
export const FORECAST_BASE_WEEKS = 5;
/** How far back those days may be looked for, so a long gap never projects from a different season. */
export const FORECAST_LOOKBACK_WEEKS = 13;
/** Last year is 52 weeks back, which keeps every weekday on the same weekday. */
export const FORECAST_YEAR_DAYS = 364;
/** The seasonal ratio is bounded so that one odd quarter last year cannot halve or more than double a bill. */
export const SEASONAL_RATIO_MIN = { numerator: 1n, denominator: 2n };
export const SEASONAL_RATIO_MAX = { numerator: 2n, denominator: 1n };
/** Last year's windows must each have data on at least this share of their days to be compared. */
export const SEASONAL_MIN_COVERAGE = 0.5;

export interface BillingQuarter {
  /** First day, 'YYYY-MM-DD'. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

/**
 * The billing quarter holding a market date. Quarters start on the 1st of every third month: January, April,
 * July and October by default; `startMonthOffset` 1 or 2 moves them to Feb/May/Aug/Nov or Mar/Jun/Sep/Dec.
 */
export function billingQuarter(date: string, startMonthOffset = 0): BillingQuarter {
  if (!Number.isInteger(startMonthOffset) || startMonthOffset < 0 || startMonthOffset > 2) {
    throw new RangeError('the quarter start month offset is 0, 1 or 2');
  }
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  // Step back to the nearest month that starts a quarter (a negative month is in the year before, which
  // Date.UTC understands: with offset 1, January's quarter starts in November).
  const startMonth = month - ((((month - startMonthOffset) % 3) + 3) % 3);
  const start = new Date(Date.UTC(year, startMonth, 1));
  const nextStart = new Date(Date.UTC(year, startMonth + 3, 1));
  return { start: start.toISOString().slice(0, 10), end: addDays(nextStart.toISOString().slice(0, 10), -1) };
}

export interface ForecastInput {
  /** Daily total_spend by market date, only for days with data. */
  history: ReadonlyMap<string, Money>;
  /** Today's market date: days before it can have data; it and later days are projected. */
  today: string;
  startMonthOffset?: number;
  /**
   * The same days priced as the days to come will be (for a Happy Hours participant, with the slot chosen last
   * applied throughout), from which the projection's weekday averages and seasonal ratio are taken. Spend to
   * date always comes from `history`. Default: `history`.
   */
  projectionHistory?: ReadonlyMap<string, Money>;
  /**
   * The account's supply period (decision 0034; null ends unbounded): the quarter's days outside it are not
   * the account's, so they are neither counted nor projected. Default: every day.
   */
  supply?: { from: string | null; to: string | null };
}

export interface QuarterForecast {
  quarterStart: string;
  quarterEnd: string;
  /** Sum of the quarter's days with data before today. */
  spendToDate: Money;
  /** The projection for the days without data (today to the quarter end, and any missing earlier days). */
  projectedRemaining: Money | null;
  /** spendToDate + projectedRemaining; null when there is not enough data to project. */
  projectedTotal: Money | null;
  daysWithData: number;
  daysProjected: number;
  /** Last year's seasonal ratio as applied (after bounds), or null when not applied. */
  seasonalRatio: number | null;
  method: ForecastMethod;
}

/** The daily total_spend history of priced days, for `forecastQuarter` (days without data are skipped). */
export function dailyTotals(days: Iterable<DaySpend | null>): Map<string, Money> {
  const totals = new Map<string, Money>();
  for (const day of days) if (day) totals.set(day.date, day.totalSpend);
  return totals;
}

/** A span of market dates, both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * The only days `forecastQuarter` can read on `today`: this quarter's days before today and the
 * FORECAST_LOOKBACK_WEEKS before today (spend to date, the weekday averages), and the same weeks and this
 * quarter 52 weeks earlier (the seasonal ratio). Reading these instead of a year and a half halves the rows.
 */
export function forecastReadRanges(today: string, startMonthOffset = 0): [DateRange, DateRange] {
  const quarter = billingQuarter(today, startMonthOffset);
  const lookbackStart = addDays(today, -FORECAST_LOOKBACK_WEEKS * 7);
  const recentStart = quarter.start < lookbackStart ? quarter.start : lookbackStart;
  const quarterEndLastYear = addDays(quarter.end, -FORECAST_YEAR_DAYS);
  const lookbackEndLastYear = addDays(today, -1 - FORECAST_YEAR_DAYS);
  return [
    { from: recentStart, to: addDays(today, -1) },
    {
      from: addDays(recentStart, -FORECAST_YEAR_DAYS),
      to: quarterEndLastYear > lookbackEndLastYear ? quarterEndLastYear : lookbackEndLastYear,
    },
  ];
}

/**
 * Each weekday's average (0 = Monday): the mean of its last FORECAST_BASE_WEEKS days with data before
 * today, within FORECAST_LOOKBACK_WEEKS. A weekday with no such day takes the mean of all the days found for
 * the other weekdays. Also the earliest day used, which starts the base window.
 */
function weekdayAverages(history: ReadonlyMap<string, Money>, today: number) {
  const samples: Money[][] = Array.from({ length: 7 }, () => []);
  let earliest: number | null = null;
  for (let day = today - 1; day >= today - FORECAST_LOOKBACK_WEEKS * 7; day--) {
    const bucket = samples[weekdayOfDayNumber(day)] as Money[];
    if (bucket.length >= FORECAST_BASE_WEEKS) continue;
    const value = history.get(dateOfDayNumber(day));
    if (value === undefined) continue;
    bucket.push(value);
    earliest = day;
  }
  const pooled = meanMoney(samples.flat());
  if (pooled === null || earliest === null) return null;
  return { averages: samples.map((values) => meanMoney(values) ?? pooled), earliest };
}

/** Sum and count of the history's values on the given days, 52 weeks earlier. */
function sumLastYear(history: ReadonlyMap<string, Money>, days: readonly number[]) {
  let total = 0n;
  let count = 0;
  for (const day of days) {
    const value = history.get(dateOfDayNumber(day - FORECAST_YEAR_DAYS));
    if (value === undefined) continue;
    total += value;
    count++;
  }
  return { total, count };
}

/**
 * Last year's seasonal ratio as a fraction: last year's mean daily spend over the days being projected,
 * shifted back 52 weeks, over last year's mean daily spend over the base window shifted back likewise;
 * bounded to [1/2, 2]. Null, and so not applied, when either window has data on less than half its days
 * (no year of history yet) or either mean is not positive (a ratio of credits has no seasonal meaning).
 */
function seasonalRatio(
  history: ReadonlyMap<string, Money>,
  baseDays: readonly number[],
  projectedDays: readonly number[],
): { numerator: bigint; denominator: bigint } | null {
  const base = sumLastYear(history, baseDays);
  const later = sumLastYear(history, projectedDays);
  if (base.count < baseDays.length * SEASONAL_MIN_COVERAGE) return null;
  if (later.count < projectedDays.length * SEASONAL_MIN_COVERAGE || later.count === 0) return null;
  if (base.total <= 0n || later.total <= 0n) return null;
  // (later.total / later.count) / (base.total / base.count), kept as an exact fraction.
  const ratio = {
    numerator: later.total * BigInt(base.count),
    denominator: base.total * BigInt(later.count),
  };
  const below = (a: typeof ratio, b: typeof ratio) =>
    a.numerator * b.denominator < b.numerator * a.denominator;
  if (below(ratio, SEASONAL_RATIO_MIN)) return SEASONAL_RATIO_MIN;
  if (below(SEASONAL_RATIO_MAX, ratio)) return SEASONAL_RATIO_MAX;
  return ratio;
}

export function forecastQuarter(input: ForecastInput): QuarterForecast {
  const { history } = input;
  const quarter = billingQuarter(input.today, input.startMonthOffset ?? 0);
  const today = dayNumber(input.today);

  const known: Money[] = [];
  const projectedDays: number[] = [];
  const firstDay = Math.max(
    dayNumber(quarter.start),
    input.supply?.from ? dayNumber(input.supply.from) : -Infinity,
  );
  const lastDay = Math.min(dayNumber(quarter.end), input.supply?.to ? dayNumber(input.supply.to) : Infinity);
  for (let day = firstDay; day <= lastDay; day++) {
    const value = day < today ? history.get(dateOfDayNumber(day)) : undefined;
    if (value === undefined) projectedDays.push(day);
    else known.push(value);
  }
  const spendToDate = sumMoney(known);
  const result = {
    quarterStart: quarter.start,
    quarterEnd: quarter.end,
    spendToDate,
    daysWithData: known.length,
    daysProjected: projectedDays.length,
  };

  const basis = input.projectionHistory ?? history;
  const base = weekdayAverages(basis, today);
  if (!base) {
    return {
      ...result,
      projectedRemaining: null,
      projectedTotal: null,
      seasonalRatio: null,
      method: forecastMethods.notEnoughData,
    };
  }

  let unscaled = 0n;
  for (const day of projectedDays) unscaled += base.averages[weekdayOfDayNumber(day)] as Money;
  const baseDays = Array.from({ length: today - base.earliest }, (_, i) => base.earliest + i);
  const ratio = seasonalRatio(basis, baseDays, projectedDays);
  const projectedRemaining = ratio ? divideRounded(unscaled * ratio.numerator, ratio.denominator) : unscaled;
  return {
    ...result,
    projectedRemaining,
    projectedTotal: spendToDate + projectedRemaining,
    // For display and logs; the projection used the exact fraction.
    seasonalRatio: ratio
      ? Math.round((Number(ratio.numerator) / Number(ratio.denominator)) * 1e4) / 1e4
      : null,
    method: ratio ? forecastMethods.seasonal : forecastMethods.recent,
  };
}

/** Whole days from today to the quarter end, both included (for "N days to go" wording). */
export function daysLeftInQuarter(today: string, startMonthOffset = 0): number {
  return daysBetween(today, billingQuarter(today, startMonthOffset).end) + 1;
}
