import fs from 'node:fs';
import path from 'node:path';
import { tariffDayNames, tariffFileSchema, tariffSchema, timeOfUseCoverageProblems } from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { compileTariff, freeWindowFromSlot, tariffForDay } from '../../src/domains/billing/tariff.ts';
import { testTimeOfUseInput } from '../helpers/tariffs.ts';

const demoDir = path.resolve(import.meta.dirname, '../../src/demo/tariffs');

/** The TOU shape of the brief: peak weekdays 15-21, shoulder 7-15 and 21-22 weekdays and 7-22 weekends. */
const timeOfUse = testTimeOfUseInput;

function messagesOf(input: unknown): string[] {
  const result = tariffSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('demo tariffs', () => {
  it('every file validates against the tariff schema, with the codes of the brief', () => {
    const files = fs.readdirSync(demoDir).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(4);
    const codes = files.map((name) => {
      const parsed = tariffFileSchema.parse(JSON.parse(fs.readFileSync(path.join(demoDir, name), 'utf8')));
      return parsed[0]?.code;
    });
    expect(codes.sort()).toEqual(['FLAT-2025', 'FLAT-2026', 'SOLAR-2026', 'TOU-2026']);
  });

  it('FLAT-2025 is FLAT-2026 before a rise of 8 to 15% (the price rise demo-efficient shows, issue 28)', () => {
    const { flat, flat2025 } = demoTariffs;
    if (flat.usage.type !== 'flat' || flat2025.usage.type !== 'flat') throw new Error('both are flat');
    const rise = (now: string, before: string) => Number(now) / Number(before) - 1;
    expect(rise(flat.usage.cents_per_kwh, flat2025.usage.cents_per_kwh)).toSatisfy(
      (r: number) => r >= 0.08 && r <= 0.15,
    );
    expect(rise(flat.supply_cents_per_day, flat2025.supply_cents_per_day)).toSatisfy(
      (r: number) => r >= 0.08 && r <= 0.15,
    );
  });

  it('carry realistic 2026 prices (cents, incl. GST)', () => {
    const { flat, timeOfUse: tou, solar } = demoTariffs;
    const inRange = (value: string, low: number, high: number) =>
      expect(Number(value)).toSatisfy((n: number) => n >= low && n <= high);
    for (const tariff of [flat, tou, solar]) inRange(tariff.supply_cents_per_day, 100, 130);
    expect(flat.usage.type).toBe('flat');
    if (flat.usage.type === 'flat') inRange(flat.usage.cents_per_kwh, 30, 38);
    if (tou.usage.type !== 'time_of_use') throw new Error('TOU-2026 is time of use');
    const rate = (name: string) =>
      tou.usage.type === 'time_of_use' && tou.usage.periods.find((p) => p.name === name);
    inRange((rate('peak') || { cents_per_kwh: '' }).cents_per_kwh, 45, 55);
    inRange((rate('shoulder') || { cents_per_kwh: '' }).cents_per_kwh, 28, 33);
    inRange((rate('off_peak') || { cents_per_kwh: '' }).cents_per_kwh, 18, 24);
    inRange(tou.controlled_load?.cents_per_kwh ?? '', 16, 22);
    expect(tou.controlled_load?.suffixes).toEqual(['E2']);
    inRange(solar.feed_in_cents_per_kwh, 3, 6);
  });

  it('TOU-2026 puts each hour of the week in the right period', () => {
    const compiled = compileTariff(demoTariffs.timeOfUse);
    const nameAt = (day: number, clock: string) => {
      const minute = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
      return compiled.rateNames[compiled.rateBySlot[day * 288 + minute / 5] ?? -1];
    };
    expect(nameAt(0, '14:55')).toBe('shoulder');
    expect(nameAt(0, '15:00')).toBe('peak');
    expect(nameAt(4, '20:55')).toBe('peak');
    expect(nameAt(4, '21:00')).toBe('shoulder');
    expect(nameAt(2, '22:00')).toBe('off_peak');
    expect(nameAt(2, '06:55')).toBe('off_peak');
    expect(nameAt(5, '15:00')).toBe('shoulder');
    expect(nameAt(6, '07:00')).toBe('shoulder');
    expect(nameAt(6, '23:55')).toBe('off_peak');
  });
});

describe('tariff schema', () => {
  it('applies the defaults', () => {
    const tariff = tariffSchema.parse({
      ...timeOfUse(),
      controlled_load: { cents_per_kwh: '18.5' },
      discounts: { usage_percent: 12.5, supply_percent: '3' },
    });
    expect(tariff.feed_in_cents_per_kwh).toBe('0');
    expect(tariff.concession_cents_per_day).toBe('0');
    expect(tariff.controlled_load?.suffixes).toEqual(['E2']);
    // A JSON number percentage is kept as its decimal text.
    expect(tariff.discounts).toEqual({ usage_percent: '12.5', supply_percent: '3' });
  });

  it('accepts a flat tariff with every optional field', () => {
    expect(
      messagesOf({
        code: 'SOLAR-CONCESSION-2026',
        name: 'Solar with concession',
        description: 'For concession card holders',
        supply_cents_per_day: '110.000001',
        usage: { type: 'flat', cents_per_kwh: '0' },
        controlled_load: { cents_per_kwh: '17', suffixes: ['E2', 'E3'] },
        feed_in_cents_per_kwh: '5.5',
        discounts: { usage_percent: '100', supply_percent: 0 },
        concession_cents_per_day: '150.30',
      }),
    ).toEqual([]);
  });

  it('rejects bad prices, codes, percentages and unknown fields', () => {
    const flat = {
      code: 'FLAT-X',
      name: 'Flat',
      supply_cents_per_day: '100',
      usage: { type: 'flat', cents_per_kwh: '30' },
    };
    expect(messagesOf({ ...flat, supply_cents_per_day: 100 })).toEqual([
      'supply_cents_per_day: supply_cents_per_day must be a decimal string in cents, for example "32.45"',
    ]);
    const notDecimal =
      'supply_cents_per_day: supply_cents_per_day must be a non-negative decimal string in cents with at most 6 decimals, e.g. "32.45"';
    expect(messagesOf({ ...flat, supply_cents_per_day: '-1' })).toEqual([notDecimal]);
    expect(messagesOf({ ...flat, supply_cents_per_day: '1.1234567' })).toEqual([notDecimal]);
    expect(messagesOf({ ...flat, supply_cents_per_day: '1e3' })).toEqual([notDecimal]);
    expect(messagesOf({ ...flat, supply_cents_per_day: '100001' })).toEqual([
      'supply_cents_per_day: supply_cents_per_day must be at most 100000 cents',
    ]);
    expect(messagesOf({ ...flat, usage: { type: 'flat', cents_per_kwh: '3245' } })).toEqual([
      'usage.cents_per_kwh: cents_per_kwh must be at most 1000 cents',
    ]);
    expect(messagesOf({ ...flat, usage: { type: 'flat', cents_per_kwh: 32.45 } })).toEqual([
      'usage.cents_per_kwh: cents_per_kwh must be a decimal string in cents, for example "32.45"',
    ]);
    expect(messagesOf({ ...flat, usage: { type: 'block', cents_per_kwh: '30' } })).toEqual([
      "usage.type: usage.type must be 'flat' or 'time_of_use'",
    ]);
    expect(messagesOf({ ...flat, code: 'flat-2026' })[0]).toMatch(/^code: code must be upper-case/);
    expect(messagesOf({ ...flat, discounts: { usage_percent: 120 } })[0]).toMatch(/from 0 to 100/);
    expect(messagesOf({ ...flat, discounts: { usage_percent: '-5' } })[0]).toMatch(/from 0 to 100/);
    expect(messagesOf({ ...flat, suply_cents_per_day: '100' })).toEqual([
      ': Unrecognized key: "suply_cents_per_day"',
    ]);
    expect(messagesOf({ ...flat, controlled_load: { cents_per_kwh: '17', suffixes: ['B1'] } })[0]).toMatch(
      /import channel suffix/,
    );
  });

  it('rejects malformed windows', () => {
    const withPeak = (window: object) => {
      const tariff = timeOfUse();
      if (tariff.usage.type === 'time_of_use')
        tariff.usage.periods[0] = { name: 'peak', cents_per_kwh: '50', windows: [window as never] };
      return messagesOf(tariff);
    };
    expect(withPeak({ days: 'weekdays', from: '15:02', to: '21:00' })).toEqual([
      'usage.periods.0.windows.0.from: from must be on a 5-minute boundary (the shortest meter interval)',
    ]);
    expect(withPeak({ days: 'weekdays', from: '21:00', to: '15:00' })[0]).toMatch(
      /to must be later than from; split a window that crosses midnight/,
    );
    expect(withPeak({ days: 'weekdays', from: '15:00', to: '25:00' })[0]).toMatch(/HH:mm/);
    expect(withPeak({ days: ['mon', 'mon'], from: '15:00', to: '21:00' })[0]).toMatch(/listed twice/);
    expect(withPeak({ days: ['funday'], from: '15:00', to: '21:00' })).toHaveLength(1);
    expect(withPeak({ days: 'weekdays', from: '24:00', to: '24:00' }).join()).toMatch(/from cannot be 24:00/);
  });

  it('names the gap when a period is missing', () => {
    const tariff = timeOfUse();
    if (tariff.usage.type === 'time_of_use') tariff.usage.periods[1]?.windows.pop();
    expect(messagesOf(tariff)).toEqual(['usage.periods: Gap: no period covers Sat-Sun 07:00-22:00']);
  });

  it('names the overlap and its periods', () => {
    const tariff = timeOfUse();
    if (tariff.usage.type === 'time_of_use') {
      const shoulder = tariff.usage.periods[1];
      if (shoulder) shoulder.windows[0] = { days: 'weekdays', from: '07:00', to: '16:00' };
    }
    expect(messagesOf(tariff)).toEqual([
      "usage.periods: Overlap: periods 'peak' and 'shoulder' both cover Mon-Fri 15:00-16:00",
    ]);
  });

  it('reports gaps and overlaps on particular days, and a period overlapping itself', () => {
    const problems = timeOfUseCoverageProblems([
      {
        name: 'anytime',
        cents_per_kwh: '30',
        windows: [
          { days: ['mon', 'tue', 'wed', 'fri', 'sat', 'sun'], from: '00:00', to: '24:00' },
          { days: ['thu'], from: '00:00', to: '12:00' },
          { days: ['sun'], from: '23:00', to: '24:00' },
        ],
      },
    ]);
    expect(problems).toEqual([
      "Overlap: period 'anytime' covers Sun 23:00-24:00",
      'Gap: no period covers Thu 12:00-24:00',
    ]);
  });

  it('rejects repeated period names', () => {
    const tariff = timeOfUse();
    if (tariff.usage.type === 'time_of_use') {
      const offPeak = tariff.usage.periods[2];
      if (offPeak) offPeak.name = 'peak';
    }
    expect(messagesOf(tariff)).toEqual(["usage.periods: period name 'peak' is used twice"]);
  });

  it('reads a file of one tariff or of several, and rejects repeated codes', () => {
    expect(tariffFileSchema.parse(timeOfUse())).toHaveLength(1);
    expect(tariffFileSchema.parse([timeOfUse(), { ...timeOfUse(), code: 'OTHER' }])).toHaveLength(2);
    const repeated = tariffFileSchema.safeParse([timeOfUse(), timeOfUse()]);
    expect(repeated.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['1.code', 'code TEST-TOU is repeated'],
    ]);
    // A single tariff's issues carry paths without an index.
    const single = tariffFileSchema.safeParse({ ...timeOfUse(), name: '' });
    expect(single.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name']);
    expect(tariffFileSchema.safeParse([]).success).toBe(false);
  });
});

/**
 * Random valid time-of-use tariffs: each day of the week cut into random 5-minute-aligned runs, each run given
 * to one of 1-4 periods, written as one window per run and day (days as a list of names).
 */
const randomTimeOfUse = fc
  .record({
    periodCount: fc.integer({ min: 1, max: 4 }),
    days: fc.array(
      fc
        .uniqueArray(fc.integer({ min: 1, max: 287 }), { maxLength: 8 })
        .map((cuts) => cuts.sort((a, b) => a - b)),
      { minLength: 7, maxLength: 7 },
    ),
    owners: fc.array(fc.nat(), { minLength: 63, maxLength: 63 }),
  })
  .map(({ periodCount, days, owners }) => {
    const slotOwner: number[] = [];
    const periods = Array.from({ length: periodCount }, (_, p) => ({
      name: `period ${p}`,
      cents_per_kwh: String(10 + p),
      windows: [] as { days: (typeof tariffDayNames)[number][]; from: string; to: string }[],
    }));
    const clock = (slot: number) =>
      `${String(Math.floor((slot * 5) / 60)).padStart(2, '0')}:${String((slot * 5) % 60).padStart(2, '0')}`;
    days.forEach((cuts, day) => {
      const edges = [0, ...cuts, 288];
      for (let run = 0; run + 1 < edges.length; run++) {
        const owner = (owners[day * 9 + run] ?? 0) % periodCount;
        const from = edges[run] ?? 0;
        const to = edges[run + 1] ?? 288;
        periods[owner]?.windows.push({
          days: [tariffDayNames[day] ?? 'mon'],
          from: clock(from),
          to: clock(to),
        });
        for (let slot = from; slot < to; slot++) slotOwner[day * 288 + slot] = owner;
      }
    });
    // A period that got no run gets no windows, which the schema rejects; drop it and renumber the owners.
    const used = periods.filter((period) => period.windows.length > 0);
    const renumber = periods.map((period) => used.indexOf(period));
    return {
      tariff: {
        code: 'RANDOM-TOU',
        name: 'Random',
        supply_cents_per_day: '100',
        usage: { type: 'time_of_use' as const, periods: used },
      },
      slotOwner: slotOwner.map((owner) => renumber[owner] ?? -1),
    };
  });

describe('time-of-use coverage (property)', () => {
  it('random valid tariffs cover each 5 minutes of the week exactly once', () => {
    fc.assert(
      fc.property(randomTimeOfUse, ({ tariff, slotOwner }) => {
        const parsed = tariffSchema.parse(tariff);
        const compiled = compileTariff(parsed);
        expect(Array.from(compiled.rateBySlot)).toEqual(slotOwner);
      }),
      { numRuns: 200 },
    );
  });

  it('removing a window leaves a gap, repeating one makes an overlap', () => {
    fc.assert(
      fc.property(randomTimeOfUse, fc.nat(), ({ tariff }, pick) => {
        const periods = tariff.usage.periods;
        const period = periods[pick % periods.length];
        if (!period) return;
        const window = period.windows[pick % period.windows.length];
        if (!window) return;
        const repeated = periods.map((p) => (p === period ? { ...p, windows: [...p.windows, window] } : p));
        expect(timeOfUseCoverageProblems(repeated).join()).toMatch(/^Overlap: period 'period \d' covers /);
        const missing = periods.map((p) =>
          p === period ? { ...p, windows: p.windows.filter((w) => w !== window) } : p,
        );
        expect(timeOfUseCoverageProblems(missing)).toEqual([
          `Gap: no period covers ${window.days[0]?.replace(/^./, (c) => c.toUpperCase())} ${window.from}-${window.to}`,
        ]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('tariff in force on a day', () => {
  const flat = demoTariffs.flat;
  const tou = demoTariffs.timeOfUse;
  it('picks the latest start date on or before the day (a mid-quarter plan change)', () => {
    // Listed out of order on purpose: the start dates decide, not the order.
    const assignments = [
      { tariff: tou, startDate: '2026-02-15' },
      { tariff: flat, startDate: '2026-01-01' },
    ];
    expect(tariffForDay(assignments, '2025-12-31')).toBeNull();
    expect(tariffForDay(assignments, '2026-01-01')).toBe(flat);
    expect(tariffForDay(assignments, '2026-02-14')).toBe(flat);
    expect(tariffForDay(assignments, '2026-02-15')).toBe(tou);
    expect(tariffForDay(assignments, '2027-01-01')).toBe(tou);
    expect(tariffForDay([], '2026-01-01')).toBeNull();
  });

  it('turns a Happy Hours slot into a free window', () => {
    expect(freeWindowFromSlot('11:00-13:00')).toEqual({ fromMinute: 660, toMinute: 780 });
    expect(() => freeWindowFromSlot('13:00-11:00')).toThrow(RangeError);
    expect(() => freeWindowFromSlot('soon')).toThrow(RangeError);
  });
});
