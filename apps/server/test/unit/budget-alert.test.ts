/**
 * The budget alert's projection (docs/budget-alerts.md) on Tracker weeks with hand-computed figures: the
 * days with data count as shown, each day without data at its Average marker, a day without an average at
 * nothing; no alert without data or budget, and a projected week equal to the budget is not over it.
 */
import { addDays, type DayEntry } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { isWeekOver, projectWeek } from '../../src/domains/subscriptions/budget-alert.ts';

const MONDAY = '2025-06-02';

/** A Tracker day entry: its total (null: no data) and its average (null: none). */
function day(offset: number, total: number | null, average: number | null): DayEntry {
  const date = addDays(MONDAY, offset);
  const point = { day: 'x', date: 0, month: 'x', yyyymmdd: date.replaceAll('-', ''), time: '00:00' };
  return {
    interval_range: { starts_at: point, ends_at: { ...point, time: '23:59' } },
    metadata: {},
    data: {
      total_spend: total,
      grid_spend: null,
      service_charge: null,
      solar_input: null,
      solar_kwh: null,
      concession: null,
      usage_kwh: null,
      average_spend: average,
    },
    estimated_share: 0,
    insights: { trend: null, diversion: null },
    intervals: [],
    money_parts: null,
  } as DayEntry;
}

describe('projectWeek', () => {
  // Mon-Wed spent $13.96 each; Thu-Sun average $9.28, $9.64, $10.00, $10.36.
  const week = [
    day(0, 13.96, 8.2),
    day(1, 13.96, 8.56),
    day(2, 13.96, 8.92),
    day(3, null, 9.28),
    day(4, null, 9.64),
    day(5, null, 10),
    day(6, null, 10.36),
  ];

  it('adds the days with data as shown and each day without at its average', () => {
    const projection = projectWeek(week, 70);
    // 3 x 13.96 = 41.88; 9.28 + 9.64 + 10.00 + 10.36 = 39.28; 41.88 + 39.28 = 81.16 > 70.00.
    expect(projection).toMatchObject({
      weekStart: MONDAY,
      budgetCents: 7000,
      daysWithData: 3,
      spentCents: 4188,
      restCents: 3928,
      projectedCents: 8116,
      onTrackToExceed: true,
    });
    expect(projection?.days.map((d) => [d.date, d.kind, d.cents])).toEqual([
      ['2025-06-02', 'actual', 1396],
      ['2025-06-03', 'actual', 1396],
      ['2025-06-04', 'actual', 1396],
      ['2025-06-05', 'average', 928],
      ['2025-06-06', 'average', 964],
      ['2025-06-07', 'average', 1000],
      ['2025-06-08', 'average', 1036],
    ]);
  });

  it('is not on track when the projection only reaches the budget', () => {
    expect(projectWeek(week, 81.16)?.onTrackToExceed).toBe(false);
    expect(projectWeek(week, 81.15)?.onTrackToExceed).toBe(true);
    // Whole-dollar budgets (0 to 99): $81 is exceeded by $81.16, $82 is not.
    expect(projectWeek(week, 81)?.onTrackToExceed).toBe(true);
    expect(projectWeek(week, 82)?.onTrackToExceed).toBe(false);
  });

  it('counts a day without an average as nothing, and a gap before today at its average', () => {
    const gaps = [
      day(0, 10, 5),
      day(1, null, 6), // no data yet for Tuesday (late data): its average
      day(2, 12, null),
      day(3, null, null), // no history for Thursday: nothing
      day(4, null, 7),
      day(5, null, null),
      day(6, null, 8),
    ];
    expect(projectWeek(gaps, 40)).toMatchObject({
      daysWithData: 2,
      spentCents: 2200,
      restCents: 2100,
      projectedCents: 4300,
      onTrackToExceed: true,
    });
    expect(
      projectWeek(gaps, 40)
        ?.days.filter((d) => d.kind === 'no-average')
        .map((d) => d.date),
    ).toEqual(['2025-06-05', '2025-06-07']);
  });

  it('has nothing to say without meter data this week or without a budget', () => {
    expect(
      projectWeek(
        week.map((d, i) => day(i, null, d.data.average_spend)),
        10,
      ),
    ).toBeNull();
    expect(projectWeek(week, 0)).toBeNull();
  });

  it('knows when a week is over: after its Sunday', () => {
    expect(isWeekOver(MONDAY, '2025-06-08')).toBe(false);
    expect(isWeekOver(MONDAY, '2025-06-09')).toBe(true);
  });
});
