/**
 * Market dates as day numbers (days since 1970-01-01) for the billing hot paths. The usage endpoint prices
 * about 42 days and walks a few hundred forecast dates per request; the helpers of market-time.ts
 * cost about half a microsecond a call (measured when they used date-fns), ten times this. Same calendar (UTC dates, no time zone), so results
 * agree with `dayOfWeek` and `addDays`.
 */
const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a 'YYYY-MM-DD' market date; throws on anything else (including 2026-02-30). */
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
const texts = new Map<number, string>();

/** The 'YYYY-MM-DD' text of a day number. */
export function dateOfDayNumber(day: number): string {
  let text = texts.get(day);
  if (text === undefined) {
    if (texts.size > 50_000) texts.clear();
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    texts.set(day, text);
  }
  return text;
}

/** 0 for Monday to 6 for Sunday, as `dayOfWeek` (1 January 1970 was a Thursday). */
export const weekdayOfDayNumber = (day: number): number => (((day + 3) % 7) + 7) % 7;
