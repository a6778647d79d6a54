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

describe('day navigation (docs/rules.md#states-and-transitions)', () => {
  it('moves one day within the week', () => {
    const nav = dayNavigation(id, from, 3, both);
    expect(nav.previous?.href).toBe('/new/usage/demo-home/2026-11-09/2');
    expect(nav.next?.href).toBe('/new/usage/demo-home/2026-11-09/4');
  });

  it('goes from day 0 to day 6 of the previous week when that week has data', () => {
    expect(dayNavigation(id, from, 0, both).previous).toMatchObject({
      from: '2026-11-02',
      day: 6,
      href: '/new/usage/demo-home/2026-11-02/6',
    });
  });

  it('has no previous on day 0 when the previous week has no data or does not exist', () => {
    expect(
      dayNavigation(id, from, 0, weeks({ from: '2026-11-02', has_data: false }, both.next_week)).previous,
    ).toBeNull();
    expect(
      dayNavigation(id, from, 0, weeks({ from: null, has_data: false }, both.next_week)).previous,
    ).toBeNull();
    // Mid-week, previous never depends on the previous week.
    expect(
      dayNavigation(id, from, 1, weeks({ from: null, has_data: false }, both.next_week)).previous?.day,
    ).toBe(0);
  });

  it('goes from day 6 to day 0 of the next week when that week has data', () => {
    expect(dayNavigation(id, from, 6, both).next).toMatchObject({
      from: '2026-11-16',
      day: 0,
      href: '/new/usage/demo-home/2026-11-16/0',
    });
  });

  it('has no next on day 6 when the next week has no data', () => {
    expect(
      dayNavigation(id, from, 6, weeks(both.previous_week, { from: '2026-11-16', has_data: false })).next,
    ).toBeNull();
  });

  it('keeps next within the week when only the next week lacks data', () => {
    expect(
      dayNavigation(id, from, 5, weeks(both.previous_week, { from: '2026-11-16', has_data: false })).next
        ?.day,
    ).toBe(6);
  });

  it('has no next at all when next_week.from is null (the next week has not started)', () => {
    for (const day of [0, 3, 6]) {
      expect(
        dayNavigation(id, from, day, weeks(both.previous_week, { from: null, has_data: false })).next,
      ).toBeNull();
    }
  });
});
