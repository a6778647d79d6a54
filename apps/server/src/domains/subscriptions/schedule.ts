/**
 * When snapshots are due and which period each covers (docs/email-snapshots.md): a weekly snapshot every Monday for the
 * week before (Monday to Sunday, AEST); a monthly one on the 1st for the month before. Pure date arithmetic on
 * 'YYYY-MM-DD' market dates.
 */
import { addDays, dayOfWeek, type EmailFrequency, weekStart } from '@portal/contracts';

export interface SnapshotPeriod {
  frequency: EmailFrequency;
  /** First and last day, both included. */
  start: string;
  end: string;
}

const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;

function addMonths(first: string, months: number): string {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The first mailing day strictly after `today`: the next Monday, or the next 1st of a month. */
export function nextMailingDate(frequency: EmailFrequency, today: string): string {
  return frequency === 'weekly' ? addDays(weekStart(today), 7) : addMonths(firstOfMonth(today), 1);
}

/** True on the days snapshots of this frequency are due: Mondays (weekly), the 1st (monthly). */
export const isMailingDay = (frequency: EmailFrequency, date: string): boolean =>
  frequency === 'weekly' ? dayOfWeek(date) === 0 : date.endsWith('-01');

/**
 * The next mailing date to tell the customer, on `today`. A scheduled date that has passed means its mailing
 * day went by without a run of `portal mail send-due`; the scheduler runs it on mailing days, so the next
 * email goes on the first mailing day from today (today itself on a mailing day: "on its way"). A date in the
 * past is never shown. (A late run on another day sends the owed snapshot sooner, see docs/email-snapshots.md.)
 */
export function shownMailingDate(frequency: EmailFrequency, scheduled: string, today: string): string {
  if (scheduled >= today) return scheduled;
  return isMailingDay(frequency, today) ? today : nextMailingDate(frequency, today);
}

/** The period a snapshot sent on `date` reports: the last complete week or month before it. */
export function periodBefore(frequency: EmailFrequency, date: string): SnapshotPeriod {
  if (frequency === 'weekly') {
    const start = addDays(weekStart(date), -7);
    return { frequency, start, end: addDays(start, 6) };
  }
  const start = addMonths(firstOfMonth(date), -1);
  return { frequency, start, end: addDays(firstOfMonth(date), -1) };
}

/** The same period a year earlier: 52 weeks back for a week (same weekdays), the same month for a month. */
export function samePeriodLastYear(period: SnapshotPeriod): SnapshotPeriod {
  if (period.frequency === 'weekly') {
    return { ...period, start: addDays(period.start, -364), end: addDays(period.end, -364) };
  }
  const start = addMonths(period.start, -12);
  return { ...period, start, end: addDays(addMonths(start, 1), -1) };
}

/** The `count` periods just before `period`, most recent first (the snapshot's average). */
export function periodsBefore(period: SnapshotPeriod, count: number): SnapshotPeriod[] {
  return Array.from({ length: count }, (_, i) => {
    if (period.frequency === 'weekly') {
      const start = addDays(period.start, -7 * (i + 1));
      return { ...period, start, end: addDays(start, 6) };
    }
    const start = addMonths(period.start, -(i + 1));
    return { ...period, start, end: addDays(addMonths(start, 1), -1) };
  });
}
