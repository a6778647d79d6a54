/**
 * The demo data of docs/contracts.md: eight accounts with fixed public ids (`demo-other` under a second retailer),
 * the demo tariffs, and 15 months of modelled half-hourly meter data up to yesterday, written as NEM12 and
 * loaded through the importer so that the demo runs the real path; and 22 synthetic neighbours of demo-efficient
 * and demo-heavy (`demo-similar-01`…) with survey answers and only the weeks the similar-homes comparison reads,
 * which the seed then runs (issue 28). Idempotent: a second run changes nothing, and a run on a later day adds
 * only the days since. Later features add their demo data here.
 */
import { Readable } from 'node:stream';
import {
  addDays,
  type CurtailmentRow,
  DEMO_SIMILAR_HOMES,
  demoAccountIds,
  demoSimilarHomeIds,
  eachDate,
  type MarketSegment,
  marketInstant,
  marketToday,
  type ResidentialProfile,
  type SurveyProfile,
} from '@portal/contracts';
import { and, eq, inArray, isNull, max } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { accounts, accountTariffs, meterReads, profiles } from '../db/schema.ts';
import { ensureRetailer, findAccountByPublicId, insertAccountIfAbsent } from '../domains/accounts/queries.ts';
import { demoPlans, demoTariffs } from '../domains/billing/demo-tariffs.ts';
import { assignTariffIfAbsent, FROM_THE_START, importTariffs } from '../domains/billing/tariff-store.ts';
import {
  type FileImportResult,
  type ImportSource,
  importNem12Source,
} from '../domains/meter-imports/importer.ts';
import { saveProfile } from '../domains/profiles/queries.ts';
import { importCurtailment } from '../domains/tracker/curtailment.ts';
import { runSimilarHomes, similarHomesPeriod } from '../domains/tracker/similar-homes-batch.ts';
import { generateNem12, type MeteredProfile } from './nem12-generator.ts';
import { seedDemoOffers } from './seed-offers.ts';
import { ensureDemoEvents, settleDemoEvents } from './seed-reduce-and-reward.ts';
import { seedDemoSubscriptions } from './seed-subscriptions.ts';
import { modelDay, type UsageProfile } from './usage-model.ts';

export const OTHER_RETAILER = { clientCode: 'OTHER_RETAILER', name: 'Another Energy Co' } as const;

/** Days of demo data: 15 months up to yesterday. */
export const DEMO_HISTORY_DAYS = 457;

export interface DemoAccount {
  publicId: string;
  nmi: string;
  marketSegment: MarketSegment;
  spendTarget: number;
  other?: boolean;
  /** Tariff codes, with the number of days before the seeding day that each starts (null: from the start). */
  tariffs: { code: string; daysAgo: number | null }[];
  /** Usage model; none for an account with no meter data yet. */
  profile?: UsageProfile;
  /** From this many days before the seeding day on, the load is scaled by `size` (UsageProfile.sizeFrom). */
  usageChange?: { daysAgo: number; size: number };
  /** Survey answers given once (again after `portal demo reset`); none: the survey's invitation shows. */
  survey?: SurveyProfile;
  /** Meter data only for the weeks the similar-homes comparison reads (and this week), not 15 months. */
  comparedWeeksOnly?: boolean;
}

/**
 * The survey answers of a two-person house with gas hot water, no pool and no solar: demo-efficient's and
 * demo-heavy's group (docs/tracker-figures.md#similar-homes). The answers that do not group homes vary.
 */
function twoPersonHouse(variant: number): ResidentialProfile {
  return {
    tenancy: variant % 3 === 0 ? 'rent' : 'own',
    building_type: variant % 4 === 3 ? 'townhouse' : 'house',
    bedrooms_qty: variant % 2 === 0 ? '2' : '3',
    household_size: '2',
    heating_type: variant % 3 === 1 ? ['gas_space_heating'] : ['electricity_reverse_cycle'],
    hot_water_type: 'gas',
    aircon_qty: variant % 3 === 1 ? '0' : '1',
    pool_or_spa: ['no'],
    solar_panels: 'no',
    home_battery: 'no',
    electric_car: 'no',
    load_disag: variant % 2 === 0 ? ['fridge_freezer', 'tv', 'washing_machine'] : ['skip'],
  };
}

/**
 * The homes demo-efficient and demo-heavy are compared with: their usage spread from 0.55 to 1.05 times an
 * average 3-person home's, so demo-efficient (0.42) is always among the efficient 20% and demo-heavy (1.4 since
 * it started working from home) always above the median, on any day of the year (test/unit/demo-insights.test.ts).
 */
