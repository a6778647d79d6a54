/**
 * The usage response of one week (docs/api.md#entities, docs/tracker-figures.md), from priced days: pure, no I/O, unit-tested with
 * hand-computed numbers. Averages look back over previous weeks that have data: a day's average is the mean
 * of the same weekday over the previous 5 weeks with data for it; an hour's, the same per hour; the weekly
 * average is the mean total of the previous 4 weeks with data.
 *
 * Figures add up as shown (docs/api.md#entities: the week's total is the sum of the days' totals; docs/tracker-figures.md):
 * a day's total is its exact total rounded to the cent, and its usage, supply, solar credit and concession
 * are rounded so that they add up to it; its hours are rounded so that they add up to its usage and solar
 * credit; the week's total, solar credit, highest day and averages are those of the days' shown totals.
 */
import {
  addDays,
  type ColumnData,
  type Customer,
  type DayEntry,
  type Diversion,
  dayOfWeek,
  type Forecast,
  type HourEntry,
  type IntervalRange,
  isMarketDate,
  MONTH_NAMES,
  type MoneyPart,
  type MoneyPartKind,
  type MoneyParts,
  type SolarCurtailment,
  type TimePoint,
  type Trend,
  type UsageResponse,
  WEEKDAY_NAMES,
  type WeeklyInsights,
} from '@portal/contracts';
import {
  ATTOCENTS_PER_CENT,
  divideRounded,
  type Money,
  meanMoney,
  microKwhToKwh,
  moneyRatio,
  sumMoney,
  toDollars,
} from '../billing/money.ts';
import { CONTROLLED_LOAD_PART, type DayParts, FLAT_PERIODS } from '../billing/money-parts.ts';
import type { DayQuality } from '../billing/priced-day.ts';
import type { DaySpend } from '../billing/spend.ts';

/** Averages over this many previous weeks with data (docs/rules.md#limits). */
export const AVERAGE_WEEKS = 5;
export const WEEKLY_AVERAGE_WEEKS = 4;
/** How far back to look for weeks with data. */
export const LOOKBACK_WEEKS = 10;
/** Beyond ±5% of the average a trend is up or down (docs/tracker-figures.md). */
export const TREND_THRESHOLD = 0.05;

/** Periods of the day for the diversion insight: [first hour, last hour + 1), the flat rate's clock periods. */
export const DAY_PERIODS = FLAT_PERIODS.map(({ name, from, to }) => ({ period: name, from, to }));

export function timePoint(date: string, time: string): TimePoint {
  // date is a checked 'YYYY-MM-DD': its parts are read from the text (a week has 350 of these).
  return {
    day: WEEKDAY_NAMES[dayOfWeek(date)] as string,
    date: Number(date.slice(8, 10)),
    month: MONTH_NAMES[Number(date.slice(5, 7)) - 1] as string,
    yyyymmdd: `${date.slice(0, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`,
    time,
  };
}

const hh = (hour: number) => String(hour).padStart(2, '0');
export const range = (fromDate: string, fromTime: string, toDate: string, toTime: string): IntervalRange => ({
  starts_at: timePoint(fromDate, fromTime),
  ends_at: timePoint(toDate, toTime),
});

/** Money rounded half away from zero to a whole cent (still in attocents): a figure as the customer sees it. */
export const roundToCent = (value: Money): Money =>
  divideRounded(value, ATTOCENTS_PER_CENT) * ATTOCENTS_PER_CENT;

/** The whole cents at or below `value` (floor, also for negative amounts). */
function floorToCent(value: Money): Money {
  const remainder = value % ATTOCENTS_PER_CENT;
  return value - remainder - (remainder < 0n ? ATTOCENTS_PER_CENT : 0n);
}

/**
 * Whole-cent figures for `parts` that add up to `total`, a whole-cent amount next to their exact sum (its
 * floor or its ceiling): each part is its floor, and the cents still missing go one each to the parts with
 * the largest remainders (the largest remainder method; the earlier part on a tie). So each shown part is
 * within a cent of its exact value, and the parts add up to the total exactly.
 */
