/**
 * Previous and next links of the week and day views, with the visibility rules of docs/rules.md#states-and-transitions. A null
 * target means the arrow (and the swipe in that direction) is absent.
 */
import { addDays, marketToday, paths, type UsageResponse } from '@portal/contracts';

export interface NavTarget {
  from: string;
  day?: number;
  href: string;
}
export interface NavTargets {
  previous: NavTarget | null;
  next: NavTarget | null;
}

type Neighbours = Pick<UsageResponse, 'previous_week' | 'next_week'>;

function target(accountId: string, from: string, day?: number): NavTarget {
  return day === undefined
    ? { from, href: paths.usage.href(accountId, from) }
    : { from, day, href: paths.usage.href(accountId, from, day) };
}

/**
 * Week view: previous is hidden unless previous_week.from exists and previous_week.has_data; next is hidden
 * if next_week.from is null or has_data is false. Each goes 7 days from the displayed week.
 */
export function weekNavigation(accountId: string, from: string, usage: Neighbours): NavTargets {
  const { previous_week: previous, next_week: next } = usage;
  return {
    previous: previous.from && previous.has_data ? target(accountId, addDays(from, -7)) : null,
    next: next.from !== null && next.has_data ? target(accountId, addDays(from, 7)) : null,
  };
}

/** What the day view needs of the week beyond its neighbours: whether each of its 7 days has data. */
export interface WeekDays {
  current_week: { intervals: ReadonlyArray<{ data: { total_spend: number | null } }> };
}

/**
 * Day view: previous is day - 1, and from day 0 it is day 6 of the previous week if that week has data. Next
 * is day + 1 while that day has data or is before today (decision 0037: the specification's "absent only if
 * next_week.from is null" read literally hid Tuesday from Monday in the current week, whose next week has not
 * started); from day 6 it is day 0 of the next week if that week has started and has data.
 */
export function dayNavigation(
  accountId: string,
  from: string,
  day: number,
  usage: Neighbours & WeekDays,
  today: string = marketToday(),
): NavTargets {
  const { previous_week: previousWeek, next_week: nextWeek } = usage;
  let previous: NavTarget | null;
  if (day > 0) previous = target(accountId, from, day - 1);
  else previous = previousWeek.from && previousWeek.has_data ? target(accountId, addDays(from, -7), 6) : null;

  let next: NavTarget | null;
  if (day < 6) {
    const nextHasData = (usage.current_week.intervals[day + 1]?.data.total_spend ?? null) !== null;
    next = nextHasData || addDays(from, day + 1) < today ? target(accountId, from, day + 1) : null;
  } else {
    next = nextWeek.from !== null && nextWeek.has_data ? target(accountId, addDays(from, 7), 0) : null;
  }

  return { previous, next };
}