const similarHomes: DemoAccount[] = demoSimilarHomeIds.map((publicId, index) => ({
  publicId,
  nmi: `60010001${String(index + 1).padStart(2, '0')}`,
  marketSegment: 'residential',
  spendTarget: 0,
  tariffs: [{ code: demoTariffs.flat.code, daysAgo: null }],
  profile: {
    seed: 200 + index,
    segment: 'residential',
    size: 0.55 + (0.5 * index) / (DEMO_SIMILAR_HOMES - 1),
    solarKw: 0,
    controlledLoad: false,
  },
  survey: twoPersonHouse(index),
  comparedWeeksOnly: true,
}));

/** When demo-efficient's prices rose (FLAT-2025 to FLAT-2026): after last year's quarter, before this one. */
export const DEMO_PRICE_RISE_DAYS_AGO = 120;
/** When demo-heavy started working from home, using 1.4 times an average home's load instead of 0.95. */
export const DEMO_USAGE_RISE_DAYS_AGO = 150;

export const demoAccounts: DemoAccount[] = [
  {
    publicId: demoAccountIds.home,
    nmi: '6001000001',
    marketSegment: 'residential',
    spendTarget: 40,
    // A plan change mid-quarter: flat rate until five weeks ago, then time of use.
    tariffs: [
      { code: demoTariffs.flat.code, daysAgo: null },
      { code: demoTariffs.timeOfUse.code, daysAgo: 35 },
    ],
    profile: { seed: 11, segment: 'residential', size: 1, solarKw: 0, controlledLoad: true },
  },
  {
    publicId: demoAccountIds.solar,
    nmi: '6001000002',
    marketSegment: 'residential',
    spendTarget: 30,
    tariffs: [{ code: demoTariffs.solar.code, daysAgo: null }],
    profile: { seed: 22, segment: 'residential', size: 1.15, solarKw: 6.6, controlledLoad: false },
  },
  {
    publicId: demoAccountIds.business,
    nmi: '6001000003',
    marketSegment: 'sme',
    spendTarget: 0,
    tariffs: [{ code: demoTariffs.timeOfUse.code, daysAgo: null }],
    profile: { seed: 33, segment: 'sme', size: 1, solarKw: 0, controlledLoad: false },
  },
  {
    publicId: demoAccountIds.happy,
    nmi: '6001000004',
    marketSegment: 'residential',
    spendTarget: 35,
    tariffs: [{ code: demoTariffs.flat.code, daysAgo: null }],
    profile: { seed: 44, segment: 'residential', size: 0.85, solarKw: 0, controlledLoad: false },
  },
  {
    publicId: demoAccountIds.fresh,
    nmi: '6001000005',
    marketSegment: 'residential',
    spendTarget: 0,
    tariffs: [{ code: demoTariffs.flat.code, daysAgo: null }],
  },
  {
    publicId: demoAccountIds.other,
    nmi: '6001000006',
    marketSegment: 'residential',
    spendTarget: 0,
    other: true,
    tariffs: [{ code: demoTariffs.flat.code, daysAgo: null }],
    profile: { seed: 66, segment: 'residential', size: 1.2, solarKw: 0, controlledLoad: false },
  },
  // Issue 28: Great against similar homes, and this quarter dearer than last year's for its prices.
  {
    publicId: demoAccountIds.efficient,
    nmi: '6001000007',
    marketSegment: 'residential',
    spendTarget: 0,
    tariffs: [
      { code: demoTariffs.flat2025.code, daysAgo: null },
      { code: demoTariffs.flat.code, daysAgo: DEMO_PRICE_RISE_DAYS_AGO },
    ],
    profile: { seed: 77, segment: 'residential', size: 0.42, solarKw: 0, controlledLoad: false },
    survey: twoPersonHouse(DEMO_SIMILAR_HOMES),
  },
  // Issue 28: Using more than similar homes, and this quarter dearer than last year's for its usage.
  {
    publicId: demoAccountIds.heavy,
    nmi: '6001000008',
    marketSegment: 'residential',
    spendTarget: 0,
    tariffs: [{ code: demoTariffs.flat.code, daysAgo: null }],
    profile: { seed: 88, segment: 'residential', size: 0.95, solarKw: 0, controlledLoad: false },
    usageChange: { daysAgo: DEMO_USAGE_RISE_DAYS_AGO, size: 1.4 },
    survey: twoPersonHouse(DEMO_SIMILAR_HOMES + 1),
  },
  ...similarHomes,
];

