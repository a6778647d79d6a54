/**
 * Supply periods (decision 0034): an account holds its NMI's meter from `supplyFrom` to `supplyTo`, both
 * included (null: unbounded), and sees only those days of it. The NMI stays with the premises while its
 * occupants move in and out, so every read for a customer goes through the account's period.
 */
import { addDays } from '@portal/contracts';

/** An account as its meter's reads are chosen for it. */
export interface SupplyHolder {
  nmi: string;
  supplyFrom: string | null;
  supplyTo: string | null;
}

/** The whole meter, whoever holds it: what an operator exports with `--nmi`. */
export function wholeMeter(nmi: string): SupplyHolder {
  return { nmi, supplyFrom: null, supplyTo: null };
}

type Period = Pick<SupplyHolder, 'supplyFrom' | 'supplyTo'>;

const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a > b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a < b ? a : b);

/**
 * The days of `from` to `to` (both included; null: unbounded) that the holder holds, or null when it holds
 * none of them.
 */
export function daysHeld(holder: Period, from: string, to: string): { from: string; to: string } | null;
export function daysHeld(
  holder: Period,
  from: string | null,
  to: string | null,
): { from: string | null; to: string | null } | null;
export function daysHeld(holder: Period, from: string | null, to: string | null) {
  const start = later(holder.supplyFrom, from);
  const end = earlier(holder.supplyTo, to);
  return start !== null && end !== null && start > end ? null : { from: start, to: end };
}

/** Whether the holder holds the day. */
export function holdsDay(holder: Pick<SupplyHolder, 'supplyFrom' | 'supplyTo'>, date: string): boolean {
  return daysHeld(holder, date, date) !== null;
}

/** The day before a move-in: the last day of the account that leaves. */
export const lastDayBefore = (date: string) => addDays(date, -1);

/** Whether the holder holds any day of `from` to `to` (both included; null: unbounded). */
export function holdsAnyDayOf(holder: Period, from: string | null, to: string | null): boolean {
  return daysHeld(holder, from, to) !== null;
}