export function apportionCents(parts: readonly Money[], total: Money): Money[] {
  const floors = parts.map(floorToCent);
  let missing = (total - sumMoney(floors)) / ATTOCENTS_PER_CENT;
  const remainders = parts.map((part, index) => ({ index, remainder: part - (floors[index] as Money) }));
  const withRemainder = remainders.filter((entry) => entry.remainder > 0n).length;
  if (total % ATTOCENTS_PER_CENT !== 0n || missing < 0n || missing > BigInt(withRemainder)) {
    throw new RangeError('apportionCents: the total is not a whole-cent rounding of the parts');
  }
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const shown = [...floors];
  for (const { index } of remainders) {
    if (missing === 0n) break;
    shown[index] = (shown[index] as Money) + ATTOCENTS_PER_CENT;
    missing -= 1n;
  }
  return shown;
}

/** A day's money as shown, in whole cents that add up: see the module comment. */
export interface ShownDay {
  gridSpend: Money;
  serviceCharge: Money;
  solarInput: Money;
  concession: Money;
  /** gridSpend + serviceCharge - solarInput - concession: the exact total rounded to the cent. */
  totalSpend: Money;
  /** Per hour: usage and solar credit adding up to the day's, and their difference. */
  hours: Array<{ gridSpend: Money; solarInput: Money; totalSpend: Money }>;
}

/** A day's shown total (without its parts): the exact total rounded to the cent. */
export const shownDayTotal = (day: DaySpend): Money => roundToCent(day.totalSpend);

/**
 * A day's figures as shown. The day's own figures must be the exact sums of its hours (spend.ts guarantees
 * it); otherwise the hours cannot add up to them and this throws.
 */
export function shownDay(day: DaySpend): ShownDay {
  const totalSpend = shownDayTotal(day);
  const [gridSpend, serviceCharge, minusSolar, minusConcession] = apportionCents(
    [day.gridSpend, day.serviceCharge, -day.solarInput, -day.concession],
    totalSpend,
  ) as [Money, Money, Money, Money];
  const hourGrid = apportionCents(
    day.hours.map((hour) => hour.gridSpend),
    gridSpend,
  );
  const hourSolar = apportionCents(
    day.hours.map((hour) => hour.solarInput),
    -minusSolar,
  );
  return {
    gridSpend,
    serviceCharge,
    solarInput: -minusSolar,
    concession: -minusConcession,
    totalSpend,
    hours: hourGrid.map((grid, hour) => {
      const solar = hourSolar[hour] as Money;
      return { gridSpend: grid, solarInput: solar, totalSpend: grid - solar };
    }),
  };
}

/** A part of a day's or a week's spend as shown (docs/tracker-figures.md#where-your-money-goes). */
export interface ShownPart {
  part: MoneyPartKind;
  period: string | null;
  /** Whole cents (in attocents); credits negative. */
  spend: Money;
  /** Micro-kWh for always-on, usage and controlled load; null for the others. */
  microKwh: number | null;
}

/** A day's parts as shown, and whether the day has an always-on figure. */
export interface ShownParts {
  parts: ShownPart[];
  alwaysOnDays: number;
}

/**
 * Where a day's money goes, in whole cents adding up to its shown total: its usage parts (always-on, each
 * period above always-on, controlled load) apportioned to its shown usage by the largest remainder method,
 * then its shown supply, solar credit and concession. A day stored without parts shows its usage as one part.
 */
