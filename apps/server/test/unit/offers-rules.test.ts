/**
 * The offers' rules (docs/rules.md; docs/offers.md): a slot takes effect the next weekday (Friday to Monday), a
 * change is allowed once per 24 hours, a repeat is a no-op, sign-up closes at signup_end_time; a week's
 * eligibility for Reduce & Be Rewarded and its $20 credit, on hand-checked numbers.
 */
import { marketInstant, slotEffectiveDate } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { decideSlotChoice, optedInThroughout, settleWeek, slotOn } from '../../src/domains/offers/rules.ts';

// 2026-11-16 is a Monday.
const at = (date: string, hour: number, minute = 0) => marketInstant(date, hour * 60 + minute);

describe('slotEffectiveDate: the next weekday, AEST', () => {
  it.each([
    ['Monday', '2026-11-16', 10, '2026-11-17'],
    ['Thursday', '2026-11-19', 23, '2026-11-20'],
    ['Friday morning', '2026-11-20', 0, '2026-11-23'],
    ['Friday night', '2026-11-20', 23, '2026-11-23'],
    ['Saturday', '2026-11-21', 12, '2026-11-23'],
    ['Sunday', '2026-11-22', 12, '2026-11-23'],
  ])('a choice on %s takes effect on the next weekday', (_name, date, hour, expected) => {
    expect(slotEffectiveDate(at(date, hour))).toBe(expected);
  });

  it('reads the date in AEST, not UTC: 23:30 UTC on Thursday is already Friday in Brisbane time', () => {
    // 2026-11-19T23:30Z = Friday 20 November 09:30 AEST.
    expect(slotEffectiveDate(new Date('2026-11-19T23:30:00Z'))).toBe('2026-11-23');
    // 2026-11-19T13:59Z = Thursday 23:59 AEST.
    expect(slotEffectiveDate(new Date('2026-11-19T13:59:00Z'))).toBe('2026-11-20');
  });
});

describe('decideSlotChoice', () => {
  const notSignedUp = { optedIn: false, timeSlot: null, lastChangeAt: null };

  it('signs up from the next weekday', () => {
    expect(decideSlotChoice(notSignedUp, '11:00-13:00', at('2026-11-20', 15), null)).toEqual({
      kind: 'sign_up',
      slot: '11:00-13:00',
      effectiveDate: '2026-11-23',
    });
  });

  it('closes sign-up after signup_end_time (but not at it)', () => {
    const end = at('2026-11-18', 17);
    expect(decideSlotChoice(notSignedUp, '11:00-13:00', end, end).kind).toBe('sign_up');
    expect(decideSlotChoice(notSignedUp, '11:00-13:00', new Date(end.getTime() + 1), end)).toEqual({
      kind: 'closed',
    });
  });

  it('answers unchanged for the slot already chosen, whatever the time', () => {
    const state = { optedIn: true, timeSlot: '11:00-13:00', lastChangeAt: at('2026-11-18', 9) };
    expect(decideSlotChoice(state, '11:00-13:00', at('2026-11-18', 10), null)).toEqual({ kind: 'unchanged' });
  });

  it('allows the first change right after sign-up, then one change per 24 hours', () => {
    const signedUp = { optedIn: true, timeSlot: '11:00-13:00', lastChangeAt: null };
    expect(decideSlotChoice(signedUp, '12:00-14:00', at('2026-11-18', 9), null)).toEqual({
      kind: 'change',
      slot: '12:00-14:00',
      effectiveDate: '2026-11-19',
    });
    const changed = { optedIn: true, timeSlot: '12:00-14:00', lastChangeAt: at('2026-11-18', 9) };
    expect(decideSlotChoice(changed, '13:00-15:00', at('2026-11-19', 8, 59), null)).toEqual({
      kind: 'too_soon',
      nextChangeAt: at('2026-11-19', 9),
    });
    expect(decideSlotChoice(changed, '13:00-15:00', at('2026-11-19', 9), null)).toEqual({
      kind: 'change',
      slot: '13:00-15:00',
      effectiveDate: '2026-11-20',
    });
  });

  it('lets a participant change the slot after sign-up has closed', () => {
    const signedUp = { optedIn: true, timeSlot: '11:00-13:00', lastChangeAt: null };
    expect(decideSlotChoice(signedUp, '10:00-12:00', at('2026-11-20', 10), at('2026-11-01', 0)).kind).toBe(
      'change',
    );
  });
});

