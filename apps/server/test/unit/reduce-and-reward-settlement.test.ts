/**
 * Settlement rules of docs/reduce-and-reward.md with hand-checked numbers: 30-minute net usage, the baseline of the 10 most
 * recent days of the same day type (skipping event days and days with missing data), the target of docs/rules.md#limits,
 * solar export, ranking with ties and the top 2% Gold.
 */
import { addDays, dayOfWeek, eventTarget, marketInstant, rewardTierOf } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  computeBaseline,
  type EventChannelRead,
  evaluateAccount,
  eventWindow,
  eventWindowProblem,
  goldCount,
  netIntervals,
  rankAndCredit,
} from '../../src/domains/reduce-and-reward/settlement.ts';

const KWH = 1_000_000;

/** A 30-minute channel for a day: zero everywhere except the given kWh from 18:00 (interval 36). */
function channel(
  readDate: string,
  kind: 'import' | 'export',
  kwhFrom18: number[],
  quality = 'A',
): EventChannelRead {
  const values = new Array<number>(48).fill(0);
  kwhFrom18.forEach((kwh, i) => {
    values[36 + i] = Math.round(kwh * KWH);
  });
  return { readDate, kind, intervalMinutes: 30, intervalValues: values, quality };
}

// Wednesday 11 November 2026, 18:00 to 19:00 AEST: two intervals.
const wednesday = eventWindow(marketInstant('2026-11-11', 18 * 60), marketInstant('2026-11-11', 19 * 60));

function readsMap(entries: [string, EventChannelRead[]][]) {
  return new Map(entries);
}

describe('event windows', () => {
  it('is whole 30-minute intervals within one AEST day', () => {
    expect(wednesday).toEqual({ date: '2026-11-11', startMinute: 1080, intervalCount: 2 });
    expect(eventWindowProblem(marketInstant('2026-11-11', 1080), marketInstant('2026-11-11', 1095))).toMatch(
      /30-minute/,
    );
    expect(eventWindowProblem(marketInstant('2026-11-11', 1080), marketInstant('2026-11-11', 1080))).toMatch(
      /after the start/,
    );
    expect(eventWindowProblem(marketInstant('2026-11-11', 1380), marketInstant('2026-11-12', 60))).toMatch(
      /same AEST day/,
    );
    // Ending at midnight is still the same day.
    expect(eventWindowProblem(marketInstant('2026-11-11', 1380), marketInstant('2026-11-12', 0))).toBeNull();
  });
});

describe('netIntervals', () => {
  it('adds import channels, subtracts export and sums 15-minute reads into 30-minute intervals', () => {
    const fifteen: EventChannelRead = {
      readDate: '2026-11-11',
      kind: 'import',
      intervalMinutes: 15,
      intervalValues: Array.from({ length: 96 }, (_, i) => (i >= 72 && i < 76 ? 100_000 * (i - 71) : 0)),
      quality: 'A',
    };
    const reads = [
      channel('2026-11-11', 'import', [1, 2]),
      channel('2026-11-11', 'export', [0.25, 0]),
      fifteen, // 0.1 + 0.2 and 0.3 + 0.4 kWh
    ];
    expect(netIntervals(reads, 1080, 2)).toEqual([1_050_000, 2_700_000]);
  });

  it('is missing without an import channel or with a null read inside the window', () => {
    expect(netIntervals([channel('2026-11-11', 'export', [1, 1])], 1080, 2)).toBeNull();
    const quality = `${'A'.repeat(37)}N${'A'.repeat(10)}`;
    expect(netIntervals([channel('2026-11-11', 'import', [1, 1], quality)], 1080, 2)).toBeNull();
    // A null read outside the window does not matter.
    const early = `N${'A'.repeat(47)}`;
    expect(netIntervals([channel('2026-11-11', 'import', [1, 1], early)], 1080, 2)).toEqual([KWH, KWH]);
    expect(netIntervals([channel('2026-11-11', 'import', [1, 1], 'N')], 1080, 2)).toBeNull();
  });
});

