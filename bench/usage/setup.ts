/**
 * The data set of the usage load benchmark (run.ts): a PostgreSQL database `portal_bench_usage_<accounts>` with
 * `accounts` accounts `bench-000001`… of the server's retailer, each with `days` days of half-hourly meter data
 * up to yesterday (AEST), modelled by the demo's generator (benchmarkNmi, benchmarkProfile) and loaded through
 * the real importer, one NEM12 file per chunk of meters. Tariffs are the demo's: solar for solar profiles,
 * flat or time of use for the others, some with a plan change five weeks before the data's end; half the solar
 * accounts are in the Solar Advantage trial (demo curtailment). Migrations run through openDatabase.
 *
 * Idempotent and resumable: each chunk is checked first and skipped when complete; an interrupted chunk was
 * one transaction and is redone; on a later day only the missing days are added. Memory stays flat (the
 * NEM12 text streams from the generator into the importer), so 10,000 accounts take longer, not more memory.
 * Offers: Reduce & Be Rewarded for all, Happy Hours for the non-solar accounts (a quarter with a slot).
 * Reduce & Reward: `--events` events (20 by default) over those days, each inviting every account, settled.
 * Survey answers (issue 28): four accounts in five answered the survey of their segment, with answers that agree
 * with their usage model (benchmarkSurvey), so `portal insights similar-homes` has groups to compare.
 * `--database` writes to another database than `portal_bench_usage_<accounts>` (a copy of it, say).
 *   node --import tsx bench/usage/setup.ts [--accounts 1000] [--days 400] [--events 20] [--chunk 100]
 *     [--postgres postgres://…/postgres] [--database name]
 */
import { parseArgs } from 'node:util';
import {
  addDays,
  dayOfWeek,
  daysBetween,
  marketInstant,
  marketToday,
  type ResidentialProfile,
  type SmeProfile,
  type SurveyProfile,
  type TimeSlotId,
  timeSlotIds,
} from '@portal/contracts';
import { and, count, eq, inArray, max, min } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type Database, openDatabase } from '../../apps/server/src/db/index.ts';
import { drEvents } from '../../apps/server/src/db/schema/reduce-and-reward.ts';
import { type AccountRow, meterReads, profiles } from '../../apps/server/src/db/schema.ts';
import {
  benchmarkNmi,
  benchmarkProfile,
  generateNem12,
  type MeteredProfile,
} from '../../apps/server/src/demo/nem12-generator.ts';
import { demoCurtailment } from '../../apps/server/src/demo/seed.ts';
import {
  ensureRetailer,
  findAccountByPublicId,
  insertAccountIfAbsent,
} from '../../apps/server/src/domains/accounts/queries.ts';
import { demoTariffs } from '../../apps/server/src/domains/billing/demo-tariffs.ts';
import {
  assignTariffIfAbsent,
  FROM_THE_START,
  importTariffs,
} from '../../apps/server/src/domains/billing/tariff-store.ts';
import { importNem12Source, textSource } from '../../apps/server/src/domains/meter-imports/importer.ts';
import { chooseSlot, inviteToHappyHours } from '../../apps/server/src/domains/offers/happy-hours.ts';
import { inviteToHereForYou } from '../../apps/server/src/domains/offers/reduce-and-be-rewarded.ts';
import { saveProfile } from '../../apps/server/src/domains/profiles/queries.ts';
import { createEvent } from '../../apps/server/src/domains/reduce-and-reward/events.ts';
import { settleEvents } from '../../apps/server/src/domains/reduce-and-reward/settle-events.ts';
import { importCurtailment } from '../../apps/server/src/domains/tracker/curtailment.ts';
import { benchPublicId, DEFAULT_ADMIN_URL, databaseName, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    days: { type: 'string', default: '400' },
    events: { type: 'string', default: '20' },
    chunk: { type: 'string', default: '100' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
    database: { type: 'string' },
  },
});
const accountCount = Number(args.accounts);
const dayCount = Number(args.days);
const chunkSize = Number(args.chunk);
if (!(accountCount > 0 && dayCount > 0 && chunkSize > 0)) throw new Error('--accounts, --days, --chunk: > 0');