export function shownDayParts(day: DaySpend, shown: ShownDay, parts: DayParts | null): ShownParts {
  const usage: Array<Omit<ShownPart, 'spend'> & { exact: Money }> = [];
  if (!parts) {
    usage.push({ part: 'usage', period: null, exact: day.gridSpend, microKwh: day.usageMicroKwh });
  } else {
    const { alwaysOnSpend, alwaysOnUsage } = parts;
    if (alwaysOnSpend && alwaysOnUsage) {
      usage.push({
        part: 'always_on',
        period: null,
        exact: sumMoney(alwaysOnSpend),
        microKwh: alwaysOnUsage.reduce((a, b) => a + b, 0),
      });
    }
    parts.names.forEach((name, index) => {
      const isControlled = name === CONTROLLED_LOAD_PART && index === parts.names.length - 1;
      usage.push({
        part: isControlled ? 'controlled_load' : 'usage',
        period: isControlled ? null : name,
        exact: (parts.spend[index] ?? 0n) - (alwaysOnSpend?.[index] ?? 0n),
        microKwh: (parts.usage[index] ?? 0) - (alwaysOnUsage?.[index] ?? 0),
      });
    });
  }
  const cents = apportionCents(
    usage.map((part) => part.exact),
    shown.gridSpend,
  );
  return {
    parts: [
      ...usage.map(({ part, period, microKwh }, index) => ({
        part,
        period,
        microKwh,
        spend: cents[index] as Money,
      })),
      { part: 'supply', period: null, spend: shown.serviceCharge, microKwh: null },
      { part: 'solar_credit', period: null, spend: -shown.solarInput, microKwh: null },
      { part: 'concession', period: null, spend: -shown.concession, microKwh: null },
    ],
    alwaysOnDays: parts?.alwaysOnSpend ? 1 : 0,
  };
}

const PART_ORDER: Record<MoneyPartKind, number> = {
  always_on: 0,
  usage: 1,
  controlled_load: 2,
  supply: 3,
  solar_credit: 4,
  concession: 5,
};

/**
 * Parts of several days summed part by part (a period by its name, in the order first seen): the week's parts
 * add up to the sum of its days' shown totals, the week's total. Usage periods with neither kWh nor money, and
 * credits of nothing, are left out; supply always stays, and always-on whenever a day has the figure (a solar
 * home whose panels cover it before 6 am has none to speak of: it shows as nothing, not as missing).
 */
export function sumShownParts(days: readonly ShownParts[]): ShownParts {
  const byKey = new Map<string, ShownPart>();
  for (const day of days) {
    for (const part of day.parts) {
      const key = `${part.part}\u0000${part.period ?? ''}`;
      const found = byKey.get(key);
      if (!found) byKey.set(key, { ...part });
      else {
        found.spend += part.spend;
        found.microKwh = part.microKwh === null ? found.microKwh : (found.microKwh ?? 0) + part.microKwh;
      }
    }
  }
  const parts = [...byKey.values()]
    .map((part, index) => ({ part, index }))
    .sort((a, b) => PART_ORDER[a.part.part] - PART_ORDER[b.part.part] || a.index - b.index)
    .map(({ part }) => part)
    .filter(
      (part) =>
        part.part === 'supply' ||
        part.part === 'always_on' ||
        part.spend !== 0n ||
        (part.microKwh ?? 0) !== 0,
    );
  return { parts, alwaysOnDays: days.reduce((sum, day) => sum + day.alwaysOnDays, 0) };
}

/** Parts as the response carries them: dollars and kWh. */
export function moneyPartsOf(shown: ShownParts): MoneyParts {
  return {
    parts: shown.parts.map(
      (part): MoneyPart => ({
        part: part.part,
        period: part.period,
        spend: toDollars(part.spend),
        usage_kwh: part.microKwh === null ? null : microKwhToKwh(part.microKwh),
      }),
    ),
    always_on_days: shown.alwaysOnDays,
  };
}

/** What a week and the averages around it are built from: priced days, quality, solar days. */
export interface WeekDays {
  days: Map<string, DaySpend>;
  quality: Map<string, DayQuality>;
  solarDates: Set<string>;
  /** The usage charges Happy Hours waived per hour, on the days it waived something. */
  waived: Map<string, readonly Money[]>;
  /** Where each priced day's usage charges go. */
  parts: Map<string, DayParts>;
}

/** A priced day as a week reads it (billing's `StoredDay` is one): kept here so the pure week needs no row type. */
export interface ReadDay {
  date: string;
  hasImport: boolean;
  hasExport: boolean;
  spend: DaySpend | null;
  waived: readonly Money[] | null;
  quality: DayQuality | null;
  parts: DayParts | null;
}

/**
 * The first day a week's figures read: AVERAGE_WEEKS before it when each of those days has an import, or else
 * LOOKBACK_WEEKS before it (averages skip days without data, and look back that far for them).
 */
