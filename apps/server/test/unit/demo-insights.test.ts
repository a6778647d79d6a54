/**
 * The demo's insights on any day of the year (issue 28 item 6): the seed's own definitions (demoAccounts: usage
 * models, tariff changes, survey answers) modelled and priced as the seed and the importer would, for every
 * seeding day of a year. demo-efficient is Great and demo-heavy is Using more than similar homes, in a group of
 * 24; this quarter is dearer than last year's, for demo-efficient most of all for its prices and for
 * demo-heavy for its usage, whenever the comparison is shown (from a quarter's 15th day).
 */
import {
  addDays,
  DEMO_SIMILAR_HOMES,
  demoAccountIds,
  eachDate,
  type QuarterComparison,
  type Tariff,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_HISTORY_DAYS, type DemoAccount, demoAccounts } from '../../src/demo/seed.ts';
import { modelDay, type UsageProfile } from '../../src/demo/usage-model.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { type DaySpend, priceDay } from '../../src/domains/billing/spend.ts';
import { tariffForDay } from '../../src/domains/billing/tariff.ts';
import { FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { type ComparedDay, compareQuarter } from '../../src/domains/tracker/quarter-comparison.ts';
import { compareSimilarHomes } from '../../src/domains/tracker/similar-homes.ts';
import { similarHomesPeriod } from '../../src/domains/tracker/similar-homes-batch.ts';

/** Every seeding day of a year: each season, and each day of a quarter. */
const SEEDING_DAYS = eachDate('2026-01-01', '2026-12-31');

const tariffsByCode = new Map<string, Tariff>(
  Object.values(demoTariffs).map((tariff) => [tariff.code, tariff]),
);
const demo = (publicId: string) =>
  demoAccounts.find((account) => account.publicId === publicId) as DemoAccount;

/** A memo of `compute` per key. */
function memo<K, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key);
      cache.set(key, value);
    }
    return value;
  };
}

/** The account's usage model on a date as the seed on `today` writes it (its usage change dated from today). */
function profileOn(account: DemoAccount, today: string): UsageProfile {
  const profile = account.profile as UsageProfile;
  const change = account.usageChange;
  return change
    ? { ...profile, sizeFrom: { date: addDays(today, -change.daysAgo), size: change.size } }
    : profile;
}

/** The tariff the seed on `today` gives the account for a date (giveDemoTariffs, then tariffForDay). */
function tariffOn(account: DemoAccount, today: string, date: string): Tariff {
  const assignments = account.tariffs.map((tariff) => ({
    tariff: tariffsByCode.get(tariff.code) as Tariff,
    startDate: tariff.daysAgo === null ? FROM_THE_START : addDays(today, -tariff.daysAgo),
  }));
  return tariffForDay(assignments, date) as Tariff;
}

/** A modelled day priced under a tariff, as the importer's pricing does. */
const pricedDay = memo((key: string): DaySpend => {
  const [seed, size, date, code] = key.split('|') as [string, string, string, string];
  const modelled = modelDay(
    { seed: Number(seed), segment: 'residential', size: Number(size), solarKw: 0, controlledLoad: false },
    date,
  );
  const day = priceDay({
    date,
    tariff: tariffsByCode.get(code) as Tariff,
    channels: [
      {
        suffix: 'E1',
        kind: 'import',
        intervalMinutes: 30,
        values: modelled.imported,
        quality: modelled.quality,
      },
    ],
  });
  if (!day) throw new Error(`no day priced for ${key}`);
  return day;
});

/** The day as the seed on `today` writes and prices it (a home without solar or controlled load). */
function dayOf(account: DemoAccount, today: string, date: string): DaySpend {
  const profile = profileOn(account, today);
  const size = profile.sizeFrom && date >= profile.sizeFrom.date ? profile.sizeFrom.size : profile.size;
  return pricedDay(`${profile.seed}|${size}|${date}|${tariffOn(account, today, date).code}`);
}