const today = marketToday();
const lastDay = addDays(today, -1);
const firstDay = addDays(lastDay, -(dayCount - 1));
const name = args.database ?? databaseName(accountCount);
const url = databaseUrl(args.postgres, name);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const admin = new pg.Client({ connectionString: args.postgres });
await admin.connect();
const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
if (exists.rowCount === 0) {
  await admin.query(`create database ${name}`);
  console.info(`created database ${name}`);
} else {
  console.info(`database ${name} exists: checking it`);
}
await admin.end();

const config = loadConfig();
const { clientCode } = config.client;
const handle = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
const { db } = handle;
await ensureRetailer(db, clientCode, config.client.retailer.name);
await importTariffs(db, Object.values(demoTariffs));

interface BenchAccount extends MeteredProfile {
  index: number;
  publicId: string;
}

const benchAccount = (index: number): BenchAccount => ({
  index,
  publicId: benchPublicId(index),
  nmi: benchmarkNmi(index),
  profile: benchmarkProfile(index),
});

/** Tariffs of a new account: solar for solar, else flat or time of use; one in seven changes plan. */
function tariffsOf(account: BenchAccount): { code: string; start: string }[] {
  if (account.profile.solarKw > 0) return [{ code: demoTariffs.solar.code, start: FROM_THE_START }];
  if (account.index % 7 === 1) {
    return [
      { code: demoTariffs.flat.code, start: FROM_THE_START },
      { code: demoTariffs.timeOfUse.code, start: addDays(lastDay, -35) },
    ];
  }
  const code = account.index % 3 === 1 ? demoTariffs.flat.code : demoTariffs.timeOfUse.code;
  return [{ code, start: FROM_THE_START }];
}

/**
 * The survey answers of a benchmark account, agreeing with its usage model (a business or a home, solar, an
 * electric hot-water circuit), or null for the one in five that has not answered. The answers that group homes
 * (docs/tracker-figures.md#similar-homes) take a few common values, so that at 1,000 accounts some groups reach
 * 20 homes and others stay hidden, as with a retailer's customers; one home in 23 would rather not say how many
 * live there (no group).
 */
function benchmarkSurvey(account: BenchAccount): SurveyProfile | null {
  const { index, profile } = account;
  if (index % 5 === 4) return null;
  if (profile.segment === 'sme') {
    const business: SmeProfile = {
      employee_number:
        profile.size < 0.9 ? 'less_than_five' : profile.size < 1.3 ? 'five_to_ten' : 'ten_to_fifteen',
      shifts: 'single',
      tenancy: 'lease',
      business_type: index % 20 === 9 ? 'retail' : 'office',
      monthly_outgoings_energy_spend: 'not_sure',
      heating_cooling_cost: 'yes',
      roof: 'yes',
      solar_panels: profile.solarKw > 0 ? 'four_to_ten_kW' : 'no',
      decisions: 'owner',
    };
    return business;
  }
  const home: ResidentialProfile = {
    tenancy: index % 3 === 0 ? 'rent' : 'own',
    building_type: index % 4 === 0 ? 'apartment' : 'house',
    bedrooms_qty: index % 4 === 0 ? '2' : '3',
    household_size: index % 23 === 0 ? 'skip' : profile.size < 0.85 ? '2' : profile.size < 1.25 ? '3' : '5',
    heating_type: ['electricity_reverse_cycle'],
    hot_water_type: profile.controlledLoad || index % 3 !== 2 ? 'electricity' : 'gas',
    aircon_qty: '1',
    pool_or_spa: index % 10 === 3 ? ['pool_pump'] : ['no'],
    solar_panels:
      profile.solarKw === 0
        ? 'no'
        : profile.solarKw <= 3
          ? 'three_kW'
          : profile.solarKw <= 6
            ? 'four_to_six_kW'
            : 'seven_to_ten_kW',
    ...(profile.solarKw > 0 ? { solar_panels_size: profile.solarKw } : {}),
    home_battery: 'no',
    electric_car: 'no',
    load_disag: ['skip'],
  };
  return home;
}

/** Creates the chunk's accounts that do not exist yet, with their tariffs; returns how many were new. */
async function ensureAccounts(chunk: readonly BenchAccount[]): Promise<number> {
  return db.transaction(async (tx) => {
    let created = 0;
    for (const account of chunk) {
      const isNew = await insertAccountIfAbsent(tx, {
        publicId: account.publicId,
        nmi: account.nmi,
        marketSegment: account.profile.segment,
        spendTarget: account.index % 4 === 0 ? 0 : 20 + (account.index % 60),
        clientCode,
        email: `${account.publicId}@customers.example`,
      });
      if (!isNew) continue;
      created++;
      const row = await findAccountByPublicId(tx, account.publicId);
      if (!row) throw new Error(`${account.publicId} not found after insert`);
      for (const tariff of tariffsOf(account))
        await assignTariffIfAbsent(tx, row.id, tariff.code, tariff.start);
    }
    return created;
  });
}