export function weekReadFrom(weekStart: string, hasImport: (date: string) => boolean): string {
  const nearStart = addDays(weekStart, -7 * AVERAGE_WEEKS);
  for (let date = nearStart; date < weekStart; date = addDays(date, 1)) {
    if (!hasImport(date)) return addDays(weekStart, -7 * LOOKBACK_WEEKS);
  }
  return nearStart;
}

/**
 * A week's days as its response reads them, from the stored days read around it: none from `today` on (a day
 * counts once it is over), and none before `before` (the older weeks, when the nearer ones had no gaps).
 */
export function weekDaysOf(
  stored: readonly ReadDay[],
  { today, before }: { today: string; before: string | null },
): WeekDays {
  const week: WeekDays = {
    days: new Map(),
    quality: new Map(),
    solarDates: new Set(),
    waived: new Map(),
    parts: new Map(),
  };
  for (const day of stored) {
    if (day.date >= today || (before !== null && day.date < before)) continue;
    if (day.spend) week.days.set(day.date, day.spend);
    if (day.quality) week.quality.set(day.date, day.quality);
    if (day.hasExport) week.solarDates.add(day.date);
    if (day.waived) week.waived.set(day.date, day.waived);
    if (day.parts) week.parts.set(day.date, day.parts);
  }
  return week;
}

/** What a week is built from: the account's priced days around it, and what else the week shows. */
export interface WeekData {
  today: string;
  weekStart: string;
  /** Priced days from LOOKBACK_WEEKS before the week to the end of the week after it. */
  days: ReadonlyMap<string, DaySpend>;
  quality: ReadonlyMap<string, DayQuality>;
  /** Dates with an export (solar) channel. */
  solarDates: ReadonlySet<string>;
  /** The usage charges Happy Hours waived per hour, on the days it waived something (none: no entry). */
  waived?: ReadonlyMap<string, readonly Money[]>;
  /** Where each priced day's usage charges go (no entry: shown as one usage part). */
  parts?: ReadonlyMap<string, DayParts>;
  curtailment: SolarCurtailment | null;
}

export interface WeekInput extends WeekData {
  customer: Customer;
  forecast: Forecast;
}

function trendOf(value: Money, average: Money | null): Trend | null {
  if (average === null || average <= 0n) return null;
  const ratio = moneyRatio(value, average);
  if (ratio === null) return null;
  return {
    up: ratio > 1 + TREND_THRESHOLD,
    down: ratio < 1 - TREND_THRESHOLD,
    stable: ratio >= 1 - TREND_THRESHOLD && ratio <= 1 + TREND_THRESHOLD,
    value_to_times: Math.round(ratio * 100) / 100,
  };
}

/** The same weekday in earlier weeks, most recent first, that have data: at most `count`. */
function previousWithData(days: ReadonlyMap<string, DaySpend>, date: string, count: number): DaySpend[] {
  const found: DaySpend[] = [];
  for (let week = 1; week <= LOOKBACK_WEEKS && found.length < count; week++) {
    const day = days.get(addDays(date, -7 * week));
    if (day) found.push(day);
  }
  return found;
}

const emptyColumn = (average: Money | null): ColumnData => ({
  total_spend: null,
  grid_spend: null,
  service_charge: null,
  solar_input: null,
  solar_kwh: null,
  concession: null,
  usage_kwh: null,
  average_spend: average === null ? null : toDollars(average),
});

/**
 * What a day's averages read of an earlier same weekday with spend: its shown total and each hour's spend. A
 * day without data of its own shows only these averages (`noDataDayEntry`).
 */
export interface EarlierDay {
  shownTotal: Money;
  hourTotals: readonly Money[];
}

export const earlierDayOf = (day: DaySpend): EarlierDay => ({
  shownTotal: shownDayTotal(day),
  hourTotals: Array.from({ length: 24 }, (_, hour) => day.hours[hour]?.totalSpend ?? 0n),
});

