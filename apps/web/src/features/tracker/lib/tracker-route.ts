/** The Tracker route's segments (docs/screens.md, docs/rules.md#states-and-transitions): week start, optional day index, and which view that means. */
import { normaliseWeekStart } from './dates.ts';

export type TrackerView = 'week' | 'day';

export interface TrackerRoute {
  accountId: string | undefined;
  /** The displayed week's Monday (any date normalised to its Monday; missing or invalid means this week). */
  from: string;
  /** 0 (Monday) to 6 (Sunday) in the day view; null in the week view. */
  day: number | null;
  view: TrackerView;
}

/** A day segment is 0 to 6; anything else is ignored and the week is shown. */
export function parseDayIndex(day: string | undefined): number | null {
  return day !== undefined && /^[0-6]$/.test(day) ? Number(day) : null;
}

export function parseTrackerRoute(
  params: { accountId?: string; from?: string; day?: string },
  now: Date = new Date(),
): TrackerRoute {
  const day = parseDayIndex(params.day);
  return {
    accountId: params.accountId,
    from: normaliseWeekStart(params.from, now),
    day,
    view: day === null ? 'week' : 'day',
  };
}
