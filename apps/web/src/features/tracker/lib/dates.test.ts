import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../../shared/lib/dates.ts';
import { currentWeekStart, formatWeekRange, fromCompactDate, normaliseWeekStart } from './dates.ts';
import { parseDayIndex, parseTrackerRoute } from './tracker-route.ts';

// 2026-11-19 09:00 AEST is 2026-11-18 23:00 UTC: the market date, not the UTC date, decides the week.
const thursdayMorning = new Date('2026-11-18T23:00:00Z');
const sundayLateUtc = new Date('2026-11-22T15:00:00Z'); // Monday 23 November 01:00 AEST

describe('Tracker dates', () => {
  it('formats headings in words', () => {
    expect(formatWeekRange('2026-11-16')).toBe('16 – 22 November 2026');
    expect(formatWeekRange('2026-11-30')).toBe('30 November – 6 December 2026');
    expect(formatWeekRange('2026-12-28')).toBe('28 December 2026 – 3 January 2027');
    expect(formatLongDate('2026-11-17')).toBe('Tuesday 17 November');
    expect(formatLongDate('2026-11-17', true)).toBe('Tuesday 17 November 2026');
    expect(fromCompactDate('20261117')).toBe('2026-11-17');
  });

  it('finds the current week in AEST, weeks starting on Monday', () => {
    expect(currentWeekStart(thursdayMorning)).toBe('2026-11-16');
    expect(currentWeekStart(sundayLateUtc)).toBe('2026-11-23');
  });

  it('normalises any date to its Monday and anything invalid to this week', () => {
    expect(normaliseWeekStart('2026-11-19', thursdayMorning)).toBe('2026-11-16');
    expect(normaliseWeekStart('2026-11-22', thursdayMorning)).toBe('2026-11-16');
    expect(normaliseWeekStart('2026-11-16', thursdayMorning)).toBe('2026-11-16');
    for (const bad of [undefined, '', 'yesterday', '2026-02-30', '20261116']) {
      expect(normaliseWeekStart(bad, thursdayMorning)).toBe('2026-11-16');
    }
  });
});

describe('Tracker route', () => {
  it('is the week view without a day, the day view with a day 0 to 6', () => {
    expect(parseTrackerRoute({ accountId: 'demo-home' }, thursdayMorning)).toEqual({
      accountId: 'demo-home',
      from: '2026-11-16',
      day: null,
      view: 'week',
    });
    expect(
      parseTrackerRoute({ accountId: 'demo-home', from: '2026-11-04', day: '6' }, thursdayMorning),
    ).toEqual({
      accountId: 'demo-home',
      from: '2026-11-02',
      day: 6,
      view: 'day',
    });
  });

  it('ignores a day segment that is not 0 to 6', () => {
    expect(parseDayIndex('7')).toBeNull();
    expect(parseDayIndex('-1')).toBeNull();
    expect(parseDayIndex('01')).toBeNull();
    expect(parseDayIndex('x')).toBeNull();
    expect(parseDayIndex('0')).toBe(0);
  });
});
