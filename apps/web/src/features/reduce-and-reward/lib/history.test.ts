import { describe, expect, it } from 'vitest';
import {
  buildHistory,
  entryTier,
  formatEventDate,
  openableNeighbours,
  resultText,
  toHistoryEntry,
} from './history.ts';

const event = (id: number, start_time: string) => ({ id, start_time });
const settled = (cents: number) => ({ usage: { total_rewards: { cents }, event_usage_exists: true } });
const missing = { usage: { total_rewards: { cents: 0 }, event_usage_exists: false } };

describe('event history (docs/screens.md, docs/api.md#entities, docs/rules.md#limits)', () => {
  it('keeps events with data that start after 1 Oct 2023, newest first, and totals their credits', () => {
    const history = buildHistory([
      { dr_event: event(1, '2023-10-01T00:00:00+10:00'), result: settled(500) }, // not after 1 Oct 2023
      { dr_event: event(2, '2023-10-01T18:00:00+10:00'), result: settled(10_000) },
      { dr_event: event(3, '2026-07-24T18:00:00+10:00'), result: settled(500) },
      { dr_event: event(4, '2026-08-01T18:00:00+10:00'), result: {} }, // no data yet
      { dr_event: event(5, '2026-09-11T14:00:00+10:00'), result: missing },
      { dr_event: event(6, '2026-05-02T17:00:00+10:00'), result: settled(0) },
    ]);
    expect(history.entries.map((entry) => entry.dr_event.id)).toEqual([5, 3, 6, 2]);
    expect(history.totalCents).toBe(10_500);
  });

  it("says 'Success!', 'Almost!' or 'Missing' and ranks by the credit", () => {
    const gold = toHistoryEntry({ dr_event: event(1, '2026-07-24T18:00:00+10:00'), result: settled(10_000) });
    const silver = toHistoryEntry({ dr_event: event(2, '2026-07-24T18:00:00+10:00'), result: settled(500) });
    const bronze = toHistoryEntry({ dr_event: event(3, '2026-07-24T18:00:00+10:00'), result: settled(0) });
    const none = toHistoryEntry({ dr_event: event(4, '2026-07-24T18:00:00+10:00'), result: missing });
    expect([gold, silver, bronze, none].map(resultText)).toEqual([
      'Success!',
      'Success!',
      'Almost!',
      'Missing',
    ]);
    expect([gold, silver, bronze, none].map(entryTier)).toEqual(['gold', 'silver', 'bronze', null]);
    expect(none).toEqual({
      dr_event: event(4, '2026-07-24T18:00:00+10:00'),
      event_usage_exists: false,
      passed: false,
      dr_event_rewards: { cents: 0 },
      has_data: true,
    });
  });

  it('writes dates as day, month name and year', () => {
    expect(formatEventDate('2026-07-04')).toBe('4 July 2026');
    expect(formatEventDate('2026-09-11', true)).toBe('11\u00a0Sep 2026');
  });
});

describe('openableNeighbours (issue 26 item 11)', () => {
  // The list's order (oldest first): 6 Missing, 1, 2, 7 Missing, 3; 9 is in the list but not in the history.
  const list = [6, 1, 2, 7, 3, 9].map((id) => ({ dr_event: { id } }));
  const entry = (id: number, usage: boolean) =>
    toHistoryEntry({
      dr_event: { id, start_time: `2026-0${id}-01T18:00:00+10:00` },
      result: { usage: { total_rewards: { cents: 500 }, event_usage_exists: usage } },
    });
  const history = {
    entries: [entry(6, false), entry(1, true), entry(2, true), entry(7, false), entry(3, true)],
    totalCents: 0,
  };

  it.each([
    ['6', undefined, 1],
    ['1', undefined, 2],
    ['2', 1, 3],
    ['7', 2, 3],
    ['3', 2, undefined],
    ['9', 3, undefined],
    ['42', undefined, undefined],
  ] as const)('from event %s: previous %s, next %s', (id, previous, next) => {
    expect(openableNeighbours(list, history, id)).toEqual({ previous, next });
  });
});
