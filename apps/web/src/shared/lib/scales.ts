/**
 * The charts' scales (the Tracker's columns, where the money goes, a Reduce & Reward event): a linear scale, a
 * band scale and nice round ticks, computed exactly as d3-scale 4 computes them (scales.test.ts compares them
 * with d3-scale on arbitrary input). d3-scale was 9.9 KB gzip of each chart's first JavaScript, most of it
 * colours, number formats and interpolators these charts never use, for a few lines of arithmetic
 * (docs/decisions/0047-less-javascript-before-the-first-paint.md).
 */

/** A map from a domain value to a position (SVG units or percent). */
export type LinearScale = (value: number) => number;

/**
 * d3's `scaleLinear().domain([d0, d1]).range([r0, r1])`, with `.clamp(true)` when `clamp`: a value outside the
 * domain then maps to the nearer end of the range. A domain of one value maps everything to the range's middle.
 */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
  { clamp = false }: { clamp?: boolean } = {},
): LinearScale {
  // d3's bimap: a decreasing domain is normalised from its low end, with the range turned round to match.
  const [d0, d1] = domain[1] < domain[0] ? [domain[1], domain[0]] : domain;
  const [r0, r1] = domain[1] < domain[0] ? [range[1], range[0]] : range;
  const span = d1 - d0;
  return (value) => {
    const x = clamp ? Math.max(d0, Math.min(d1, value)) : value;
    const t = span ? (x - d0) / span : Number.isNaN(span) ? Number.NaN : 0.5;
    return r0 * (1 - t) + r1 * t;
  };
}

/** Where each band starts, and its width and step, as d3's `scaleBand()` lays them out. */
export interface BandScale<T> {
  /** The band's start, or undefined for a value not in the domain. */
  at(value: T): number | undefined;
  bandwidth: number;
  step: number;
}

/**
 * d3's `scaleBand().domain(domain).range([r0, r1]).paddingInner(inner).paddingOuter(outer)` (align 0.5, not
 * rounded): the range cut into one band per domain value, `inner` of each step between bands, `outer` of a step
 * before the first and after the last.
 */
export function bandScale<T>(
  domain: readonly T[],
  [r0, r1]: readonly [number, number],
  { paddingInner = 0, paddingOuter = 0 }: { paddingInner?: number; paddingOuter?: number } = {},
): BandScale<T> {
  const inner = Math.min(1, paddingInner);
  // d3's ordinal domain: each value once, in order of first appearance.
  const values = [...new Set(domain)];
  const n = values.length;
  const reverse = r1 < r0;
  let start = reverse ? r1 : r0;
  const stop = reverse ? r0 : r1;
  const step = (stop - start) / Math.max(1, n - inner + paddingOuter * 2);
  start += (stop - start - step * (n - inner)) * 0.5;
  const starts = values.map((_, index) => start + step * (reverse ? n - 1 - index : index));
  const index = new Map(values.map((value, i) => [value, i]));
  return {
    at: (value) => {
      const i = index.get(value);
      return i === undefined ? undefined : starts[i];
    },
    bandwidth: step * (1 - inner),
    step,
  };
}

const e10 = Math.sqrt(50);
const e5 = Math.sqrt(10);
const e2 = Math.sqrt(2);

/** d3-array's tick specification: ticks i1…i2 times (inc > 0) or divided by (inc < 0) the increment. */
function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= e10 ? 10 : error >= e5 ? 5 : error >= e2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    inc = 10 ** -power / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = 10 ** power * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

/** About `count` round values from start to stop (d3's `scale.ticks(count)` of the domain [start, stop]). */
export function ticks(start: number, stop: number, count: number): number[] {
  if (!(count > 0)) return [];
  if (start === stop) return [start];
  const reverse = stop < start;
  const [i1, i2, inc] = reverse ? tickSpec(stop, start, count) : tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  const n = i2 - i1 + 1;
  const result = new Array<number>(n);
  for (let i = 0; i < n; ++i) {
    const k = reverse ? i2 - i : i1 + i;
    result[i] = inc < 0 ? k / -inc : k * inc;
  }
  return result;
}

/** The domain widened to round values at both ends (d3's `scale.nice(count)` of the domain [start, stop]). */
export function niceDomain(start: number, stop: number, count: number): [number, number] {
  const reverse = stop < start;
  let low = reverse ? stop : start;
  let high = reverse ? start : stop;
  let previous: number | undefined;
  for (let iterations = 0; iterations < 10; iterations++) {
    const step = tickSpec(low, high, count)[2];
    if (step === previous) return reverse ? [high, low] : [low, high];
    if (step > 0) {
      low = Math.floor(low / step) * step;
      high = Math.ceil(high / step) * step;
    } else if (step < 0) {
      low = Math.ceil(low * step) / step;
      high = Math.floor(high * step) / step;
    } else {
      break;
    }
    previous = step;
  }
  return [start, stop];
}
