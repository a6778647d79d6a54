/**
 * When snapshots are due and which period each covers (design §4.5): a weekly snapshot every Monday for the
 * week before (Monday to Sunday, AEST); a monthly one on the 1st for the month before. Pure date arithmetic on
 * 'YYYY-MM-DD' market dates.
 */
import { addDays, type EmailFrequency, weekStart } from '@portal/contracts';

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
