/**
 * Similar homes (issue 28 item 3, docs/tracker-figures.md#similar-homes): the grouping rule, a group of 19 (not
 * shown) and of 20 (shown) worked by hand, the three outcomes, and that no home's own figure is given out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareSimilarHomes,
  groupKeyOf,
  type HomeUsage,
  quantile,
  ratingOf,
} from '../../src/domains/tracker/similar-homes.ts';
import { similarHomesPeriod } from '../../src/domains/tracker/similar-homes-batch.ts';

const KWH = 1_000_000;
const HOUSE = {
  building_type: 'house',
  household_size: '3',
  pool_or_spa: ['no'],
  hot_water_type: 'electricity',
  solar_panels: 'no',
  tenancy: 'own',
};

/** A home using `kwhPerDay` on each of the 28 days. */
const home = (id: string, kwhPerDay: number, answers: Record<string, unknown> | null = HOUSE): HomeUsage => ({
  accountId: id,
  clientCode: 'BRIGHT',
  segment: 'residential',
  answers,
  daysWithData: 28,
  usageMicroKwh: Math.round(kwhPerDay * 28 * KWH),
});

describe('the groups', () => {
  it('group homes by building, people, pool or spa, hot water and solar; businesses by type and staff', () => {
    expect(groupKeyOf('residential', HOUSE)).toBe('residential|house|3-4|no-pool|electric-water|no-solar');
    expect(
      groupKeyOf('residential', {
        ...HOUSE,
        building_type: 'unit',
        household_size: '6_and_more',
        pool_or_spa: ['spa'],
        hot_water_type: 'gas',
        solar_panels: 'skip',
        solar_panels_size: 6.6,
      }),
    ).toBe('residential|apartment|5+|pool|gas-water|solar');
    // A townhouse is grouped with houses; a heater under the floor is not a pool.
    expect(
      groupKeyOf('residential', {
        ...HOUSE,
        building_type: 'townhouse',
        pool_or_spa: ['underfloor_heating'],
      }),
    ).toBe('residential|house|3-4|no-pool|electric-water|no-solar');
    for (const missing of ['building_type', 'household_size', 'hot_water_type', 'solar_panels'])
      expect(groupKeyOf('residential', { ...HOUSE, [missing]: 'skip' }), missing).toBeNull();
    expect(groupKeyOf('residential', { ...HOUSE, building_type: 'other' })).toBeNull();
    expect(groupKeyOf('sme', { business_type: 'retail', employee_number: 'five_to_ten' })).toBe(
      'sme|retail|five_to_ten',
    );
    expect(groupKeyOf('sme', { business_type: 'retail' })).toBeNull();
  });

  it('the 4 weeks are the complete weeks before this one', () => {
    expect(similarHomesPeriod('2026-11-26')).toEqual({ from: '2026-10-26', to: '2026-11-22' });
    expect(similarHomesPeriod('2026-11-23')).toEqual({ from: '2026-10-26', to: '2026-11-22' });
  });
});

describe('a group of 19 and of 20, worked by hand', () => {
  // Homes using 1, 2, ..., n kWh a day.
  const group = (n: number) => Array.from({ length: n }, (_, i) => home(`h${i + 1}`, i + 1));

  it('19 homes: nobody is compared, and no group figure is kept', () => {
    const results = compareSimilarHomes(group(19));
    expect(new Set([...results.values()].map((result) => result.status))).toEqual(new Set(['small_group']));
    const first = results.get('h1');
    expect(first).toEqual({
      status: 'small_group',
      groupKey: 'residential|house|3-4|no-pool|electric-water|no-solar',
      ownKwhPerDay: 1,
      medianKwhPerDay: null,
      efficientKwhPerDay: null,
      homes: null,
      rating: null,
    });
  });

  it('20 homes: the median 10.5 and the 20th percentile 4.8 kWh a day; Great, Good and Using more', () => {
    // Sorted 1..20: the median lies halfway between the 10th and 11th (10.5); the 20th percentile at position
    // 0.2 x 19 = 3.8 from the first, between 4 and 5: 4 + 0.8 = 4.8.
    const results = compareSimilarHomes(group(20));
    const of = (id: string) => results.get(id);
    expect(of('h4')).toMatchObject({
      status: 'compared',
      ownKwhPerDay: 4,
      medianKwhPerDay: 10.5,
      efficientKwhPerDay: 4.8,
      homes: 20,
      rating: 'great',
    });
    expect([of('h5')?.rating, of('h10')?.rating, of('h11')?.rating, of('h20')?.rating]).toEqual([
      'good',
      'good',
      'more',
      'more',
    ]);
  });

  it('counts only homes with 28 days of data and complete answers, and only the same retailer and segment', () => {
    const homes = [
      ...group(19),
      { ...home('short', 3), daysWithData: 27 },
      home('other-retailer', 3),
      home('skipped', 3, { ...HOUSE, household_size: 'skip' }),
      home('no-profile', 3, null),
    ];
    const otherRetailer = homes.find((h) => h.accountId === 'other-retailer') as HomeUsage;
    otherRetailer.clientCode = 'OTHER';
    const results = compareSimilarHomes(homes);
    expect(results.get('h1')?.status).toBe('small_group');
    expect(results.get('short')?.status).toBe('not_enough_data');
    expect(results.get('skipped')?.status).toBe('no_group');
    expect(results.get('no-profile')?.status).toBe('no_profile');
  });
});

describe('what the figures say', () => {
  it('rates on the figures as shown: at most the efficient figure is Great, at most the median Good', () => {
    expect(ratingOf(4.8, 10.5, 4.8)).toBe('great');
    expect(ratingOf(4.9, 10.5, 4.8)).toBe('good');
    expect(ratingOf(10.5, 10.5, 4.8)).toBe('good');
    expect(ratingOf(10.6, 10.5, 4.8)).toBe('more');
  });

  it('quantiles interpolate between the two nearest values', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([5], 0.2)).toBe(5);
  });

  it('a row says nothing but the home’s own figure and the group’s size, median and 20th percentile', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 20, maxLength: 40 }),
        (tenths) => {
          const homes = tenths.map((value, i) => home(`h${i}`, value / 1000));
          const results = compareSimilarHomes(homes);
          const keys = new Set([
            'status',
            'groupKey',
            'ownKwhPerDay',
            'medianKwhPerDay',
            'efficientKwhPerDay',
            'homes',
            'rating',
          ]);
          for (const [id, result] of results) {
            expect(new Set(Object.keys(result))).toEqual(keys);
            expect(result.homes).toBe(tenths.length);
            const own = homes.find((h) => h.accountId === id) as HomeUsage;
            expect(result.ownKwhPerDay).toBe(Math.round(own.usageMicroKwh / 28 / 100_000) / 10);
            // The same group figures for everyone: nothing in a row depends on which home it is but its own use.
            expect(result.medianKwhPerDay).toBe(results.get('h0')?.medianKwhPerDay);
            expect(result.efficientKwhPerDay).toBe(results.get('h0')?.efficientKwhPerDay);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
