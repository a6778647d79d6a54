/**
 * The budget alert's projection (issue 29, docs/budget-alerts.md, decision 0040): pure, no I/O, read off the
 * Tracker's own week (`current_week` of the usage answer), so every figure is one the customer can see on
 * the Tracker for the same days: the spend so far is "Spend this week" (the sum of the days' totals as
 * shown), and each day without meter data yet is counted at that day's Average marker (the mean of the same
 * weekday over the previous 5 weeks with data). Nothing is priced here. Money in whole cents.
 */
import { addDays, type DayEntry, weekStart as mondayOf } from '@portal/contracts';

export interface ProjectedDay {
  date: string;
  /** 'actual': the day's total as the Tracker shows it; 'average': no data yet, its Average marker. */
  kind: 'actual' | 'average' | 'no-average';
  cents: number;
}

export interface WeekProjection {
  weekStart: string;
  budgetCents: number;
  /** The days with meter data and their total ("Spend this week" on the Tracker). */
  daysWithData: number;
  spentCents: number;
  /** The days without data yet, each at its average (0 without one). */
  restCents: number;
  projectedCents: number;
  days: ProjectedDay[];
  /** True when the projected week is more than the budget. */
  onTrackToExceed: boolean;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Dates of the Tracker's day entries, 'YYYY-MM-DD'. */
const dateOf = (day: DayEntry) => {
  const { yyyymmdd } = day.interval_range.starts_at;
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
};

/**
 * The week projected from the Tracker's 7 day entries and the weekly budget in dollars; null when the week
 * has no day with meter data yet (nothing to go on) or there is no budget.
 */
export function projectWeek(days: readonly DayEntry[], budgetDollars: number): WeekProjection | null {
  if (budgetDollars <= 0 || days.length !== 7) return null;
  const projected: ProjectedDay[] = days.map((day) => {
    const date = dateOf(day);
    if (day.data.total_spend !== null) return { date, kind: 'actual', cents: cents(day.data.total_spend) };
    const average = day.data.average_spend;
    return average === null
      ? { date, kind: 'no-average', cents: 0 }
      : { date, kind: 'average', cents: cents(average) };
  });
  const actual = projected.filter((day) => day.kind === 'actual');
  if (actual.length === 0) return null;
  const spentCents = actual.reduce((sum, day) => sum + day.cents, 0);
  const restCents = projected.filter((day) => day.kind !== 'actual').reduce((sum, day) => sum + day.cents, 0);
  const budgetCents = cents(budgetDollars);
  return {
    weekStart: projected[0]?.date as string,
    budgetCents,
    daysWithData: actual.length,
    spentCents,
    restCents,
    projectedCents: spentCents + restCents,
    days: projected,
    onTrackToExceed: spentCents + restCents > budgetCents,
  };
}

/** The week an alert sent on `today` is about: the current one (Monday to Sunday, AEST). */
export const alertWeekOf = (today: string) => mondayOf(today);

/** A week is over once its Sunday has passed: no alert is ever sent for it. */
export const isWeekOver = (weekStart: string, today: string) => today > addDays(weekStart, 6);
