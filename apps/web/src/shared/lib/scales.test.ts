import { scaleBand, scaleLinear } from 'd3-scale';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandScale, linearScale, niceDomain, ticks } from './scales.ts';

// The charts' scales were d3-scale's; these are to give exactly d3-scale's figures (the same arithmetic in the
// same order), so that no chart moves by a rounding.
const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
const pair = fc.tuple(finite, finite);
// Ticks are of figures the charts show (kWh to the thousandth, dollars to the cent), not of subnormal numbers,
// for which d3's own arithmetic gives up (10 to the power 324 is Infinity).
const figure = (max: number) => fc.integer({ min: -max, max }).map((thousandths) => thousandths / 1000);

describe('linearScale', () => {
  it('maps as d3 scaleLinear does, either way round, clamped or not', () => {
    fc.assert(
      fc.property(
        pair,
        pair,
        fc.boolean(),
        fc.array(finite, { maxLength: 8 }),
        (domain, range, clamp, values) => {
          const ours = linearScale(domain, range, { clamp });
          const d3 = scaleLinear().domain(domain).range(range).clamp(clamp);
          for (const value of [...values, domain[0], domain[1], 0]) expect(ours(value)).toBe(d3(value));
        },
      ),
    );
  });

  it('maps a domain of one value to the middle of the range', () => {
    expect(linearScale([3, 3], [0, 100])(7)).toBe(50);
  });

  it('keeps a clamped value within the range', () => {
    const scale = linearScale([0, 10], [0, 100], { clamp: true });
    expect(scale(-5)).toBe(0);
    expect(scale(20)).toBe(100);
    expect(linearScale([0, 10], [0, 100])(20)).toBe(200);
  });
});

describe('bandScale', () => {
  it('lays bands out as d3 scaleBand does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 30 }),
        pair,
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (domain, range, paddingInner, paddingOuter) => {
          const ours = bandScale(domain, range, { paddingInner, paddingOuter });
          const d3 = scaleBand<number>()
            .domain(domain)
            .range(range)
            .paddingInner(paddingInner)
            .paddingOuter(paddingOuter);
          expect(ours.bandwidth).toBe(d3.bandwidth());
          expect(ours.step).toBe(d3.step());
          for (const value of [...domain, 31]) expect(ours.at(value)).toBe(d3(value));
        },
      ),
    );
  });

  it('puts seven columns of 60% bars across 0-100', () => {
    const x = bandScale([0, 1, 2, 3, 4, 5, 6], [0, 100], { paddingInner: 0.4, paddingOuter: 0.2 });
    expect(x.step).toBeCloseTo(100 / 7);
    expect(x.bandwidth).toBeCloseTo((100 / 7) * 0.6);
    expect(x.at(0)).toBeCloseTo((100 / 7) * 0.2);
    expect(x.at(7)).toBeUndefined();
  });
});

describe('ticks and niceDomain', () => {
  it('give d3 scaleLinear’s ticks and nice domain', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.tuple(figure(1e9), figure(1e9)), fc.tuple(figure(10_000), figure(10_000))),
        fc.integer({ min: 0, max: 20 }),
        ([start, stop], count) => {
          const d3 = scaleLinear().domain([start, stop]);
          expect(ticks(start, stop, count)).toEqual(d3.ticks(count));
          expect(niceDomain(start, stop, count)).toEqual(d3.nice(count).domain());
          const [low, high] = niceDomain(start, stop, count);
          expect(ticks(low, high, count)).toEqual(d3.ticks(count));
        },
      ),
    );
  });

  it('round a domain out to whole steps', () => {
    expect(niceDomain(0, 0.93, 5)).toEqual([0, 1]);
    expect(ticks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceDomain(-0.31, 2.2, 5)).toEqual([-0.5, 2.5]);
  });
});