/**
 * Weekdays before Wednesday 11 Nov: Tue 10, Mon 9, Fri 6, Thu 5 (an event day), Wed 4, Tue 3 (no data), Mon 2,
 * Fri 30 Oct, Thu 29, Wed 28, Tue 27, Mon 26, Fri 23. The 10 baseline days are 10, 9, 6, 4, 2, 30, 29, 28, 27
 * and 26: Tue 10 used 3 and 4 kWh, the other nine 1 and 2 kWh. Interval means: (3 + 9) / 10 = 1.2 and
 * (4 + 18) / 10 = 2.2, so the baseline is 3.4 kWh and the target (3.4 - 0.3 x 3.4) / 2 = 1.19 kWh.
 */
function weekdayHistory(): [string, EventChannelRead[]][] {
  const entries: [string, EventChannelRead[]][] = [];
  for (let back = 1; back <= 30; back++) {
    const date = addDays('2026-11-11', -back);
    if (date === '2026-11-03') continue; // no data that day
    const weekend = [
      '2026-11-08',
      '2026-11-07',
      '2026-11-01',
      '2026-10-31',
      '2026-10-25',
      '2026-10-24',
    ].includes(date);
    const kwh = weekend
      ? [99, 99]
      : date === '2026-11-10'
        ? [3, 4]
        : date === '2026-11-05'
          ? [40, 40] // the other event's day
          : date < '2026-10-26'
            ? [50, 50] // older than the 10 most recent
            : [1, 2];
    entries.push([date, [channel(date, 'import', kwh)]]);
  }
  return entries;
}

describe('baseline and target', () => {
  const eventDays = new Set(['2026-11-05']);

  it('averages the 10 most recent weekdays, skipping event days, missing days and weekends', () => {
    const baseline = computeBaseline(wednesday, readsMap(weekdayHistory()), eventDays);
    expect(baseline?.days).toEqual([
      '2026-11-10',
      '2026-11-09',
      '2026-11-06',
      '2026-11-04',
      '2026-11-02',
      '2026-10-30',
      '2026-10-29',
      '2026-10-28',
      '2026-10-27',
      '2026-10-26',
    ]);
    expect(baseline?.sums).toEqual([12 * KWH, 22 * KWH]);
    expect(eventTarget(3.4, -0.3, 2)).toBeCloseTo(1.19, 10);
  });

  it('passes when the event average stays below the target, and not at or above it', () => {
    const history = weekdayHistory();
    const passing = evaluateAccount(
      wednesday,
      -0.3,
      readsMap([...history, ['2026-11-11', [channel('2026-11-11', 'import', [1.2, 1.15])]]]),
      eventDays,
    );
    expect(passing.kind).toBe('result');
    if (passing.kind !== 'result') return;
    expect(passing.outcome.passed).toBe(true);
    expect(passing.outcome.baselineKwh).toBeCloseTo(3.4, 10);
    expect(passing.outcome.averageKwh).toBeCloseTo(1.175, 10);
    expect(passing.outcome.targetKwh).toBeCloseTo(1.19, 10);
    expect(passing.outcome.reducedKwh).toBeCloseTo(1.05, 10);

    // 2.38 kWh is exactly the target (1.19 a interval): not below it, so not passed.
    const atTarget = evaluateAccount(
      wednesday,
      -0.3,
      readsMap([...history, ['2026-11-11', [channel('2026-11-11', 'import', [1.19, 1.19])]]]),
      eventDays,
    );
    expect(atTarget.kind === 'result' && atTarget.outcome.passed).toBe(false);
  });

  it('uses only weekend days for a weekend event', () => {
    const saturday = eventWindow(marketInstant('2026-11-14', 1080), marketInstant('2026-11-14', 1140));
    const entries: [string, EventChannelRead[]][] = [];
    for (let back = 1; back <= 40; back++) {
      const date = addDays('2026-11-14', -back);
      const weekend = dayOfWeek(date) >= 5;
      entries.push([date, [channel(date, 'import', weekend ? [0.5, 0.7] : [9, 9])]]);
    }
    const baseline = computeBaseline(saturday, readsMap(entries), new Set());
    expect(baseline?.days).toEqual([
      '2026-11-08',
      '2026-11-07',
      '2026-11-01',
      '2026-10-31',
      '2026-10-25',
      '2026-10-24',
      '2026-10-18',
      '2026-10-17',
      '2026-10-11',
      '2026-10-10',
    ]);
    expect(baseline?.sums).toEqual([5 * KWH, 7 * KWH]);
  });

  it('handles solar export: a negative baseline needs more export to pass', () => {
    // Each baseline day: 0.2 kWh in, 1.2 kWh out per interval, net -1 kWh: baseline -2 kWh over the event,
    // target (-2 - 0.3 x 2) / 2 = -1.3 kWh per interval.
    const entries: [string, EventChannelRead[]][] = [];
    for (let back = 1; back <= 20; back++) {
      const date = addDays('2026-11-11', -back);
      entries.push([date, [channel(date, 'import', [0.2, 0.2]), channel(date, 'export', [1.2, 1.2])]]);
    }
    const evaluate = (exported: number) =>
      evaluateAccount(
        wednesday,
        -0.3,
        readsMap([
          ...entries,
          [
            '2026-11-11',
            [
              channel('2026-11-11', 'import', [0.1, 0.1]),
              channel('2026-11-11', 'export', [exported, exported]),
            ],
          ],
        ]),
        new Set(),
      );
    const exporting = evaluate(1.5); // net -1.4 per interval, below -1.3
    expect(exporting.kind).toBe('result');
    if (exporting.kind !== 'result') return;
    expect(exporting.outcome.baselineKwh).toBeCloseTo(-2, 10);
    expect(exporting.outcome.targetKwh).toBeCloseTo(-1.3, 10);
    expect(exporting.outcome.intervals).toEqual([-1.4 * KWH, -1.4 * KWH]);
    expect(exporting.outcome.passed).toBe(true);
    expect(exporting.outcome.reducedKwh).toBeCloseTo(0.8, 10);
    const usual = evaluate(1.3); // net -1.2 per interval: above the target
    expect(usual.kind === 'result' && usual.outcome.passed).toBe(false);
  });

  it('is missing without event-day data or with fewer than 5 baseline days', () => {
    const history = weekdayHistory();
    expect(evaluateAccount(wednesday, -0.3, readsMap(history), new Set())).toEqual({
      kind: 'missing',
      reason: 'no event data',
      intervals: null,
    });
    const sparse = readsMap([
      ['2026-11-10', [channel('2026-11-10', 'import', [1, 1])]],
      ['2026-11-11', [channel('2026-11-11', 'import', [1, 1])]],
    ]);
    expect(evaluateAccount(wednesday, -0.3, sparse, new Set())).toMatchObject({
      kind: 'missing',
      reason: 'no baseline',
    });
  });
});

