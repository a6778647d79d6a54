/**
 * Dates on the Tracker screens, from market dates ('YYYY-MM-DD', AEST). Names come from the contracts rather
 * than Intl, so every browser (and the tests) read exactly the words the server puts in interval ranges.
 */
import {
  addDays,
  dayOfWeek,
  isMarketDate,
  MONTH_NAMES,
  marketToday,
  WEEKDAY_NAMES,
  weekStart,
} from '@portal/contracts';

function parts(date: string) {
  return {
    year: Number(date.slice(0, 4)),
    month: MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? '',
    day: Number(date.slice(8, 10)),
    weekday: WEEKDAY_NAMES[dayOfWeek(date)] ?? '',
  };
}

/** "Tuesday 17 November" (with the year when asked). */
export function formatLongDate(date: string, withYear = false): string {
  const { weekday, day, month, year } = parts(date);
  return `${weekday} ${day} ${month}${withYear ? ` ${year}` : ''}`;
}

/** "17 November 2026". */
export function formatDayMonthYear(date: string): string {
  const { day, month, year } = parts(date);
  return `${day} ${month} ${year}`;
}

/** The week's heading: "16 – 22 November 2026", "30 November – 6 December 2026", "29 December 2026 – 4 January 2027". */
export function formatWeekRange(monday: string): string {
  const start = parts(monday);
  const end = parts(addDays(monday, 6));
  if (start.year !== end.year)
    return `${formatDayMonthYear(monday)} – ${formatDayMonthYear(addDays(monday, 6))}`;
  if (start.month !== end.month) return `${start.day} ${start.month} – ${end.day} ${end.month} ${end.year}`;
  return `${start.day} – ${end.day} ${end.month} ${end.year}`;
}

/** YYYYMMDD (as in interval ranges) to YYYY-MM-DD. */
export function fromCompactDate(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/** The Monday of the current week in AEST. */
export function currentWeekStart(now: Date = new Date()): string {
  return weekStart(marketToday(now));
}

/** A route's `from` segment as a week start: any valid date goes to its Monday; anything else is this week. */
export function normaliseWeekStart(from: string | undefined, now: Date = new Date()): string {
  return from && isMarketDate(from) ? weekStart(from) : currentWeekStart(now);
}
