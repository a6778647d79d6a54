/**
 * The event chart's geometry (docs/screens.md, docs/rules.md#limits): one bar per 30-minute interval, blue at zero or more and yellow
 * below zero (solar export), the zero line, the event average and the target line of docs/rules.md#limits, and about 5 y
 * ticks in kWh with 2 decimals, from linear and band scales in the SVG's own units.
 */
import { type EventProgressResponse, progressTarget } from '@portal/contracts';
import { bandScale, linearScale, niceDomain, ticks } from '../../../shared/lib/scales.ts';

export const CHART_WIDTH = 360;
export const CHART_HEIGHT = 220;
export const MARGIN = { top: 12, right: 8, bottom: 26, left: 58 } as const;

export interface EventBar {
  /** 'HH:mm' start of the interval, AEST. */
  time: string;
  /** 'HH:mm' end. */
  end: string;
  value: number;
  negative: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EventChartModel {
  bars: EventBar[];
  zeroY: number;
  average: number | null;
  averageY: number | null;
  target: number | null;
  targetY: number | null;
  ticks: { value: number; label: string; y: number }[];
  plot: { left: number; right: number; top: number; bottom: number };
  /** Show every n-th time label so that they do not overlap. */
  labelEvery: number;
}

const timeOf = (local: string) => local.slice(11, 16);

function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = ((h ?? 0) * 60 + (m ?? 0) + minutes) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function eventChartModel(progress: EventProgressResponse): EventChartModel {
  const { intervals, average } = progress.usage;
  const target = progressTarget(progress);
  const values = intervals.map((interval) => interval.interval_usage_value);
  const extent = [0, ...values, ...(average === null ? [] : [average]), ...(target === null ? [] : [target])];
  let low = Math.min(...extent);
  let high = Math.max(...extent);
  if (low === high) high = low + 1;
  const plot = {
    left: MARGIN.left,
    right: CHART_WIDTH - MARGIN.right,
    top: MARGIN.top,
    bottom: CHART_HEIGHT - MARGIN.bottom,
  };
  [low, high] = niceDomain(low, high, 5);
  const y = linearScale([low, high], [plot.bottom, plot.top]);
  const x = bandScale(
    intervals.map((_, i) => i),
    [plot.left, plot.right],
    { paddingInner: 0.2, paddingOuter: 0.1 },
  );
  const zeroY = y(0);
  const bars = intervals.map((interval, i) => {
    const top = y(Math.max(0, interval.interval_usage_value));
    const bottom = y(Math.min(0, interval.interval_usage_value));
    const time = timeOf(interval.local_interval_start_time);
    return {
      time,
      end: addMinutes(time, 30),
      value: interval.interval_usage_value,
      negative: interval.interval_usage_value < 0,
      x: x.at(i) ?? plot.left,
      y: top,
      width: x.bandwidth,
      height: Math.max(bottom - top, 0),
    };
  });
  return {
    bars,
    zeroY,
    average,
    averageY: average === null ? null : y(average),
    target,
    targetY: target === null ? null : y(target),
    ticks: ticks(low, high, 5).map((value) => ({ value, label: value.toFixed(2), y: y(value) })),
    plot,
    labelEvery: Math.max(1, Math.ceil(intervals.length / 8)),
  };
}