/**
 * Solar Advantage curtailment for demo-solar over the last 120 days: on the sunniest days (more than 20 kWh
 * exported) the network limited exports for 1 to 3 hours around noon; the trial credits 45 c per kWh held back.
 */
export function demoCurtailment(profile: UsageProfile, nmi: string, today: string): CurtailmentRow[] {
  return eachDate(addDays(today, -120), addDays(today, -1)).flatMap((date) => {
    const exported = (modelDay(profile, date).exported ?? []).reduce((sum, value) => sum + value, 0) / 1e6;
    if (exported <= 20) return [];
    const hours = Math.min(3, Math.round((exported - 20) / 4) * 0.5 + 1);
    const kwh = Math.round(exported * 0.12 * 1000) / 1000;
    return [{ nmi, date, hours_curtailed: hours, kwh_curtailed: kwh, benefit: Math.round(kwh * 45) / 100 }];
  });
}

export interface SeedSummary {
  accountsCreated: number;
  accountsPresent: number;
  meterData: FileImportResult | null;
}

export interface SeedOptions {
  /** The seeding day (AEST); data runs to the day before. Default: today. */
  today?: string;
  /** Progress of the meter data, the long part of a first seed: bytes of NEM12 loaded of the total. */
  onMeterData?: (done: number, total: number) => void;
}

/**
 * Each demo meter from the first day it still misses (its own first day when it has none, the day after its
 * latest otherwise); meters complete up to `lastDay` are left out.
 */
async function missingMeters(
  db: Database,
  meters: readonly (MeteredProfile & { from: string })[],
  lastDay: string,
): Promise<(MeteredProfile & { from: string })[]> {
  const rows = await db
    .select({ nmi: meterReads.nmi, latest: max(meterReads.readDate) })
    .from(meterReads)
    .where(
      and(
        inArray(
          meterReads.nmi,
          meters.map((meter) => meter.nmi),
        ),
        eq(meterReads.suffix, 'E1'),
      ),
    )
    .groupBy(meterReads.nmi);
  const latest = new Map(rows.map((row) => [row.nmi, row.latest]));
  return meters.flatMap((meter) => {
    const last = latest.get(meter.nmi);
    if (!last || last < meter.from) return [meter];
    return last >= lastDay ? [] : [{ ...meter, from: addDays(last, 1) }];
  });
}

/** The demo accounts' survey answers, for those that have none (a visitor's own answers stay). */
async function giveDemoProfiles(db: Database): Promise<void> {
  const surveyed = demoAccounts.filter((account) => account.survey);
  const rows = await db
    .select({ id: accounts.id, publicId: accounts.publicId, profile: profiles.id })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(
      inArray(
        accounts.publicId,
        surveyed.map((account) => account.publicId),
      ),
    );
  const answered = new Set(rows.filter((row) => row.profile !== null).map((row) => row.publicId));
  for (const row of rows) {
    const account = surveyed.find((demo) => demo.publicId === row.publicId);
    if (!account?.survey || answered.has(row.publicId)) continue;
    answered.add(row.publicId);
    // As the survey's PATCH stores them: the profile and completed_survey in one transaction.
    await saveProfile(db, {
      accountId: row.id,
      segment: account.marketSegment,
      answers: account.survey,
      source: 'survey',
    });
  }
}

/** The account's demo tariffs as of the seeding day, unless it has tariffs already. */
export async function giveDemoTariffs(db: Database, account: DemoAccount, accountId: string, today: string) {
  const existing = await db.select().from(accountTariffs).where(eq(accountTariffs.accountId, accountId));
  if (existing.length > 0) return;
  for (const tariff of account.tariffs) {
    const start = tariff.daysAgo === null ? FROM_THE_START : addDays(today, -tariff.daysAgo);
    await assignTariffIfAbsent(db, accountId, tariff.code, start);
  }
}

/**
 * The demo meter data as one generated NEM12 file. The importer reads a source twice (months, then reads):
 * the first reading counts the bytes, so the second can report its progress against them.
 */
function demoMeterSource(
  name: string,
  generate: () => Iterable<string>,
  onBytes?: (done: number, total: number) => void,
): { source: ImportSource; onBytes: (bytes: number) => void } {
  let opened = 0;
  let total = 0;
  let done = 0;
  return {
    source: {
      name,
      open: async () => {
        const first = opened++ === 0;
        return Readable.from(
          (function* () {
            for (const chunk of generate()) {
              if (first) total += Buffer.byteLength(chunk);
              yield chunk;
            }
          })(),
        );
      },
    },
    onBytes: (bytes) => {
      done += bytes;
      onBytes?.(done, Math.max(total, done));
    },
  };
}