/** The days to load for a chunk: all of them, the missing recent ones, or none when it is complete. */
async function missingRange(chunk: readonly BenchAccount[]): Promise<{ from: string; to: string } | null> {
  const rows = await db
    .select({
      nmi: meterReads.nmi,
      first: min(meterReads.readDate),
      last: max(meterReads.readDate),
      days: count(),
    })
    .from(meterReads)
    .where(
      and(
        inArray(
          meterReads.nmi,
          chunk.map((account) => account.nmi),
        ),
        eq(meterReads.suffix, 'E1'),
      ),
    )
    .groupBy(meterReads.nmi);
  const whole = { from: firstDay, to: lastDay };
  if (rows.length < chunk.length) return whole;
  for (const row of rows) {
    if (!row.first || !row.last || row.first > firstDay) return whole;
    // A gap (say, an earlier run on another day with other --days) is filled by loading everything again.
    if (row.days < daysBetween(row.first, row.last) + 1) return whole;
  }
  const oldestLast = rows.map((row) => row.last as string).sort()[0] as string;
  return oldestLast >= lastDay ? null : { from: addDays(oldestLast, 1), to: lastDay };
}

async function enrolInTrial(chunk: readonly BenchAccount[]): Promise<void> {
  const rows = chunk
    .filter((account) => account.profile.solarKw > 0 && account.index % 2 === 0)
    .flatMap((account) => demoCurtailment(account.profile, account.nmi, today));
  if (rows.length > 0) await importCurtailment(db, rows);
}

