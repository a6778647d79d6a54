import { UTCDate } from '@date-fns/utc';
import { addDays as addDaysFns, differenceInCalendarDays, getISODay, startOfISOWeek } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  daysBetween,
  eachDate,
  isMarketDate,
  isWeekday,
  marketDateOf,
  marketInstant,
  marketMinuteOfDay,
  weekStart,
} from '../src/market-time.ts';
import { exportQuerySchema } from '../src/meter-data.ts';

describe('market time (AEST, UTC+10, no daylight saving)', () => {
  it('gives the AEST date of an instant', () => {
    expect(marketDateOf(new Date('2026-11-20T13:59:59Z'))).toBe('2026-11-20');
    expect(marketDateOf(new Date('2026-11-20T14:00:00Z'))).toBe('2026-11-21');
    // Daylight saving in Sydney does not move market time.
    expect(marketDateOf(new Date('2026-01-15T14:00:00Z'))).toBe('2026-01-16');
    expect(marketMinuteOfDay(new Date('2026-11-20T14:30:00Z'))).toBe(30);
  });

  it('turns a market date and minute into the instant', () => {
    expect(marketInstant('2026-11-21').toISOString()).toBe('2026-11-20T14:00:00.000Z');
    expect(marketInstant('2026-11-21', 90).toISOString()).toBe('2026-11-20T15:30:00.000Z');
  });

  it('finds Monday week starts and weekdays', () => {
    expect(weekStart('2026-11-21')).toBe('2026-11-16'); // Saturday
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // Sunday
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    expect(dayOfWeek('2026-11-16')).toBe(0);
    expect(dayOfWeek('2026-11-22')).toBe(6);
    expect(isWeekday('2026-11-20')).toBe(true);
    expect(isWeekday('2026-11-21')).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(eachDate('2026-11-29', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('accepts only real calendar dates', () => {
    expect(isMarketDate('2026-02-29')).toBe(false);
    expect(isMarketDate('2024-02-29')).toBe(true);
    expect(isMarketDate('2026-13-01')).toBe(false);
    expect(isMarketDate('20261101')).toBe(false);
  });

  // Found by the HTTP fuzz: a week or quarter after 9999-12-27 is in year 10000, which Date prints as
  // '+010000-01-03', and the usage query failed with a 500; before year 100, Date.UTC means 19xx.
  it('accepts years 1900 to 2999 only, so that date arithmetic stays in four-digit years', () => {
    expect(isMarketDate('1900-01-01')).toBe(true);
    expect(isMarketDate('2999-12-31')).toBe(true);
    expect(isMarketDate('1899-12-31')).toBe(false);
    expect(isMarketDate('3000-01-01')).toBe(false);
    expect(isMarketDate('9999-12-30')).toBe(false);
    expect(isMarketDate('0001-01-01')).toBe(false);
  });

  // Found by the HTTP fuzz: the range checks of the export ran on a malformed date and threw (a 500).
  it('rejects an export range with a malformed date instead of comparing it', () => {
    const parsed = exportQuerySchema.safeParse({
      account_id: 'demo-home',
      from: '-0001-01-01',
      to: '2026-11-22',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['from']);
  });

  it('keeps every week start a Monday within 6 days before the date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (offset) => {
        const date = addDays('2000-01-01', offset);
        const monday = weekStart(date);
        expect(dayOfWeek(monday)).toBe(0);
        expect(daysBetween(monday, date)).toBe(dayOfWeek(date));
      }),
    );
  });

  it('counts days exactly as date-fns does on UTC dates, from 1900 to 2200', () => {
    const utc = (date: string) => new UTCDate(`${date}T00:00:00Z`);
    const iso = (date: Date) => date.toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: -25_000, max: 84_000 }),
        fc.integer({ min: -1_000, max: 1_000 }),
        (offset, days) => {
          const date = addDays('1970-01-01', offset);
          expect(isMarketDate(date)).toBe(true);
          expect(addDays(date, days)).toBe(iso(addDaysFns(utc(date), days)));
          const later = addDays(date, days);
          expect(daysBetween(date, later)).toBe(differenceInCalendarDays(utc(later), utc(date)));
          expect(dayOfWeek(date)).toBe(getISODay(utc(date)) - 1);
          expect(weekStart(date)).toBe(iso(startOfISOWeek(utc(date))));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