/**
 * The demo account's own row, whatever link it has now: the account of its retailer that holds its meter from the
 * start (no supply start; at most one such account per meter, by the database's one-holder rule). Found so, not
 * by its public id, because an operator may have rotated the link (`portal accounts rotate-link`): the seed at
 * the server's start would then try to make the account again, and the meter's holder refused it.
 */
export async function demoAccountRow(
  db: Database,
  account: DemoAccount,
  ownClientCode: string,
): Promise<{ id: string; publicId: string } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, publicId: accounts.publicId })
    .from(accounts)
    .where(
      and(
        eq(accounts.clientCode, account.other ? OTHER_RETAILER.clientCode : ownClientCode),
        eq(accounts.nmi, account.nmi),
        isNull(accounts.supplyFrom),
      ),
    );
  return row;
}

export async function seedDemo(
  db: Database,
  config: Config,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const today = options.today ?? marketToday();
  const own = config.client.clientCode;
  const { accountsCreated } = await db.transaction(async (tx) => {
    await ensureRetailer(tx, own, config.client.retailer.name);
    await ensureRetailer(tx, OTHER_RETAILER.clientCode, OTHER_RETAILER.name);
    await importTariffs(tx, Object.values(demoTariffs));
    // The plans on offer (issue 17): no account is on them, so no figure of the Tracker changes.
    await importTariffs(tx, demoPlans);
    let created = 0;
    for (const account of demoAccounts) {
      // There under another link (rotated): the reset puts the demo link back; the seed leaves it.
      if (await demoAccountRow(tx, account, own)) continue;
      const isNew = await insertAccountIfAbsent(tx, {
        publicId: account.publicId,
        nmi: account.nmi,
        marketSegment: account.marketSegment,
        spendTarget: account.spendTarget,
        clientCode: account.other ? OTHER_RETAILER.clientCode : own,
        email: `${account.publicId}@customers.example`,
      });
      if (!isNew) continue;
      created++;
      // Tariffs are given once, when the account is made: a plan change stays where it was first put.
      const row = await findAccountByPublicId(tx, account.publicId);
      if (row) await giveDemoTariffs(tx, account, row.id, today);
    }
    return { accountsCreated: created };
  });

  await giveDemoProfiles(db);

  const eventResponses = await ensureDemoEvents(db, config, today);
  const lastDay = addDays(today, -1);
  const firstDay = addDays(today, -DEMO_HISTORY_DAYS);
  const comparedFrom = similarHomesPeriod(today).from;
  const metered = demoAccounts.flatMap((account) =>
    account.profile
      ? [
          {
            nmi: account.nmi,
            profile: {
              ...account.profile,
              eventResponses: eventResponses.get(account.publicId),
              ...(account.usageChange
                ? {
                    sizeFrom: {
                      date: addDays(today, -account.usageChange.daysAgo),
                      size: account.usageChange.size,
                    },
                  }
                : {}),
            },
            from: account.comparedWeeksOnly ? comparedFrom : firstDay,
          },
        ]
      : [],
  );
  const missing = await missingMeters(db, metered, lastDay);
  const from = missing.map((meter) => meter.from).sort()[0];
  let meterData: FileImportResult | null = null;
  if (from) {
    const meter = demoMeterSource(
      `demo-${from}-to-${lastDay}.csv`,
      () => generateNem12(missing, from, lastDay),
      options.onMeterData,
    );
    meterData = await importNem12Source(db, meter.source, { batchSize: 1000, onBytes: meter.onBytes });
    if (meterData.status === 'rejected') {
      throw new Error(`demo meter data rejected: ${meterData.error?.line}: ${meterData.error?.reason}`);
    }
  }
  const solar = demoAccounts.find((account) => account.publicId === demoAccountIds.solar);
  if (solar?.profile) await importCurtailment(db, demoCurtailment(solar.profile, solar.nmi, today));
  await seedDemoOffers(db, today);
  await seedDemoSubscriptions(db, today);
  await settleDemoEvents(db, config, options.today ? marketInstant(options.today) : undefined);
  // Similar homes as the weekly batch leaves them, so that the demo links show the comparison at once.
  await runSimilarHomes(db, { today });
  return { accountsCreated, accountsPresent: demoAccounts.length - accountsCreated, meterData };
}