const chunks = Math.ceil(accountCount / chunkSize);
let totals = { created: 0, written: 0, values: 0, loadedChunks: 0 };
console.info(
  `${accountCount.toLocaleString('en-AU')} accounts x ${dayCount} days (${firstDay} to ${lastDay}), ` +
    `${chunks} chunks of ${chunkSize} meters`,
);
for (let c = 0; c < chunks; c++) {
  const chunkStarted = performance.now();
  const chunk = Array.from({ length: Math.min(chunkSize, accountCount - c * chunkSize) }, (_, i) =>
    benchAccount(c * chunkSize + i),
  );
  const label = `chunk ${c + 1}/${chunks} (${chunk[0]?.publicId}..${chunk.at(-1)?.publicId})`;
  const created = await ensureAccounts(chunk);
  const range = await missingRange(chunk);
  if (!range) {
    if (created > 0) console.info(`${label}: ${created} accounts created, meter data complete`);
    totals = { ...totals, created: totals.created + created };
    continue;
  }
  const result = await importNem12Source(
    db as Database,
    textSource(`bench-usage-${c + 1}-${range.from}-to-${range.to}.csv`, () =>
      generateNem12(chunk, range.from, range.to),
    ),
    { batchSize: 1000 },
  );
  if (result.status === 'rejected') {
    throw new Error(`${label} rejected: ${result.error?.line}: ${result.error?.reason}`);
  }
  if (range.from === firstDay) await enrolInTrial(chunk);
  const seconds = (performance.now() - chunkStarted) / 1000;
  totals = {
    created: totals.created + created,
    written: totals.written + result.written,
    values: totals.values + result.values,
    loadedChunks: totals.loadedChunks + 1,
  };
  const perChunk = (performance.now() - started) / 1000 / (c + 1);
  console.info(
    `${label}: ${created} accounts created; ${range.from} to ${range.to}: ${result.written.toLocaleString('en-AU')} day rows, ` +
      `${result.values.toLocaleString('en-AU')} values in ${seconds.toFixed(1)} s ` +
      `(${Math.round(result.values / seconds).toLocaleString('en-AU')} values/s); ` +
      `elapsed ${elapsed()}, about ${Math.round(perChunk * (chunks - c - 1))} s to go; ` +
      `rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
  );
}

// Reduce & Reward: `--events` weekday evening events spread over the data's days, every account invited,
// settled by the real settlement (baselines from the meter data), so each account has that many results.
const eventCount = Number(args.events);
const eventReference = (n: number) => `bench-event-${n}-of-${eventCount}`;
let eventsCreated = 0;
for (let n = 1; n <= eventCount; n++) {
  const [existing] = await db
    .select({ id: drEvents.id })
    .from(drEvents)
    .where(eq(drEvents.reference, eventReference(n)));
  if (existing) continue;
  let date = addDays(firstDay, Math.round((n * (dayCount - 1)) / (eventCount + 1)));
  while (dayOfWeek(date) >= 5) date = addDays(date, -1);
  await createEvent(db, {
    clientCode,
    startsAt: marketInstant(date, 17 * 60 + 30),
    endsAt: marketInstant(date, 19 * 60 + 30),
    factor: -0.3,
    reference: eventReference(n),
    invite: 'all',
  });
  eventsCreated++;
}
const settled = (await settleEvents(db, { clientCode })) ?? [];
console.info(
  `events: ${eventsCreated} created, ${settled.length} settled (${eventCount} per account); elapsed ${elapsed()}`,
);

// Offers: every account invited to Reduce & Be Rewarded; the non-solar ones to Happy Hours, where one in
// four chose a slot two months ago (so free hours price part of their data, as for a real participant).
const everyAccount = Array.from({ length: accountCount }, (_, index) => benchAccount(index));
const rows = new Map<string, AccountRow>();
for (const account of everyAccount) {
  const row = await findAccountByPublicId(db, account.publicId);
  if (row) rows.set(account.publicId, row);
}
const rowsOf = (list: readonly BenchAccount[]) => list.flatMap((account) => rows.get(account.publicId) ?? []);
const nonSolar = everyAccount.filter((account) => account.profile.solarKw === 0);
const happy = await inviteToHappyHours(db, rowsOf(nonSolar), clientCode);
const hereForYou = await inviteToHereForYou(db, rowsOf(everyAccount), clientCode);
let slotsChosen = 0;
if (happy.invited.length > 0) {
  const chosenAt = marketInstant(addDays(today, -60), 9 * 60);
  for (const [i, row] of rowsOf(nonSolar).entries()) {
    if (i % 4 !== 0) continue;
    await chooseSlot(db, row, timeSlotIds[i % timeSlotIds.length] as TimeSlotId, chosenAt);
    slotsChosen++;
  }
}
console.info(
  `offers: ${happy.invited.length} invited to Happy Hours (${slotsChosen} chose a slot), ` +
    `${hereForYou.invited.length} to Reduce & Be Rewarded; elapsed ${elapsed()}`,
);

// Survey answers, once: an account that has a profile keeps it.
const answered = new Set(
  (await db.selectDistinct({ accountId: profiles.accountId }).from(profiles)).map((row) => row.accountId),
);
let surveysGiven = 0;
let surveysHeld = 0;
for (const account of everyAccount) {
  const row = rows.get(account.publicId);
  const answers = benchmarkSurvey(account);
  if (!row || !answers) continue;
  if (answered.has(row.id)) {
    surveysHeld++;
    continue;
  }
  await saveProfile(db, { accountId: row.id, segment: account.profile.segment, answers, source: 'survey' });
  surveysGiven++;
}
console.info(`survey answers: ${surveysGiven} given, ${surveysHeld} already there; elapsed ${elapsed()}`);

await handle.close();
const client = new pg.Client({ connectionString: url });
await client.connect();
if (totals.loadedChunks > 0 || eventsCreated > 0 || happy.invited.length > 0 || surveysGiven > 0) {
  console.info('vacuum analyze (planner statistics for the new data)…');
  await client.query('vacuum analyze');
}
const summary = (
  await client.query<{ accounts: string; rows: string; size: string }>(
    `select (select count(*) from accounts where public_id like 'bench-%') as accounts,
            (select count(*) from meter_reads) as rows,
            pg_size_pretty(pg_database_size(current_database())) as size`,
  )
).rows[0];
await client.end();
console.info(
  `${name}: ${Number(summary?.accounts).toLocaleString('en-AU')} bench accounts, ` +
    `${Number(summary?.rows).toLocaleString('en-AU')} day rows, ${summary?.size}; ` +
    (totals.loadedChunks === 0
      ? 'meter data complete, reused as it was'
      : `${totals.created} accounts created, ${totals.loadedChunks} chunks loaded, ` +
        `${totals.values.toLocaleString('en-AU')} values`) +
    `; ${surveysGiven} survey answers given; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; ${elapsed()}`,
);