function hourEntries(
  date: string,
  day: DaySpend | undefined,
  shown: ShownDay | undefined,
  earlier: readonly EarlierDay[],
  quality: DayQuality | undefined,
  waived: readonly Money[] | undefined,
) {
  const hasSolar = day !== undefined && day.solarMicroKwh > 0;
  return Array.from({ length: 24 }, (_, hour): HourEntry => {
    const average = meanMoney(earlier.map((before) => before.hourTotals[hour] ?? 0n));
    const spend = day?.hours[hour];
    const money = shown?.hours[hour];
    return {
      interval_range: range(date, `${hh(hour)}:00`, date, `${hh(hour)}:59`),
      metadata: hasSolar ? { has_solar: true } : {},
      data:
        spend && money
          ? {
              total_spend: toDollars(money.totalSpend),
              grid_spend: toDollars(money.gridSpend),
              service_charge: 0,
              solar_input: toDollars(money.solarInput),
              solar_kwh: microKwhToKwh(spend.solarMicroKwh),
              concession: 0,
              usage_kwh: microKwhToKwh(spend.usageMicroKwh),
              average_spend: average === null ? null : toDollars(average),
            }
          : emptyColumn(average),
      estimated_share: quality?.hours[hour] ?? 0,
      // A free hour of Happy Hours that used energy says so, with what it saved (issue 26 item 9).
      ...(spend && money && (waived?.[hour] ?? 0n) > 0n
        ? { happy_hours_saving: toDollars(waived?.[hour] ?? 0n) }
        : {}),
      insights: {},
    };
  });
}

/** The period of the day whose spend differs most from its average (docs/tracker-figures.md). */
export function diversionOf(day: DaySpend, history: DaySpend[]): Diversion | null {
  if (history.length === 0) return null;
  let best: { period: Diversion['period']; diff: Money; actual: Money; average: Money } | null = null;
  for (const { period, from, to } of DAY_PERIODS) {
    const hours = Array.from({ length: to - from }, (_, i) => from + i);
    const actual = sumMoney(hours.map((hour) => day.hours[hour]?.totalSpend ?? 0n));
    const average = meanMoney(
      history.map((earlier) => sumMoney(hours.map((hour) => earlier.hours[hour]?.totalSpend ?? 0n))),
    ) as Money;
    const diff = actual - average;
    if (!best || (diff < 0n ? -diff : diff) > (best.diff < 0n ? -best.diff : best.diff)) {
      best = { period, diff, actual, average };
    }
  }
  if (!best || best.diff === 0n) return null;
  const ratio = best.average > 0n ? moneyRatio(best.actual, best.average) : null;
  return {
    trend: best.diff > 0n ? 'more' : 'less',
    value: toDollars(best.diff < 0n ? -best.diff : best.diff),
    value_to_times: ratio === null ? 0 : Math.round(ratio * 100) / 100,
    period: best.period,
  };
}

/** A priced day of the week with its figures as shown: computed once, for its column and for the week's. */
interface ShownWeekDay {
  day: DaySpend;
  shown: ShownDay;
  parts: ShownParts;
}

/** A day of the week with its figures as shown, when it has spend. */
function shownWeekDayOf(input: WeekData, date: string): ShownWeekDay | undefined {
  const day = input.days.get(date);
  if (!day) return undefined;
  const shown = shownDay(day);
  return { day, shown, parts: shownDayParts(day, shown, input.parts?.get(date) ?? null) };
}

function shownWeekDays(input: WeekData): Map<string, ShownWeekDay> {
  const found = new Map<string, ShownWeekDay>();
  for (const date of weekDates(input.weekStart)) {
    const shown = shownWeekDayOf(input, date);
    if (shown) found.set(date, shown);
  }
  return found;
}

/**
 * One day's entry of its week, read within the days of that week (`input`), with its figures as shown when it
 * has spend: what the per-day read model keeps of a day (day-records.ts).
 */
export function dayOfWeekEntry(
  input: WeekData,
  date: string,
): { entry: DayEntry; shown: ShownDayFigures | null } {
  const shown = shownWeekDayOf(input, date);
  const priced = new Map(shown ? [[date, shown]] : []);
  return { entry: dayEntry(input, date, priced), shown: shown ? figuresOf(shown) : null };
}

function dayEntry(input: WeekData, date: string, priced: ReadonlyMap<string, ShownWeekDay>): DayEntry {
  const history = previousWithData(input.days, date, AVERAGE_WEEKS);
  return entryOf(input, date, priced.get(date), history.map(earlierDayOf), history);
}

