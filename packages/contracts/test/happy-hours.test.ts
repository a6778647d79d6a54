import { describe, expect, it } from 'vitest';
import {
  findTimeSlot,
  formatWeekdayDate,
  nextSlotChangeAt,
  signupClosed,
  timeSlotLabel,
} from '../src/happy-hours.ts';
import { timeSlotIdSchema } from '../src/happy-hours-schemas.ts';

describe('Happy Hours time slots (docs/api.md#entities)', () => {
  it('finds a slot by its id or its label (the confirmation URLs carry the label)', () => {
    expect(findTimeSlot('11:00-13:00')?.label).toBe('11am - 1pm');
    expect(findTimeSlot('1pm - 3pm')?.id).toBe('13:00-15:00');
    expect(findTimeSlot('9am - 11am')).toBeUndefined();
    expect(findTimeSlot(undefined)).toBeUndefined();
    expect(timeSlotLabel('10:00-12:00')).toBe('10am - 12pm');
  });

  it('accepts exactly the four slot ids', () => {
    expect(timeSlotIdSchema.options).toEqual(['10:00-12:00', '11:00-13:00', '12:00-14:00', '13:00-15:00']);
    expect(timeSlotIdSchema.safeParse('14:00-16:00').success).toBe(false);
  });

  it('names a weekday date as the screens say it', () => {
    expect(formatWeekdayDate('2026-11-23')).toBe('Monday 23 November');
    expect(formatWeekdayDate('2027-01-01')).toBe('Friday 1 January');
  });

  it('allows the next change 24 hours after the last', () => {
    expect(nextSlotChangeAt(new Date('2026-11-20T01:00:00Z')).toISOString()).toBe('2026-11-21T01:00:00.000Z');
  });

  it('closes sign-up only after signup_end_time', () => {
    const end = '2026-11-20T07:00:00.000Z';
    expect(signupClosed({ signup_end_time: null }, new Date('2030-01-01'))).toBe(false);
    expect(signupClosed({ signup_end_time: end }, new Date(end))).toBe(false);
    expect(signupClosed({ signup_end_time: end }, new Date(Date.parse(end) + 1))).toBe(true);
  });
});
