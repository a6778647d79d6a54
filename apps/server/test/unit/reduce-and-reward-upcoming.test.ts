/**
 * The target announced before an event (issue 29 items 2 and 3) with hand-computed figures: the settlement's
 * baseline rule on the days known at the time and its target formula (`targetOf`), equal to the settlement's
 * target when no new data arrives in between, and different when data for later days arrives late.
 *
 * Event: Wednesday 2026-06-03, 17:00 to 18:00 AEST (2 intervals), factor -0.3. Every weekday before it holds
 * 1.0 kWh per half hour; the 4 weekdays just before the event hold 2.0, and are "late": not yet known when
 * the target is announced. Known then: the 10 weekdays before those 4, all 1.0: baseline 2.0 kWh for the
 * event, target 2.0 - 0.3 x 2.0 = 1.4 kWh, 0.7 per 30 minutes. With the late days: (4 x 2.0 + 6 x 1.0) / 10 =
 * 1.4 per half hour, baseline 2.8, target 2.8 - 0.84 = 1.96 kWh, 0.98 per 30 minutes.
 */
import { addDays, isWeekday } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  computeBaseline,
  type EventChannelRead,
  type EventWindow,
  evaluateAccount,
  targetOf,
} from '../../src/domains/reduce-and-reward/settlement.ts';

const window: EventWindow = { date: '2026-06-03', startMinute: 17 * 60, intervalCount: 2 };
const day = (date: string, kwh: number): EventChannelRead => ({
  readDate: date,
  kind: 'import',
  intervalMinutes: 30,
  intervalValues: new Array(48).fill(Math.round(kwh * 1e6)),
  quality: 'A',
});

/** The weekdays before the event, most recent first. */
const weekdays: string[] = [];
for (let back = 1; weekdays.length < 20; back++) {
  const date = addDays(window.date, -back);
  if (isWeekday(date)) weekdays.push(date);
}
const late = new Set(weekdays.slice(0, 4));

function reads(includeLate: boolean) {
  const map = new Map<string, EventChannelRead[]>();
  for (const date of weekdays) {
    if (late.has(date) && !includeLate) continue;
    map.set(date, [day(date, late.has(date) ? 2 : 1)]);
  }
  return map;
}

describe('the target announced before an event', () => {
  it('is the settlement rule on the days known at the time', () => {
    const baseline = computeBaseline(window, reads(false), new Set());
    expect(baseline?.days).toEqual(weekdays.slice(4, 14));
    const target = targetOf(baseline as NonNullable<typeof baseline>, -0.3, 2);
    expect(target.baselineKwh).toBeCloseTo(2, 9);
    expect(target.eventKwh).toBeCloseTo(1.4, 9);
    expect(target.perIntervalKwh).toBeCloseTo(0.7, 9);
  });

  it("equals the settlement's target when no new data arrived in between", () => {
    const known = reads(false);
    const announced = targetOf(computeBaseline(window, known, new Set()) as never, -0.3, 2);
    known.set(window.date, [day(window.date, 0.5)]);
    const settled = evaluateAccount(window, -0.3, known, new Set());
    if (settled.kind !== 'result') throw new Error(settled.kind);
    expect(settled.outcome.targetKwh).toBe(announced.perIntervalKwh);
    expect(settled.outcome.baselineKwh).toBe(announced.baselineKwh);
  });

  it('differs from the settlement when data for later days arrived late', () => {
    const announced = targetOf(computeBaseline(window, reads(false), new Set()) as never, -0.3, 2);
    const all = reads(true);
    all.set(window.date, [day(window.date, 0.5)]);
    const settled = evaluateAccount(window, -0.3, all, new Set());
    if (settled.kind !== 'result') throw new Error(settled.kind);
    expect(settled.outcome.baseline.days[0]).toBe(weekdays[0]);
    expect(settled.outcome.targetKwh).toBeCloseTo(0.98, 9);
    expect(announced.perIntervalKwh).toBeCloseTo(0.7, 9);
  });
});
