/**
 * The demo data of docs/contracts.md: six accounts with fixed public ids (`demo-other` under a second retailer), the
 * demo tariffs, and 15 months of modelled half-hourly meter data up to yesterday, written as NEM12 and loaded
 * through the importer so that the demo runs the real path. Idempotent: a second run changes nothing, and a
 * run on a later day adds only the days since. Later features add their demo data here.
 */
import { Readable } from 'node:stream';
import {
  addDays,
  type CurtailmentRow,
  demoAccountIds,
  eachDate,
  type MarketSegment,
  marketInstant,
  marketToday,
} from '@portal/contracts';
import { and, eq, inArray, max } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { accountTariffs, meterReads } from '../db/schema.ts';
import { ensureRetailer, findAccountByPublicId, insertAccountIfAbsent } from '../domains/accounts/queries.ts';
import { demoPlans, demoTariffs } from '../domains/billing/demo-tariffs.ts';
import { assignTariffIfAbsent, FROM_THE_START, importTariffs } from '../domains/billing/tariff-store.ts';
import {
  type FileImportResult,
  type ImportSource,
  importNem12Source,
} from '../domains/meter-imports/importer.ts';
import { importCurtailment } from '../domains/tracker/curtailment.ts';
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
}

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

/** The first day still missing for the demo meters, or null when they are complete up to `lastDay`. */
async function firstMissingDay(db: Database, nmis: string[], firstDay: string, lastDay: string) {
  const rows = await db
    .select({ nmi: meterReads.nmi, latest: max(meterReads.readDate) })
    .from(meterReads)
    .where(and(inArray(meterReads.nmi, nmis), eq(meterReads.suffix, 'E1')))
    .groupBy(meterReads.nmi);
  if (rows.length < nmis.length) return firstDay;
  const oldestLatest = rows.map((row) => row.latest ?? firstDay).sort()[0] ?? firstDay;
  if (oldestLatest >= lastDay) return null;
  return oldestLatest < firstDay ? firstDay : addDays(oldestLatest, 1);
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

  const eventResponses = await ensureDemoEvents(db, config, today);
  const metered: MeteredProfile[] = demoAccounts.flatMap((account) =>
    account.profile
      ? [
          {
            nmi: account.nmi,
            profile: { ...account.profile, eventResponses: eventResponses.get(account.publicId) },
          },
        ]
      : [],
  );
  const lastDay = addDays(today, -1);
  const firstDay = addDays(today, -DEMO_HISTORY_DAYS);
  const from = await firstMissingDay(
    db,
    metered.map((meter) => meter.nmi),
    firstDay,
    lastDay,
  );
  let meterData: FileImportResult | null = null;
  if (from) {
    const meter = demoMeterSource(
      `demo-${from}-to-${lastDay}.csv`,
      () => generateNem12(metered, from, lastDay),
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
  return { accountsCreated, accountsPresent: demoAccounts.length - accountsCreated, meterData };
}
