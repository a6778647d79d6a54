/**
 * The offers' rules as pure functions (docs/offers.md), unit-tested without a database: what a Happy Hours slot
 * choice does, whether an account was in Reduce & Be Rewarded for a whole week, and whether a week earns the
 * $20 credit.
 */
import {
  HERE_FOR_YOU_BASELINE_WEEKS,
  HERE_FOR_YOU_CREDIT_CENTS,
  HERE_FOR_YOU_REDUCTION_PERCENT,
  nextSlotChangeAt,
  slotEffectiveDate,
  type TimeSlotId,
} from '@portal/contracts';

export interface SlotState {
  optedIn: boolean;
  timeSlot: string | null;
  /** The last change after sign-up (the sign-up itself does not start the 24 hours). */
  lastChangeAt: Date | null;
}

export type SlotDecision =
  /** The same slot again: 304 (docs/api.md#errors). */
  | { kind: 'unchanged' }
  /** Sign-up after the retailer's signup_end_time. */
  | { kind: 'closed' }
  /** A second change within 24 hours of the last one (docs/rules.md#validation). */
  | { kind: 'too_soon'; nextChangeAt: Date }
  | { kind: 'sign_up'; slot: TimeSlotId; effectiveDate: string }
  | { kind: 'change'; slot: TimeSlotId; effectiveDate: string };

/**
 * What choosing `slot` at `now` does. Sign-up and change share one call (docs/api.md#calls): a participant not yet
 * signed up signs up, one signed up changes. Either takes effect the next weekday. Changes are limited to
 * one per 24 hours, counted from the last change, so a customer can correct the slot right after signing up.
 */
export function decideSlotChoice(
  state: SlotState,
  slot: TimeSlotId,
  now: Date,
  signupEndTime: Date | null,
): SlotDecision {
  if (state.optedIn && state.timeSlot === slot) return { kind: 'unchanged' };
  const effectiveDate = slotEffectiveDate(now);
  if (!state.optedIn) {
    if (signupEndTime && now.getTime() > signupEndTime.getTime()) return { kind: 'closed' };
    return { kind: 'sign_up', slot, effectiveDate };
  }
  if (state.lastChangeAt) {
    const nextChangeAt = nextSlotChangeAt(state.lastChangeAt);
    if (now.getTime() < nextChangeAt.getTime()) return { kind: 'too_soon', nextChangeAt };
  }
  return { kind: 'change', slot, effectiveDate };
}

/** The slot in force on a market date from the slot history (latest effective date on or before it). */
export function slotOn(
  history: readonly { slot: string; effectiveDate: string }[],
  date: string,
): string | null {
  let found: { slot: string; effectiveDate: string } | null = null;
  for (const entry of history) {
    if (entry.effectiveDate <= date && (!found || entry.effectiveDate > found.effectiveDate)) found = entry;
  }
  return found?.slot ?? null;
}

/**
 * True when the account was in Reduce & Be Rewarded for the whole of [start, end): opted in at the start
 * (its latest change before then opted in) and not opted out before the end. An opt-out during the week ends
 * that week's eligibility; an opt-back-in during the week counts from the next week.
 */
export function optedInThroughout(
  changes: readonly { optedIn: boolean; changedAt: Date }[],
  start: Date,
  end: Date,
): boolean {
  const sorted = [...changes].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
  let atStart = false;
  for (const change of sorted) {
    const at = change.changedAt.getTime();
    if (at <= start.getTime()) atStart = change.optedIn;
    else if (at < end.getTime() && !change.optedIn) return false;
  }
  return atStart;
}

export type WeekResult =
  | { kind: 'settled'; weekMicroKwh: number; averageMicroKwh: number; creditCents: number }
  | { kind: 'incomplete' }
  | { kind: 'no_baseline' };

/**
 * A week's result from its daily import energy (micro-kWh per date; a missing date is no data): the week
 * needs all 7 days, and each of the 4 weeks before it all 7 days too (the baseline). The credit is earned
 * when the week's usage is at least 10% below the mean of those 4 weeks, compared exactly in integers.
 */
export function settleWeek(dailyMicroKwh: ReadonlyMap<string, number>, weekDates: string[][]): WeekResult {
  const [week, ...baseline] = weekDates;
  const total = (dates: string[]) => {
    let sum = 0;
    for (const date of dates) {
      const value = dailyMicroKwh.get(date);
      if (value === undefined) return null;
      sum += value;
    }
    return sum;
  };
  const weekMicroKwh = week ? total(week) : null;
  if (weekMicroKwh === null) return { kind: 'incomplete' };
  const baselineTotals = baseline.map(total);
  if (baselineTotals.length < HERE_FOR_YOU_BASELINE_WEEKS || baselineTotals.some((value) => value === null)) {
    return { kind: 'no_baseline' };
  }
  const sum = (baselineTotals as number[]).reduce((a, b) => a + b, 0);
  const weeks = baselineTotals.length;
  // week <= (1 - 10%) x sum / weeks, without division: week x weeks x 100 <= sum x 90.
  const earned = sum > 0 && weekMicroKwh * weeks * 100 <= sum * (100 - HERE_FOR_YOU_REDUCTION_PERCENT);
  return {
    kind: 'settled',
    weekMicroKwh,
    averageMicroKwh: Math.round(sum / weeks),
    creditCents: earned ? HERE_FOR_YOU_CREDIT_CENTS : 0,
  };
}