describe('ranks and credits', () => {
  it('ranks passing accounts by kWh reduced, ties sharing a rank, and gives Gold to the top 2%', () => {
    const results = rankAndCredit([
      { key: 'c', passed: true, reducedNumerator: 3n, reducedDenominator: 1n },
      { key: 'a', passed: true, reducedNumerator: 10n, reducedDenominator: 2n }, // 5 kWh
      { key: 'b', passed: true, reducedNumerator: 15n, reducedDenominator: 3n }, // 5 kWh: a tie
      { key: 'd', passed: false, reducedNumerator: 90n, reducedDenominator: 1n },
    ]);
    expect(results).toEqual([
      { key: 'c', rank: 3, creditCents: 500 },
      { key: 'a', rank: 1, creditCents: 10_000 },
      { key: 'b', rank: 1, creditCents: 10_000 },
      { key: 'd', rank: null, creditCents: 0 },
    ]);
    expect(results.map((r) => rewardTierOf(r.creditCents))).toEqual(['silver', 'gold', 'gold', 'bronze']);
  });

  it('counts the top 2% rounding up', () => {
    expect([0, 1, 50, 51, 100, 101].map(goldCount)).toEqual([0, 1, 1, 2, 2, 3]);
    const many = rankAndCredit(
      Array.from({ length: 100 }, (_, i) => ({
        key: String(i),
        passed: true,
        reducedNumerator: BigInt(i),
        reducedDenominator: 1n,
      })),
    );
    expect(many.filter((r) => r.creditCents === 10_000).map((r) => r.key)).toEqual(['98', '99']);
    expect(many.filter((r) => r.creditCents === 500)).toHaveLength(98);
  });
});
