/**
 * Dates on the Tracker screens, from market dates ('YYYY-MM-DD', AEST): the week's heading and the route's
 * week start. The words of one date are shared with other screens (shared/lib/dates.ts).
 */
import { addDays, marketToday, weekOfRequest, weekStart } from '@portal/contracts';
import { dateParts, formatDayMonthYear } from '../../../shared/lib/dates.ts';

/** The week's heading: "16 – 22 November 2026", "30 November – 6 December 2026", "29 December 2026 – 4 January 2027". */
export function formatWeekRange(monday: string): string {
  const start = dateParts(monday);
  const end = dateParts(addDays(monday, 6));
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
  return weekOfRequest(from, marketToday(now));
}
