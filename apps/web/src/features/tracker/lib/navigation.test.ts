import { describe, expect, it } from 'vitest';
import { dayNavigation, weekNavigation } from './navigation.ts';

const id = 'demo-home';
const from = '2026-11-09';
const weeks = (
  previous: { from: string | null; has_data: boolean },
  next: { from: string | null; has_data: boolean },
) => ({
  previous_week: previous,
  next_week: next,
});
const both = weeks({ from: '2026-11-02', has_data: true }, { from: '2026-11-16', has_data: true });
/** A week of `from` whose days `withData` have data, with the given neighbours. */
const week = (neighbours: ReturnType<typeof weeks>, withData: (day: number) => boolean = () => true) => ({
  ...neighbours,
  current_week: {
    intervals: Array.from({ length: 7 }, (_, day) => ({ data: { total_spend: withData(day) ? 5 : null } })),
  },
});
/** Long after the week of `from`: every day of it is in the past. */
const later = '2027-03-01';

describe('week navigation (docs/rules.md#states-and-transitions)', () => {
  it('links 7 days back and forward when both neighbours have data', () => {
    const nav = weekNavigation(id, from, both);
    expect(nav.previous?.href).toBe('/new/usage/demo-home/2026-11-02');
    expect(nav.next?.href).toBe('/new/usage/demo-home/2026-11-16');
  });

  it('hides previous unless previous_week.from exists and has_data is true', () => {
    expect(
      weekNavigation(id, from, weeks({ from: null, has_data: true }, both.next_week)).previous,
    ).toBeNull();
    expect(
      weekNavigation(id, from, weeks({ from: '2026-11-02', has_data: false }, both.next_week)).previous,
    ).toBeNull();
    expect(
      weekNavigation(id, from, weeks({ from: null, has_data: false }, both.next_week)).previous,
    ).toBeNull();
  });

  it('hides next if next_week.from is null or has_data is false', () => {
    expect(
      weekNavigation(id, from, weeks(both.previous_week, { from: null, has_data: false })).next,
    ).toBeNull();
    expect(
      weekNavigation(id, from, weeks(both.previous_week, { from: null, has_data: true })).next,
    ).toBeNull();
    expect(
      weekNavigation(id, from, weeks(both.previous_week, { from: '2026-11-16', has_data: false })).next,
    ).toBeNull();
  });

  it('crosses month and year boundaries by dates, not by the neighbour fields', () => {
    const nav = weekNavigation(
      id,
      '2026-12-28',
      weeks({ from: '2026-12-21', has_data: true }, { from: '2027-01-04', has_data: true }),
    );
    expect(nav.previous?.from).toBe('2026-12-21');
    expect(nav.next?.from).toBe('2027-01-04');
  });
});

describe('day navigation (docs/rules.md#states-and-transitions, decision 0037)', () => {
  it('moves one day within the week', () => {
    const nav = dayNavigation(id, from, 3, week(both), later);
    expect(nav.previous?.href).toBe('/new/usage/demo-home/2026-11-09/2');
    expect(nav.next?.href).toBe('/new/usage/demo-home/2026-11-09/4');
  });

  it('goes from day 0 to day 6 of the previous week when that week has data', () => {
    expect(dayNavigation(id, from, 0, week(both), later).previous).toMatchObject({
      from: '2026-11-02',
      day: 6,
      href: '/new/usage/demo-home/2026-11-02/6',
    });
  });

  it('has no previous on day 0 when the previous week has no data or does not exist', () => {
    for (const previous of [
      { from: '2026-11-02', has_data: false },
      { from: null, has_data: false },
    ]) {
      expect(dayNavigation(id, from, 0, week(weeks(previous, both.next_week)), later).previous).toBeNull();
      // Mid-week, previous never depends on the previous week.
      expect(dayNavigation(id, from, 1, week(weeks(previous, both.next_week)), later).previous?.day).toBe(0);
    }
  });

  it('goes from day 6 to day 0 of the next week when that week has data', () => {
    expect(dayNavigation(id, from, 6, week(both), later).next).toMatchObject({
      from: '2026-11-16',
      day: 0,
      href: '/new/usage/demo-home/2026-11-16/0',
    });
  });

  it('has no next on day 6 when the next week has no data or has not started', () => {
    for (const next of [
      { from: '2026-11-16', has_data: false },
      { from: null, has_data: false },
    ]) {
      expect(dayNavigation(id, from, 6, week(weeks(both.previous_week, next)), later).next).toBeNull();
      expect(dayNavigation(id, from, 5, week(weeks(both.previous_week, next)), later).next?.day).toBe(6);
    }
  });

  // Every day of three weeks (issue 26 item 1): which arrows each day has, [previous day, next day].
  const arrows = (today: string, usage: Parameters<typeof dayNavigation>[3]) =>
    Array.from({ length: 7 }, (_, day) => {
      const nav = dayNavigation(id, from, day, usage, today);
      return [nav.previous?.href ?? null, nav.next?.href ?? null];
    });
  const day = (index: number) => `/new/usage/demo-home/2026-11-09/${index}`;

  it('the current week on a Thursday (data to Wednesday, the next week not started): next to every day with data', () => {
    const usage = week(weeks(both.previous_week, { from: null, has_data: false }), (index) => index < 3);
    expect(arrows('2026-11-12', usage)).toEqual([
      ['/new/usage/demo-home/2026-11-02/6', day(1)],
      [day(0), day(2)],
      // Thursday is today and has no reads yet: nothing to show beyond Wednesday.
      [day(1), null],
      [day(2), null],
      [day(3), null],
      [day(4), null],
      [day(5), null],
    ]);
  });

  it('the current week: a day with data is reachable even if it is today; a late day without data, before today', () => {
    const usage = week(
      weeks(both.previous_week, { from: null, has_data: false }),
      (index) => index !== 2 && index < 4,
    );
    // Wednesday's reads have not arrived yet, Thursday (today) has some: both reachable.
    expect(arrows('2026-11-12', usage).map(([, next]) => next)).toEqual([
      day(1),
      day(2),
      day(3),
      null,
      null,
      null,
      null,
    ]);
  });

  it('a past week: both arrows from every day', () => {
    expect(arrows(later, week(both))).toEqual([
      ['/new/usage/demo-home/2026-11-02/6', day(1)],
      [day(0), day(2)],
      [day(1), day(3)],
      [day(2), day(4)],
      [day(3), day(5)],
      [day(4), day(6)],
      [day(5), '/new/usage/demo-home/2026-11-16/0'],
    ]);
  });

  it('the first week (data from Wednesday, no earlier week): no previous from Monday, next from every day', () => {
    const usage = week(weeks({ from: '2026-11-02', has_data: false }, both.next_week), (index) => index >= 2);
    expect(arrows(later, usage)).toEqual([
      [null, day(1)],
      [day(0), day(2)],
      [day(1), day(3)],
      [day(2), day(4)],
      [day(3), day(5)],
      [day(4), day(6)],
      [day(5), '/new/usage/demo-home/2026-11-16/0'],
    ]);
  });
});