/**
 * The entry of a day without data of its own (no stored day: no spend, quality, solar or free hours), from the
 * same weekdays before it with spend, most recent first (at most AVERAGE_WEEKS), within its week's reads: the
 * same entry `buildUsageWeek` gives such a day.
 */
export function noDataDayEntry(date: string, earlier: readonly EarlierDay[]): DayEntry {
  const none: WeekData = {
    today: date,
    weekStart: date,
    days: new Map(),
    quality: new Map(),
    solarDates: new Set(),
    curtailment: null,
  };
  return entryOf(none, date, undefined, earlier, []);
}

function entryOf(
  input: WeekData,
  date: string,
  shownWeekDay: ShownWeekDay | undefined,
  earlier: readonly EarlierDay[],
  history: DaySpend[],
): DayEntry {
  const day = input.days.get(date);
  const shown = shownWeekDay?.shown;
  const average = meanMoney(earlier.map((before) => before.shownTotal));
  const quality = input.quality.get(date);
  return {
    interval_range: range(date, '00:00', date, '23:59'),
    metadata: input.solarDates.has(date) ? { has_solar: true } : {},
    data:
      day && shown
        ? {
            total_spend: toDollars(shown.totalSpend),
            grid_spend: toDollars(shown.gridSpend),
            service_charge: toDollars(shown.serviceCharge),
            solar_input: toDollars(shown.solarInput),
            solar_kwh: microKwhToKwh(day.solarMicroKwh),
            concession: toDollars(shown.concession),
            usage_kwh: microKwhToKwh(day.usageMicroKwh),
            average_spend: average === null ? null : toDollars(average),
          }
        : emptyColumn(average),
    estimated_share: quality?.day ?? 0,
    insights: {
      trend: shown ? trendOf(shown.totalSpend, average) : null,
      diversion: day ? diversionOf(day, history) : null,
    },
    intervals: hourEntries(date, day, shown, earlier, quality, input.waived?.get(date)),
    money_parts: shownWeekDay ? moneyPartsOf(sumShownParts([shownWeekDay.parts])) : null,
  };
}

export const weekDates = (weekStart: string) => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

function weekHasData(days: ReadonlyMap<string, DaySpend>, weekStart: string) {
  return weekDates(weekStart).some((date) => days.has(date));
}

/** A priced day of a week as the week's figures read it: what it shows, in whole cents and micro-kWh. */
export interface ShownDayFigures {
  date: string;
  totalSpend: Money;
  solarInput: Money;
  usageMicroKwh: number;
  solarMicroKwh: number;
  parts: ShownParts;
}

/** What a week's insights are computed from, however its days were read. */
export interface WeekFigures {
  today: string;
  weekStart: string;
  /** The week's priced days, in date order. */
  priced: readonly ShownDayFigures[];
  /** A day's shown total, for the days before the week that the week reads; undefined without spend. */
  shownTotalOf: (date: string) => Money | undefined;
  /** Whether any day the week reads has an export (solar) channel. */
  hasSolarDates: boolean;
  curtailment: SolarCurtailment | null;
}

const figuresOf = ({ day, shown, parts }: ShownWeekDay): ShownDayFigures => ({
  date: day.date,
  totalSpend: shown.totalSpend,
  solarInput: shown.solarInput,
  usageMicroKwh: day.usageMicroKwh,
  solarMicroKwh: day.solarMicroKwh,
  parts,
});

/** The figures of a week in progress or over, from the days read around it. */
function weekFiguresOf(input: WeekData, shownDays: ReadonlyMap<string, ShownWeekDay>): WeekFigures {
  return {
    today: input.today,
    weekStart: input.weekStart,
    priced: [...shownDays.values()].map(figuresOf),
    shownTotalOf: (date) => {
      const day = input.days.get(date);
      return day ? shownDayTotal(day) : undefined;
    },
    hasSolarDates: input.solarDates.size > 0,
    curtailment: input.curtailment,
  };
}

