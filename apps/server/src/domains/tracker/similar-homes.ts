/**
 * Similar homes (issue 28 item 3, docs/tracker-figures.md#similar-homes): homes of one retailer and segment
 * grouped by the survey answers that drive usage, each home's daily kWh over the last 4 complete weeks against
 * its group's median and efficient 20% (the 20th percentile), Opower's "Great / Good / Using more". Pure: the
 * batch (similar-homes-batch.ts) reads the homes and stores what this gives, one row per account.
 *
 * Nothing of another home can be read from a row: a group is compared only from SIMILAR_HOMES_MIN_GROUP homes,
 * and of it only its size, median and 20th percentile are kept (interpolated between the two nearest homes,
 * rounded to 0.1 kWh): neither which home stands where nor any home's own figure follows from them.
 */
import {
  SIMILAR_HOMES_DAYS,
  SIMILAR_HOMES_MIN_GROUP,
  type SimilarHomesRating,
  type SimilarHomesStatus,
  SURVEY_SKIP,
} from '@portal/contracts';

/** What the batch knows of a home. */
export interface HomeUsage {
  accountId: string;
  clientCode: string;
  segment: 'residential' | 'sme';
  /** The latest survey answers, or null without a profile. */
  answers: Record<string, unknown> | null;
  /** Days of the 4 weeks with import data, and their kWh. */
  daysWithData: number;
  usageMicroKwh: number;
}

export interface SimilarHomesResult {
  status: Exclude<SimilarHomesStatus, 'pending'>;
  groupKey: string | null;
  ownKwhPerDay: number | null;
  medianKwhPerDay: number | null;
  efficientKwhPerDay: number | null;
  homes: number | null;
  rating: SimilarHomesRating | null;
}

const text = (value: unknown) => (typeof value === 'string' && value !== SURVEY_SKIP ? value : null);
const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

function householdBand(size: string | null): string | null {
  if (size === null) return null;
  if (size === '1' || size === '2') return size;
  if (size === '3' || size === '4') return '3-4';
  return '5+';
}

function hasSolar(answers: Record<string, unknown>): boolean | null {
  const size = answers.solar_panels_size;
  if (typeof size === 'number' && size > 0) return true;
  const option = text(answers.solar_panels);
  if (option === null) return typeof size === 'number' ? false : null;
  return option !== 'no';
}

/**
 * The answers that drive usage, as a group key; null when one of them is not answered (or 'Rather not say').
 * Residential: building (apartment or unit / house or townhouse), household size (1, 2, 3-4, 5 or more), a pool
 * or spa (pump, spa or pool heater), electric hot water (electric or solar with electric boost / gas), solar
 * panels. Small business: business type and employee band.
 */
export function groupKeyOf(segment: HomeUsage['segment'], answers: Record<string, unknown>): string | null {
  if (segment === 'sme') {
    const type = text(answers.business_type);
    const employees = text(answers.employee_number);
    return type && employees ? `sme|${type}|${employees}` : null;
  }
  const building = text(answers.building_type);
  const buildingBand =
    building === 'apartment' || building === 'unit'
      ? 'apartment'
      : building === 'house' || building === 'townhouse'
        ? 'house'
        : null;
  const people = householdBand(text(answers.household_size));
  const pool = list(answers.pool_or_spa);
  const hotWater = text(answers.hot_water_type);
  const solar = hasSolar(answers);
  if (!buildingBand || !people || pool.length === 0 || !hotWater || solar === null) return null;
  const poolOrSpa = pool.some((value) => value === 'pool_pump' || value === 'spa' || value === 'pool_heater');
  const electricWater = hotWater === 'electricity' || hotWater === 'solar_electric';
  return [
    'residential',
    buildingBand,
    people,
    poolOrSpa ? 'pool' : 'no-pool',
    electricWater ? 'electric-water' : 'gas-water',
    solar ? 'solar' : 'no-solar',
  ].join('|');
}

/** The p-quantile of ascending values, interpolated linearly between the two nearest (R's type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of nothing');
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  return low + ((sorted[above] as number) - low) * (position - below);
}

/** kWh a day to 0.1, as shown. */
export const kwhPerDay = (usageMicroKwh: number, days = SIMILAR_HOMES_DAYS) =>
  Math.round(usageMicroKwh / days / 100_000) / 10;
const tenth = (value: number) => Math.round(value * 10) / 10;

/** Opower's words, on the figures as shown: at most the efficient 20% is Great, at most the median Good. */
export function ratingOf(own: number, median: number, efficient: number): SimilarHomesRating {
  if (own <= efficient) return 'great';
  if (own <= median) return 'good';
  return 'more';
}

/** Every home's result, by account id. */
export function compareSimilarHomes(homes: readonly HomeUsage[]): Map<string, SimilarHomesResult> {
  const keyed = homes.map((home) => ({
    home,
    key: home.answers ? groupKeyOf(home.segment, home.answers) : null,
    complete: home.daysWithData >= SIMILAR_HOMES_DAYS,
  }));
  // Each group's qualifying homes' daily kWh, a group being a retailer and a key.
  const groups = new Map<string, number[]>();
  for (const { home, key, complete } of keyed) {
    if (!key || !complete) continue;
    const group = `${home.clientCode}|${key}`;
    const values = groups.get(group) ?? [];
    values.push(home.usageMicroKwh / SIMILAR_HOMES_DAYS / 1_000_000);
    groups.set(group, values);
  }
  const stats = new Map<string, { homes: number; median: number; efficient: number }>();
  for (const [group, values] of groups) {
    if (values.length < SIMILAR_HOMES_MIN_GROUP) continue;
    values.sort((a, b) => a - b);
    stats.set(group, {
      homes: values.length,
      median: tenth(quantile(values, 0.5)),
      efficient: tenth(quantile(values, 0.2)),
    });
  }
  const results = new Map<string, SimilarHomesResult>();
  const empty = {
    ownKwhPerDay: null,
    medianKwhPerDay: null,
    efficientKwhPerDay: null,
    homes: null,
    rating: null,
  };
  for (const { home, key, complete } of keyed) {
    if (!home.answers) results.set(home.accountId, { status: 'no_profile', groupKey: null, ...empty });
    else if (!key) results.set(home.accountId, { status: 'no_group', groupKey: null, ...empty });
    else if (!complete) results.set(home.accountId, { status: 'not_enough_data', groupKey: key, ...empty });
    else {
      const own = kwhPerDay(home.usageMicroKwh);
      const group = stats.get(`${home.clientCode}|${key}`);
      results.set(
        home.accountId,
        group
          ? {
              status: 'compared',
              groupKey: key,
              ownKwhPerDay: own,
              medianKwhPerDay: group.median,
              efficientKwhPerDay: group.efficient,
              homes: group.homes,
              rating: ratingOf(own, group.median, group.efficient),
            }
          : { status: 'small_group', groupKey: key, ...empty, ownKwhPerDay: own },
      );
    }
  }
  return results;
}
