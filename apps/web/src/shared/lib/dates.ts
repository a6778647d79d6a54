/**
 * Market dates ('YYYY-MM-DD', AEST) in words, for every screen that shows one. Names come from the contracts
 * rather than Intl, so every browser (and the tests) read exactly the words the server puts in interval ranges.
 */
import { dayOfWeek, MONTH_NAMES, WEEKDAY_NAMES } from '@portal/contracts';

/** A market date's year, month name, day of the month and weekday name. */
export function dateParts(date: string) {
  return {
    year: Number(date.slice(0, 4)),
    month: MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? '',
    day: Number(date.slice(8, 10)),
    weekday: WEEKDAY_NAMES[dayOfWeek(date)] ?? '',
  };
}

/** "Tuesday 17 November" (with the year when asked). */
export function formatLongDate(date: string, withYear = false): string {
  const { weekday, day, month, year } = dateParts(date);
  return `${weekday} ${day} ${month}${withYear ? ` ${year}` : ''}`;
}

/** "17 November 2026". */
export function formatDayMonthYear(date: string): string {
  const { day, month, year } = dateParts(date);
  return `${day} ${month} ${year}`;
}
