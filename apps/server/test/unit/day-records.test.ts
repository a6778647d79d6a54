/**
 * The week assembled from its days' records (apps/server/src/domains/tracker/day-records.ts, issue 46) is, byte for
 * byte, the week `buildUsageWeek` builds from the priced days as `daysAround` reads them: for any priced days
 * (flat and time-of-use tariffs, days without a tariff, export-only days, Happy Hours windows, estimated
 * reads, gaps of any length, so that a week reads 5 or 10 weeks back), any week and any market day after the
 * data. With a day of data from the market day on, the assembler answers null (such a week is built in full).
 */
import { addDays, type Tariff, tariffSchema, weekStart as weekStart0 } from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Money, toDollars } from '../../src/domains/billing/money.ts';
import { priceAccountDay } from '../../src/domains/billing/priced-day.ts';
import type { ChannelDay } from '../../src/domains/billing/spend.ts';
import {
  assembledWeekJson,
  type DayRecord,
  datesDependingOn,
  dayRecordOf,
} from '../../src/domains/tracker/day-records.ts';
import {
  buildUsageWeek,
  type ReadDay,
  type UsageWeek,
  weekDaysOf,
  weekReadFrom,
} from '../../src/domains/tracker/week.ts';
import { testTimeOfUseInput } from '../helpers/tariffs.ts';

/** A Monday: the data's first day is 12 weeks before it. */
const BASE = '2026-09-07';
const FIRST = addDays(BASE, -84);

const FLAT = tariffSchema.parse({
  code: 'FLAT',
  name: 'Flat',
  supply_cents_per_day: '110.5',
  usage: { type: 'flat', cents_per_kwh: '31.37' },
  feed_in_cents_per_kwh: '7.1',
});
const TIME_OF_USE: Tariff = tariffSchema.parse(testTimeOfUseInput());

type DaySpec = {
  kind: 'none' | 'import' | 'import-export' | 'export-only' | 'no-tariff';
  base: number;
  peaks: number[];
  solar: number;
  estimated: boolean;
};

const daySpec: fc.Arbitrary<DaySpec> = fc.record({
  kind: fc.constantFrom(
    'none',
    'none',
    'import',
    'import',
    'import',
    'import-export',
    'export-only',
    'no-tariff',
  ),
  base: fc.integer({ min: 0, max: 400_000 }),
  peaks: fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 48, maxLength: 48 }),
  solar: fc.integer({ min: 0, max: 900_000 }),
  estimated: fc.boolean(),
});

function channelsOf(spec: DaySpec): ChannelDay[] {
  const channels: ChannelDay[] = [];
  const quality = spec.estimated ? `${'A'.repeat(20)}${'E'.repeat(8)}${'A'.repeat(20)}` : 'A';
  if (spec.kind !== 'export-only') {
    channels.push({
      suffix: 'E1',
      kind: 'import',
      intervalMinutes: 30,
      values: spec.peaks.map((peak, half) => spec.base + (half % 7 === 0 ? peak : Math.floor(peak / 9))),
      quality,
    });
  }
  if (spec.kind === 'import-export' || spec.kind === 'export-only') {
    channels.push({
      suffix: 'B1',
      kind: 'export',
      intervalMinutes: 30,
      values: Array.from({ length: 48 }, (_, half) => (half >= 14 && half < 36 ? spec.solar : 0)),
    });
  }
  return channels;
}

const scenario = fc.record({
  days: fc.array(daySpec, { minLength: 147, maxLength: 147 }),
  /** Without it, every day has some channel: weeks whose five weeks before are complete read only those. */
  sparse: fc.boolean(),
  timeOfUse: fc.boolean(),
  happyHours: fc.boolean(),
  /** Long gaps: runs of days without data, so that weeks read 10 weeks back and averages skip weeks. */
  gaps: fc.array(
    fc.record({ at: fc.integer({ min: 0, max: 146 }), length: fc.integer({ min: 1, max: 40 }) }),
    {
      maxLength: 2,
    },
  ),
  dataUntil: fc.integer({ min: 60, max: 146 }),
  /** Solar only before this day: a week whose recent weeks have none says it has solar only if it reads further back. */
  solarUntil: fc.integer({ min: 0, max: 146 }),
  todayAfter: fc.integer({ min: 0, max: 9 }),
  /** The week asked for: this one, the one before, or one up to 11 weeks back. */
  weeksBack: fc.oneof(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 11 })),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function storedDaysOf(input: Scenario): ReadDay[] {
  const skipped = new Set<number>();
  for (const gap of input.gaps) for (let i = gap.at; i < gap.at + gap.length; i++) skipped.add(i);
  const tariff = input.timeOfUse ? TIME_OF_USE : FLAT;
  return input.days.flatMap((spec, index) => {
    if ((spec.kind === 'none' && input.sparse) || skipped.has(index) || index > input.dataUntil) return [];
    const date = addDays(FIRST, index);
    const noSolar =
      index >= input.solarUntil && (spec.kind === 'import-export' || spec.kind === 'export-only');
    const day = priceAccountDay({
      date,
      channels: channelsOf(noSolar ? { ...spec, kind: 'import' } : spec),
      // A day without a tariff: imported, never priced.
      assignments: [{ startDate: spec.kind === 'no-tariff' ? '2999-01-01' : '1900-01-01', tariff }],
      freeWindows: input.happyHours ? [{ fromMinute: 11 * 60, toMinute: 13 * 60 }] : [],
    });
    return [day];
  });
}

