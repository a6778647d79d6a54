/**
 * The Tracker's read model kept per day (issue 46): what a week shows of a day, made once per day, and a week
 * assembled from its days' records with integer arithmetic and concatenation. Pure, no I/O.
 *
 * A day's record holds its entry of the week as JSON text (its figures as shown, its hours, quality and free
 * hours, and its averages, trend and diversion against the same weekdays before it, read within the days its
 * week reads: `weekReadFrom`), whether it has import and export channels, and its figures as shown (total,
 * solar credit, kWh, parts) when it has spend. A week then needs its 7 days' records and, of the days around it
 * (the 10 weeks before it and the week after it), only those flags and shown totals: its weekly average, arrows
 * and solar flag are computed from them, and the market day (which week is in progress, whether the next one
 * has started) is applied per request. Nothing in a record depends on the market day while every day with data
 * is over, as a meter's data is; a week with data from the market day on is built in full (`assembledWeekJson`
 * answers null).
 */
import { addDays, isMarketDate, weekStart as mondayOf, type SolarCurtailment } from '@portal/contracts';
import type { Money } from '../billing/money.ts';
import {
  AVERAGE_WEEKS,
  dayOfWeekEntry,
  type EarlierDay,
  earlierDayOf,
  LOOKBACK_WEEKS,
  noDataDayEntry,
  type ReadDay,
  range,
  type ShownDayFigures,
  weekDates,
  weekDaysOf,
  weeklyInsightsOf,
  weekReadFrom,
} from './week.ts';

/** After any day with data: a record takes every stored day as over. */
const EVERY_DAY_OVER = '9999-12-31';

/** What a week shows of one day of an account, kept per account and day. */
export interface DayRecord {
  date: string;
  hasImport: boolean;
  hasExport: boolean;
  /** The day's entry of its week (docs/api.md#entities) as JSON text. */
  entry: string;
  /** Its figures as shown, when it has spend. */
  shown: ShownDayFigures | null;
  /** What the averages of the same weekdays after it read of it, when it has spend. */
  earlier: EarlierDay | null;
}

/**
 * The record of `date`, a stored day, from the stored days of its week and of the LOOKBACK_WEEKS before it (more
 * may be given; the week's own rule picks the days it reads). Only a stored day has a record: a day without data
 * shows the averages of the records before it (`assembledWeekJson`), so an appended day writes one record.
 */
export function dayRecordOf(date: string, stored: readonly ReadDay[]): DayRecord {
  const weekStart = mondayOf(date);
  const imported = new Set(stored.filter((day) => day.hasImport).map((day) => day.date));
  const from = weekReadFrom(weekStart, (day) => imported.has(day));
  const own = stored.find((day) => day.date === date);
  if (!own) throw new Error(`no stored day ${date}: a day without data has no record (noDataDayEntry)`);
  const { entry, shown } = dayOfWeekEntry(
    {
      ...weekDaysOf(stored, { today: EVERY_DAY_OVER, before: from }),
      today: EVERY_DAY_OVER,
      weekStart,
      curtailment: null,
    },
    date,
  );
  return {
    date,
    hasImport: own.hasImport,
    hasExport: own.hasExport,
    entry: JSON.stringify(entry),
    shown,
    earlier: own.spend ? earlierDayOf(own.spend) : null,
  };
}

/**
 * The week of `weekStart` as `buildUsageWeek` gives it, as JSON text, assembled on the market day `today` from
 * the records of its days and of the days its figures read (`recordOf`, from LOOKBACK_WEEKS before the week to
 * the end of the week after it; undefined for a day without data). Null when a day it reads has data and is not
 * over (from `today` on): such a week is built in full.
 */
export function assembledWeekJson(
  weekStart: string,
  today: string,
  recordOf: (date: string) => DayRecord | undefined,
  curtailment: SolarCurtailment | null,
): string | null {
  const nextStart = addDays(weekStart, 7);
  const lastRead = addDays(nextStart, 6);
  for (let date = today; date <= lastRead; date = addDays(date, 1)) {
    const record = recordOf(date);
    if (record && (record.hasImport || record.hasExport || record.shown)) return null;
  }
  // From here on every day read with data is over: none counts less for the market day.
  const from = weekReadFrom(weekStart, (date) => recordOf(date)?.hasImport ?? false);
  const shownOf = (date: string) => (date >= from ? (recordOf(date)?.shown ?? null) : null);
  const hasSpend = (date: string) => shownOf(date) !== null;
  let hasSolarDates = false;
  for (let date = from; date <= lastRead && !hasSolarDates; date = addDays(date, 1)) {
    hasSolarDates = recordOf(date)?.hasExport ?? false;
  }
  const days = weekDates(weekStart);
  const insights = weeklyInsightsOf({
    today,
    weekStart,
    priced: days.flatMap((date) => shownOf(date) ?? []),
    shownTotalOf: (date): Money | undefined => shownOf(date)?.totalSpend,
    hasSolarDates,
    curtailment,
  });
  const previousStart = addDays(weekStart, -7);
  const previousWeek = isMarketDate(previousStart)
    ? { from: previousStart, has_data: weekDates(previousStart).some(hasSpend) }
    : { from: null, has_data: false };
  const nextWeek = {
    from: nextStart <= today ? nextStart : null,
    has_data: weekDates(nextStart).some(hasSpend),
  };
  const weekRange = range(weekStart, '00:00', addDays(weekStart, 6), '23:59');
  // A day without data: the averages of its same weekdays before it with spend, within the week's reads.
  const earlierOf = (date: string) => {
    const earlier: EarlierDay[] = [];
    for (let week = 1; week <= LOOKBACK_WEEKS && earlier.length < AVERAGE_WEEKS; week++) {
      const before = addDays(date, -7 * week);
      if (before < from) break;
      const found = recordOf(before)?.earlier;
      if (found) earlier.push(found);
    }
    return earlier;
  };
  const entries = days.map(
    (date) => recordOf(date)?.entry ?? JSON.stringify(noDataDayEntry(date, earlierOf(date))),
  );
  return (
    `{"metadata":{"has_solar":${hasSolarDates}},"previous_week":${JSON.stringify(previousWeek)},` +
    `"next_week":${JSON.stringify(nextWeek)},"current_week":{"interval_range":${JSON.stringify(weekRange)},` +
    `"insights":${JSON.stringify(insights)},"intervals":[${entries.join(',')}]}}`
  );
}

/**
 * The days whose records may change when the stored day `date` changes (appended, priced again, removed), beside
 * its own: a record reads the same weekdays before it within LOOKBACK_WEEKS (its averages, trend and diversion),
 * and whether each of the AVERAGE_WEEKS before its week has an import (which of those weeks it reads:
 * `weekReadFrom`). So: the next LOOKBACK_WEEKS same weekdays, and, when the day's import changed (it gained or
 * lost its import channel), every day of the weeks whose AVERAGE_WEEKS before them hold it. Of these only the
 * stored days have records; the writer rebuilds those.
 */
export function datesDependingOn(date: string, importChanged: boolean): string[] {
  const dates = new Set<string>();
  for (let week = 1; week <= LOOKBACK_WEEKS; week++) dates.add(addDays(date, 7 * week));
  if (importChanged) {
    const firstWeek = addDays(mondayOf(date), 7);
    const end = addDays(mondayOf(addDays(date, 7 * AVERAGE_WEEKS)), 6);
    for (let day = firstWeek; day <= end; day = addDays(day, 1)) dates.add(day);
  }
  return [...dates].sort();
}