function quarterOf(account: DemoAccount, today: string): QuarterComparison {
  const days = new Map<string, ComparedDay>();
  // The seed's 15 months up to yesterday.
  for (const date of eachDate(addDays(today, -DEMO_HISTORY_DAYS), addDays(today, -1)))
    days.set(date, { spend: dayOf(account, today, date), waived: null });
  return compareQuarter({ today, supply: { from: null, to: null }, days, projectedTotal: null });
}

/** The part that moved the difference most. */
const largestPart = (comparison: QuarterComparison) =>
  [...comparison.parts].sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))[0]?.part;

describe('the demo’s insights on every seeding day of a year', () => {
  it('puts the synthetic homes and the two showcases in one group of 24, with survey answers', () => {
    const group = demoAccounts.filter((account) => account.survey);
    expect(group.map((account) => account.publicId)).toEqual([
      demoAccountIds.efficient,
      demoAccountIds.heavy,
      ...Array.from(
        { length: DEMO_SIMILAR_HOMES },
        (_, i) => `demo-similar-${String(i + 1).padStart(2, '0')}`,
      ),
    ]);
    // The accounts of the design show the survey's invitation, as before; the group has no solar, no
    // controlled load (gas hot water) and no business, as dayOf models it.
    for (const id of ['demo-home', 'demo-solar', 'demo-business', 'demo-happy', 'demo-new', 'demo-other'])
      expect(demo(id).survey).toBeUndefined();
    for (const account of group)
      expect(account.profile).toMatchObject({ segment: 'residential', solarKw: 0, controlledLoad: false });
  });

  it('rates demo-efficient Great and demo-heavy Using more than similar homes', () => {
    const group = demoAccounts.filter((account) => account.survey);
    for (const today of SEEDING_DAYS) {
      const period = similarHomesPeriod(today);
      const results = compareSimilarHomes(
        group.map((account) => {
          const dates = eachDate(period.from, period.to);
          return {
            accountId: account.publicId,
            clientCode: 'DEMO',
            segment: account.marketSegment,
            answers: account.survey as unknown as Record<string, unknown>,
            daysWithData: dates.length,
            usageMicroKwh: dates.reduce((sum, date) => sum + dayOf(account, today, date).usageMicroKwh, 0),
          };
        }),
      );
      const efficient = results.get(demoAccountIds.efficient);
      const heavy = results.get(demoAccountIds.heavy);
      expect({ today, efficient: efficient?.rating, heavy: heavy?.rating, homes: heavy?.homes }).toEqual({
        today,
        efficient: 'great',
        heavy: 'more',
        homes: DEMO_SIMILAR_HOMES + 2,
      });
    }
  });

  it('shows this quarter dearer than last year’s: demo-efficient for prices, demo-heavy for usage', () => {
    const outcomes = { shown: 0, notYet: 0 };
    for (const today of SEEDING_DAYS) {
      for (const [id, cause] of [
        [demoAccountIds.efficient, 'prices'],
        [demoAccountIds.heavy, 'usage'],
      ] as const) {
        const comparison = quarterOf(demo(id), today);
        if (!comparison.enough_data) {
          // Only in a quarter's first 14 days (QUARTER_COMPARE_MIN_DAYS): the data is all there.
          expect(comparison.this_year.days, today).toBeLessThan(14);
          outcomes.notYet++;
          continue;
        }
        outcomes.shown++;
        const part = (name: string) => comparison.parts.find((p) => p.part === name)?.amount ?? 0;
        expect({
          today,
          id,
          dearer: (comparison.difference ?? 0) > 0,
          largest: largestPart(comparison),
        }).toEqual({
          today,
          id,
          dearer: true,
          largest: cause,
        });
        expect(part(cause), `${id} on ${today}`).toBeGreaterThan(0);
        // The same dates have data in both years: no days part.
        expect(part('days')).toBe(0);
      }
    }
    expect(outcomes.notYet).toBe(2 * 4 * 14);
    expect(outcomes.shown).toBe(2 * (SEEDING_DAYS.length - 4 * 14));
  });
});