describe('slotOn', () => {
  const history = [
    { slot: '11:00-13:00', effectiveDate: '2026-11-04' },
    { slot: '13:00-15:00', effectiveDate: '2026-11-23' },
  ];
  it('is the latest slot in force on the date', () => {
    expect(slotOn(history, '2026-11-03')).toBeNull();
    expect(slotOn(history, '2026-11-04')).toBe('11:00-13:00');
    expect(slotOn(history, '2026-11-22')).toBe('11:00-13:00');
    expect(slotOn(history, '2026-11-23')).toBe('13:00-15:00');
  });
});

describe('optedInThroughout', () => {
  const start = at('2026-11-16', 0);
  const end = at('2026-11-23', 0);
  const invited = { optedIn: true, changedAt: at('2026-11-01', 9) };

  it('is true for an account in since before the week', () => {
    expect(optedInThroughout([invited], start, end)).toBe(true);
  });
  it('is false when invited during the week', () => {
    expect(optedInThroughout([{ optedIn: true, changedAt: at('2026-11-17', 9) }], start, end)).toBe(false);
  });
  it('is false when opted out during the week, even if back in before its end', () => {
    const changes = [
      invited,
      { optedIn: false, changedAt: at('2026-11-18', 9) },
      { optedIn: true, changedAt: at('2026-11-19', 9) },
    ];
    expect(optedInThroughout(changes, start, end)).toBe(false);
  });
  it('is false for an account opted out before the week; an opt-out after its end does not matter', () => {
    expect(optedInThroughout([invited, { optedIn: false, changedAt: at('2026-11-10', 9) }], start, end)).toBe(
      false,
    );
    expect(optedInThroughout([invited, { optedIn: false, changedAt: end }], start, end)).toBe(true);
  });
  it('counts an opt-back-in before the week', () => {
    const changes = [
      { optedIn: false, changedAt: at('2026-11-05', 9) },
      invited,
      { optedIn: true, changedAt: at('2026-11-15', 23) },
    ];
    expect(optedInThroughout(changes, start, end)).toBe(true);
  });
});

describe('settleWeek', () => {
  const week = (monday: number) =>
    Array.from({ length: 7 }, (_, i) => `2026-11-${String(monday + i).padStart(2, '0')}`);
  // Settled week 23-29 November; baseline weeks 16-22, 9-15, 2-8 November and 26 October - 1 November.
  const weeks = [
    week(23),
    week(16),
    week(9),
    week(2),
    ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01'],
  ];
  const daily = (weekDay: number, baselineDay: number) => {
    const map = new Map<string, number>();
    for (const [index, dates] of weeks.entries()) {
      for (const date of dates) map.set(date, index === 0 ? weekDay : baselineDay);
    }
    return map;
  };

  it('credits $20 at exactly 10% below the 4-week average', () => {
    // Baseline 10 kWh a day = 70 kWh a week; the week at 9 kWh a day = 63 kWh, 10% below.
    expect(settleWeek(daily(9_000_000, 10_000_000), weeks)).toEqual({
      kind: 'settled',
      weekMicroKwh: 63_000_000,
      averageMicroKwh: 70_000_000,
      creditCents: 2000,
    });
  });

  it('does not credit a week 9.9% below', () => {
    const result = settleWeek(daily(9_010_000, 10_000_000), weeks);
    expect(result).toMatchObject({ kind: 'settled', creditCents: 0 });
  });

  it('averages unequal baseline weeks', () => {
    const map = daily(7_000_000, 10_000_000);
    // One baseline week at 20 kWh a day: average (70 + 70 + 70 + 140) / 4 = 87.5 kWh; 49 kWh is 44% below.
    for (const date of weeks[1] ?? []) map.set(date, 20_000_000);
    expect(settleWeek(map, weeks)).toEqual({
      kind: 'settled',
      weekMicroKwh: 49_000_000,
      averageMicroKwh: 87_500_000,
      creditCents: 2000,
    });
  });

  it('waits for a week with a missing day, and needs 4 complete weeks before it', () => {
    const missingWeekDay = daily(1, 10_000_000);
    missingWeekDay.delete('2026-11-29');
    expect(settleWeek(missingWeekDay, weeks)).toEqual({ kind: 'incomplete' });
    const missingBaselineDay = daily(1, 10_000_000);
    missingBaselineDay.delete('2026-10-28');
    expect(settleWeek(missingBaselineDay, weeks)).toEqual({ kind: 'no_baseline' });
  });

  it('never credits an account with no usage before (a zero average)', () => {
    expect(settleWeek(daily(0, 0), weeks)).toMatchObject({ kind: 'settled', creditCents: 0 });
  });
});