/** The week as the usage answer builds it today: `daysAround`'s days, `buildUsageWeek`. */
function builtWeek(stored: readonly ReadDay[], weekStart: string, today: string): string {
  const imported = new Set(stored.filter((day) => day.hasImport).map((day) => day.date));
  const from = weekReadFrom(weekStart, (date) => imported.has(date));
  const read = stored.filter((day) => day.date >= from && day.date <= addDays(weekStart, 13));
  return JSON.stringify(
    buildUsageWeek({ today, weekStart, ...weekDaysOf(read, { today, before: from }), curtailment: null }),
  );
}

function recordsOf(stored: readonly ReadDay[]): Map<string, DayRecord> {
  const records = new Map<string, DayRecord>();
  // As they are stored: a record for each stored day, none for a day without data.
  for (const day of stored) records.set(day.date, dayRecordOf(day.date, stored));
  return records;
}

/** The scenario of these days on a flat tariff without free hours, gaps or missing days, asked this week. */
const flatScenario = (
  days: DaySpec[],
  { dataUntil, solarUntil }: { dataUntil: number; solarUntil: number },
): Scenario => ({
  days,
  timeOfUse: false,
  happyHours: false,
  gaps: [],
  sparse: false,
  weeksBack: 0,
  todayAfter: 0,
  dataUntil,
  solarUntil,
});

/** 147 days alike: every day imported and priced, the same every half-hour. */
const evenDays = (): DaySpec[] =>
  Array.from({ length: 147 }, () => ({
    kind: 'import',
    base: 100_000,
    peaks: new Array(48).fill(300_000),
    solar: 0,
    estimated: false,
  }));

