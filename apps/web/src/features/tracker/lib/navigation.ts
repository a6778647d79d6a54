/**
 * Previous and next links of the week and day views, with exactly the visibility rules of docs/rules.md#states-and-transitions. A null
 * target means the arrow (and the swipe in that direction) is absent.
 */
import { addDays, paths, type UsageResponse } from '@portal/contracts';

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

/**
 * Day view: previous is day - 1, and from day 0 it is day 6 of the previous week if that week has data. Next
 * is day + 1, and from day 6 it is day 0 of the next week if that week has data. As the specification says,
 * the next link is absent whenever next_week.from is null (the next week has not started: this is the
 * current week, whose later days have no data yet), and at the week boundary when has_data is false.
 */
export function dayNavigation(accountId: string, from: string, day: number, usage: Neighbours): NavTargets {
  const { previous_week: previousWeek, next_week: nextWeek } = usage;
  let previous: NavTarget | null;
  if (day > 0) previous = target(accountId, from, day - 1);
  else previous = previousWeek.from && previousWeek.has_data ? target(accountId, addDays(from, -7), 6) : null;

  let next: NavTarget | null;
  if (nextWeek.from === null) next = null;
  else if (day < 6) next = target(accountId, from, day + 1);
  else next = nextWeek.has_data ? target(accountId, addDays(from, 7), 0) : null;

  return { previous, next };
}
