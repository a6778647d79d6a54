/**
 * Market time (docs/meter-data.md): the NEM runs on Australian Eastern Standard Time, UTC+10 all year, with no
 * daylight saving. A market date is a 'YYYY-MM-DD' string; date arithmetic runs on UTC midnights with the
 * UTC methods of Date only, so the host's time zone never matters (UTC has no daylight saving: a day is always
 * DAY_MS). Plain arithmetic rather than a date library: this module is in every page's first download, and
 * @date-fns/utc builds three Intl formats as it loads (docs/benchmarks.md, Lighthouse); a usage answer does
 * thousands of these (the library's date objects were 13% of its CPU). A test checks them against date-fns.
 */

export const MARKET_UTC_OFFSET_MINUTES = 600;
const OFFSET_MS = MARKET_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A market date as a UTC midnight, for arithmetic (read it with the getUTC… methods). */
export function toUtcDate(date: string): Date {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

export function fromUtcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole days from 1970-01-01 to a market date. */
function epochDay(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/**
 * Market dates as day numbers (days since 1970-01-01), for the server's billing hot paths: the usage endpoint
 * prices about 42 days and walks a few hundred forecast dates per request, so it keeps dates as numbers and
 * turns them into text once (docs/decisions/0026-boundaries.md: the one market-date module).
 *
 * The day number of a 'YYYY-MM-DD' market date; unlike the arithmetic below it throws on any date that is not
 * in the calendar (2026-02-30).
 */
export function dayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]) - 1;
  const day = Number(match?.[3]);
  const utc = new Date(Date.UTC(year, month, day));
  if (!match || utc.getUTCMonth() !== month || utc.getUTCDate() !== day) {
    throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  }
  return utc.getTime() / DAY_MS;
}

// Memoised: a process only ever meets a few thousand distinct days.
const dayTexts = new Map<number, string>();

/** The 'YYYY-MM-DD' text of a day number. */
export function dateOfDayNumber(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    if (dayTexts.size > 50_000) dayTexts.clear();
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayTexts.set(day, text);
  }
  return text;
}

/** 0 for Monday to 6 for Sunday, as `dayOfWeek` (1 January 1970 was a Thursday). */
export const weekdayOfDayNumber = (day: number): number => (((day + 3) % 7) + 7) % 7;

const fromEpochDay = dateOfDayNumber;

/**
 * The years a market date may have. Meter data is from this century; the bounds keep date arithmetic (weeks,
 * quarters, a year back) inside four-digit years, which Date would otherwise print as '+010000-01-01'.
 */
export const MARKET_YEAR_MIN = 1900;
export const MARKET_YEAR_MAX = 2999;

export function isMarketDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < MARKET_YEAR_MIN || year > MARKET_YEAR_MAX) return false;
  const date = toUtcDate(value);
  return !Number.isNaN(date.getTime()) && fromUtcDate(date) === value;
}

/** The market (AEST) date of an instant. */
export function marketDateOf(instant: Date): string {
  return fromUtcDate(new Date(instant.getTime() + OFFSET_MS));
}

/** Minutes since AEST midnight of an instant. */
export function marketMinuteOfDay(instant: Date): number {
  const shifted = new Date(instant.getTime() + OFFSET_MS);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

/** An instant in market time with its offset: '2026-11-10T18:00:00+10:00'. */
export function aestIsoString(instant: Date): string {
  return `${new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 19)}+10:00`;
}

export function marketToday(now: Date = new Date()): string {
  return marketDateOf(now);
}

/** The instant at `minutes` past AEST midnight of a market date. */
export function marketInstant(date: string, minutes = 0): Date {
  return new Date(toUtcDate(date).getTime() - OFFSET_MS + minutes * 60_000);
}

export function addDays(date: string, days: number): string {
  return fromEpochDay(epochDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday). */
export function dayOfWeek(date: string): number {
  return weekdayOfDayNumber(epochDay(date));
}

/** The Monday of the date's week (weeks run Monday to Sunday, docs/rules.md#limits). */
export function weekStart(date: string): string {
  const day = epochDay(date);
  return fromEpochDay(day - weekdayOfDayNumber(day));
}

/**
 * The week a Tracker URL or usage request names: the Monday of `from` when it is a market date, else of
 * `today` (a missing or malformed date means this week; the request's validation answers a malformed one).
 */
export function weekOfRequest(from: unknown, today: string): string {
  return weekStart(typeof from === 'string' && isMarketDate(from) ? from : today);
}

export const isWeekday = (date: string): boolean => dayOfWeek(date) < 5;

/** Every date from `from` to `to`, both included. */
export function eachDate(from: string, to: string): string[] {
  const count = daysBetween(from, to);
  return Array.from({ length: Math.max(0, count + 1) }, (_, i) => addDays(from, i));
}

/** Weekday names in the order of `dayOfWeek` (0 = Monday). */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
