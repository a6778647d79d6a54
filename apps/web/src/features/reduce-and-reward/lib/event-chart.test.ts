import type { EventProgressResponse } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { CHART_HEIGHT, eventChartModel, MARGIN } from './event-chart.ts';

function progress(values: number[], baseline: number | null, average: number | null): EventProgressResponse {
  return {
    challenge: { status: 'complete', date: '2026-11-02', percent_displacement_factor: -0.3 },
    usage: {
      intervals: values.map((value, i) => ({
        local_interval_start_time: `2026-11-02T${String(17 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00`,
        interval_usage_value: value,
      })),
      baseline,
      average,
      total_rewards: { cents: 500 },
    },
  };
}

describe('event chart model (docs/screens.md, docs/rules.md#limits)', () => {
  it('draws the target of docs/rules.md#limits, the average, and about 5 ticks with 2 decimals', () => {
    // Baseline 3.2 kWh over 4 intervals: target (3.2 - 0.3 x 3.2) / 4 = 0.56 kWh.
    const model = eventChartModel(progress([0.26, 0.3, 0.38, 0.46], 3.2, 0.35));
    expect(model.target).toBeCloseTo(0.56, 10);
    expect(model.average).toBe(0.35);
    expect(model.bars.map((bar) => `${bar.time}-${bar.end}`)).toEqual([
      '17:00-17:30',
      '17:30-18:00',
      '18:00-18:30',
      '18:30-19:00',
    ]);
    expect(model.bars.every((bar) => !bar.negative)).toBe(true);
    expect(model.zeroY).toBe(CHART_HEIGHT - MARGIN.bottom);
    expect(model.targetY).toBeLessThan(model.averageY ?? 0);
    expect(model.ticks.length).toBeGreaterThanOrEqual(3);
    expect(model.ticks.length).toBeLessThanOrEqual(8);
    for (const tick of model.ticks) expect(tick.label).toMatch(/^-?\d+\.\d{2}$/);
    // The highest tick reaches the target: nothing is drawn above the scale.
    expect(Math.max(...model.ticks.map((tick) => tick.value))).toBeGreaterThanOrEqual(0.56);
  });

  it('draws solar export below the zero line', () => {
    const model = eventChartModel(progress([-1.4, 0.2], -2, -0.6));
    const [exporting, importing] = model.bars;
    expect(exporting?.negative).toBe(true);
    expect(exporting?.y).toBeCloseTo(model.zeroY, 10);
    expect(importing?.negative).toBe(false);
    expect((importing?.y ?? 0) + (importing?.height ?? 0)).toBeCloseTo(model.zeroY, 10);
    // Target (-2 - 0.3 x 2) / 2 = -1.3 kWh.
    expect(model.target).toBeCloseTo(-1.3, 10);
  });

  it('has no target before a baseline exists', () => {
    const model = eventChartModel(progress([0.5], null, null));
    expect(model.target).toBeNull();
    expect(model.targetY).toBeNull();
    expect(model.averageY).toBeNull();
  });
});