/** The week's insights (docs/tracker-figures.md): its total, highest day, weekly average, trend, solar, parts. */
export function weeklyInsightsOf(figures: WeekFigures): WeeklyInsights {
  const { priced } = figures;
  if (priced.length === 0) {
    return {
      max_spend: null,
      weekly_average_spend: null,
      trend: null,
      trend_basis: null,
      solar_export: null,
      solar_export_kwh: null,
      solar_curtailment: figures.curtailment,
      total_spend: null,
      usage_kwh: null,
      money_parts: null,
    };
  }
  // The week's total is the sum of the days' totals as shown (docs/api.md#entities), and so is every earlier week's.
  const total = sumMoney(priced.map((day) => day.totalSpend));
  const max = priced.reduce((best, day) => (day.totalSpend > best.totalSpend ? day : best));
  const previousTotals: Money[] = [];
  for (let week = 1; week <= LOOKBACK_WEEKS && previousTotals.length < WEEKLY_AVERAGE_WEEKS; week++) {
    const start = addDays(figures.weekStart, -7 * week);
    const days = weekDates(start).flatMap((date) => {
      const shown = figures.shownTotalOf(date);
      return shown === undefined ? [] : [shown];
    });
    if (days.length > 0) previousTotals.push(sumMoney(days));
  }
  const weeklyAverage = meanMoney(previousTotals);
  // A week in progress is compared with the share of the average its days with data stand for.
  const isCurrent = figures.weekStart === addDays(figures.today, -dayOfWeek(figures.today));
  const expected =
    weeklyAverage === null ? null : isCurrent ? (weeklyAverage * BigInt(priced.length)) / 7n : weeklyAverage;
  const hasSolar = priced.some((day) => day.solarMicroKwh > 0) || figures.hasSolarDates;
  return {
    max_spend: { day: max.date, value: toDollars(max.totalSpend) },
    weekly_average_spend: weeklyAverage === null ? null : toDollars(weeklyAverage),
    trend: trendOf(total, expected),
    trend_basis:
      expected === null ? null : { spend: toDollars(expected), days: isCurrent ? priced.length : 7 },
    solar_export: hasSolar ? toDollars(sumMoney(priced.map((day) => day.solarInput))) : null,
    solar_export_kwh: hasSolar
      ? microKwhToKwh(
          priced.reduce((sum, day) => sum + day.solarMicroKwh, 0),
          2,
        )
      : null,
    solar_curtailment: figures.curtailment,
    total_spend: toDollars(total),
    usage_kwh: microKwhToKwh(priced.reduce((sum, day) => sum + day.usageMicroKwh, 0)),
    money_parts: moneyPartsOf(sumShownParts(priced.map((day) => day.parts))),
  };
}

/**
 * Whether a week's answer can change with the market day alone: until the last day of the week after it. Until
 * then the day decides which of the days read count (none from today on, `daysAround` in usage-service.ts),
 * whether the week is the one in progress, and whether the next week has started; after it, only the data can
 * change the week (decision 0036: its stored answer outlives the day).
 */
export function weekShowsTheDay(weekStart: string, today: string): boolean {
  return addDays(weekStart, 13) >= today;
}

/** The response without what is the account's own rather than the week's (its settings, its forecast). */
export type UsageWeek = Omit<UsageResponse, 'customer' | 'forecast'>;

export function buildUsageResponse(input: WeekInput): UsageResponse {
  return { customer: input.customer, ...buildUsageWeek(input), forecast: input.forecast };
}

export function buildUsageWeek(input: WeekData): UsageWeek {
  const previousStart = addDays(input.weekStart, -7);
  const nextStart = addDays(input.weekStart, 7);
  const lastDay = addDays(input.weekStart, 6);
  const shownDays = shownWeekDays(input);
  return {
    metadata: { has_solar: input.solarDates.size > 0 },
    // The first market week (1900-01-01) has none before it inside the market's years.
    previous_week: isMarketDate(previousStart)
      ? { from: previousStart, has_data: weekHasData(input.days, previousStart) }
      : { from: null, has_data: false },
    next_week: {
      from: nextStart <= input.today ? nextStart : null,
      has_data: weekHasData(input.days, nextStart),
    },
    current_week: {
      interval_range: range(input.weekStart, '00:00', lastDay, '23:59'),
      insights: weeklyInsightsOf(weekFiguresOf(input, shownDays)),
      intervals: weekDates(input.weekStart).map((date) => dayEntry(input, date, shownDays)),
    },
  };
}