describe('a week assembled from its days’ records', () => {
  it('is, byte for byte, the week built from the priced days, for any days, week and market day after them', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const stored = storedDaysOf(input);
        const records = recordsOf(stored);
        const today = addDays(FIRST, input.dataUntil + 1 + input.todayAfter);
        const weekStart = addDays(weekStart0(today), -7 * input.weeksBack);
        const assembled = assembledWeekJson(weekStart, today, (date) => records.get(date), null);
        const built = builtWeek(stored, weekStart, today);
        if (assembled !== built && process.env.DEBUG_DAY_RECORDS) {
          const a = String(assembled);
          let i = 0;
          while (a[i] === built[i]) i++;
          console.info(
            `first difference at ${i}:\n${a.slice(i - 300, i + 200)}\n---\n${built.slice(i - 300, i + 200)}`,
          );
        }
        expect(assembled).toBe(built);
      }),
      { numRuns: 60, endOnFailure: true },
    );
  }, 120_000);

  it('answers null when a day the week reads has data from the market day on, and only then', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: -20, max: 20 }), (input, shift) => {
        const stored = storedDaysOf(input);
        const records = recordsOf(stored);
        const weekStart = addDays(weekStart0(addDays(FIRST, input.dataUntil)), -7 * input.weeksBack);
        const today = addDays(weekStart, shift);
        const assembled = assembledWeekJson(weekStart, today, (date) => records.get(date), null);
        const readsUnfinished = stored.some((day) => day.date >= today && day.date <= addDays(weekStart, 13));
        if (readsUnfinished) expect(assembled).toBeNull();
        else expect(assembled).toBe(builtWeek(stored, weekStart, today));
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('shows a day without data the averages of only the same weekdays its week reads', () => {
    // A week with data to its Wednesday; its Thursday has none and shows the averages of the Thursdays before
    // it with spend. Its five weeks before are complete, so it reads only those: one of their Thursdays was
    // imported without a tariff, and the Thursday six weeks back, outside the week's reads, must not count.
    const specs = evenDays();
    (specs[84 - 11] as DaySpec).kind = 'no-tariff';
    (specs[84 - 39] as DaySpec).peaks = new Array(48).fill(1_900_000);
    const stored = storedDaysOf(flatScenario(specs, { dataUntil: 86, solarUntil: 0 }));
    const today = addDays(FIRST, 87);
    const records = recordsOf(stored);
    const assembled = JSON.parse(
      assembledWeekJson(BASE, today, (date) => records.get(date), null) as string,
    ) as UsageWeek;
    expect(JSON.stringify(assembled)).toBe(builtWeek(stored, BASE, today));
    const thursday = assembled.current_week.intervals[3];
    // Four Thursdays with spend in the five weeks read, each the same: their average is any one's shown total.
    const oneThursday = records.get(addDays(FIRST, 80))?.shown?.totalSpend as Money;
    expect(thursday?.data.total_spend).toBeNull();
    expect(thursday?.data.average_spend).toBe(toDollars(oneThursday));
  });

  it('changes, when a stored day changes, only its own record and those of the days datesDependingOn names', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 146 }), daySpec, (input, at, replacement) => {
        const before = storedDaysOf(input);
        const after = storedDaysOf({ ...input, days: input.days.with(at, replacement) });
        const date = addDays(FIRST, at);
        const hadImport = before.find((day) => day.date === date)?.hasImport ?? false;
        const hasImport = after.find((day) => day.date === date)?.hasImport ?? false;
        const rebuilt = new Set([date, ...datesDependingOn(date, hadImport !== hasImport)]);
        const recordsBefore = recordsOf(before);
        const recordsAfter = recordsOf(after);
        for (const day of after) {
          if (!rebuilt.has(day.date)) expect(recordsAfter.get(day.date)).toEqual(recordsBefore.get(day.date));
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('names the days of the weeks whose reads a day’s import decides, when its import comes or goes', () => {
    // The week of BASE reads only its five weeks before while each of their days has an import; one of their
    // Thursdays was imported without a tariff, so its Thursday's averages reach back further once the week
    // reads ten weeks: when a Monday in those five weeks loses its import (only its export is sent again).
    const specs = evenDays();
    (specs[84 - 11] as DaySpec).kind = 'no-tariff';
    (specs[84 - 39] as DaySpec).peaks = new Array(48).fill(1_900_000);
    const input = flatScenario(specs, { dataUntil: 90, solarUntil: 146 });
    const monday = 84 - 14;
    const before = recordsOf(storedDaysOf(input));
    const after = recordsOf(
      storedDaysOf({
        ...input,
        days: specs.with(monday, { ...(specs[monday] as DaySpec), kind: 'export-only' }),
      }),
    );
    const thursday = addDays(BASE, 3);
    expect(after.get(thursday)).not.toEqual(before.get(thursday));
    expect(datesDependingOn(addDays(FIRST, monday), true)).toContain(thursday);
    expect(datesDependingOn(addDays(FIRST, monday), false)).not.toContain(thursday);
  });

  it('fails when a record is built from the wrong days: a day’s averages read across its week’s window', () => {
    // The planted fault: a record read with every stored day, not its week's window, for a week whose five weeks
    // before it are complete but whose same weekdays are not all priced (a day imported without a tariff).
    const specs = evenDays();
    const weekStart = addDays(BASE, 0);
    // Two Mondays in the five weeks before the week imported but not priced: their Monday's average looks back.
    for (const back of [7, 14]) (specs[84 - back] as DaySpec).kind = 'no-tariff';
    // A different Monday ten weeks back, so that looking past the window changes the average.
    (specs[84 - 42] as DaySpec).peaks = new Array(48).fill(1_900_000);
    const input = flatScenario(specs, { dataUntil: 90, solarUntil: 0 });
    const stored = storedDaysOf(input);
    const today = addDays(stored.at(-1)?.date ?? FIRST, 1);
    const records = recordsOf(stored);
    const built = builtWeek(stored, weekStart, today);
    expect(assembledWeekJson(weekStart, today, (date) => records.get(date), null)).toBe(built);
    const monday = records.get(weekStart) as DayRecord;
    const acrossWindow = {
      ...monday,
      entry: dayRecordOf(
        weekStart,
        stored.filter((day) => day.hasImport === false || day.spend),
      ).entry,
    };
    const wrong = new Map(records).set(weekStart, acrossWindow);
    expect(acrossWindow.entry).not.toBe(monday.entry);
    expect(assembledWeekJson(weekStart, today, (date) => wrong.get(date), null)).not.toBe(built);
  });
});
