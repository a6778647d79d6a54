/**
 * Where one usage request's time goes, stage by stage, in this process and one request at a time (no load):
 * the server's own functions on the benchmark database, for random accounts and weeks, after a warm-up pass.
 * The queries are also run as plain SQL with the values left as text, to split database time from decoding,
 * and the reads at a smaller window, to see what the look-back costs. Profiling aid for run.ts.
 *   node --import tsx bench/usage/stages.ts [--accounts 1000] [--samples 300] [--postgres postgres://…/postgres]
 */
import { parseArgs } from 'node:util';
import {
  addDays,
  daysBetween,
  marketToday,
  weekStart as mondayOf,
  usageResponseSchema,
} from '@portal/contracts';
import pg from 'pg';
import { safeEncode } from 'zod/v4/core';
// The app's decorations that routes.ts relies on (types only).
import type {} from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import type { AccountRow } from '../../apps/server/src/db/schema.ts';
import { findAccountByPublicId } from '../../apps/server/src/domains/accounts/queries.ts';
import { toCustomer } from '../../apps/server/src/domains/accounts/routes.ts';
import { type ChannelDay, priceDays } from '../../apps/server/src/domains/billing/spend.ts';
import { tariffAssignmentsOf } from '../../apps/server/src/domains/billing/tariff-store.ts';
import { energyReadsForNmi, type StoredDayRead } from '../../apps/server/src/domains/meter-data/queries.ts';
import { curtailmentFor } from '../../apps/server/src/domains/tracker/curtailment.ts';
import { qualityOf, usageFor } from '../../apps/server/src/domains/tracker/usage-service.ts';
import { buildUsageResponse, LOOKBACK_WEEKS } from '../../apps/server/src/domains/tracker/week.ts';
import { DEFAULT_ADMIN_URL, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    samples: { type: 'string', default: '300' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
  },
});
const url = databaseUrl(args.postgres, Number(args.accounts));
const handle = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false });
const { db } = handle;
const raw = new pg.Client({ connectionString: url });
await raw.connect();

const { rows: accounts } = await raw.query<{ publicId: string; nmi: string; first: string; last: string }>(
  `select a.public_id as "publicId", a.nmi, min(m.read_date)::text as first, max(m.read_date)::text as last
     from accounts a join meter_reads m on m.nmi = a.nmi and m.suffix = 'E1'
    where a.public_id like 'bench-%' group by a.public_id, a.nmi`,
);
const today = marketToday();
const pick = () => accounts[Math.floor(Math.random() * accounts.length)] as (typeof accounts)[number];
const samples = Array.from({ length: Number(args.samples) }, () => {
  const account = pick();
  const from = addDays(
    account.first,
    Math.floor(Math.random() * (daysBetween(account.first, account.last) + 1)),
  );
  return { publicId: account.publicId, weekStart: mondayOf(from) };
});

const toChannelDay = (read: StoredDayRead): ChannelDay & { date: string } => ({
  date: read.readDate,
  suffix: read.suffix,
  kind: read.kind as ChannelDay['kind'],
  intervalMinutes: read.intervalMinutes,
  values: read.intervalValues,
  quality: read.quality,
});

const readsSql = `select read_date, suffix, kind, interval_minutes, interval_values::text as values, quality
  from meter_reads where nmi = $1 and read_date between $2 and $3 and kind in ('import', 'export')
  order by read_date, suffix`;

const timings = new Map<string, number[]>();
async function time<T>(stage: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await work();
  const list = timings.get(stage) ?? [];
  list.push(performance.now() - started);
  timings.set(stage, list);
  return result;
}

async function oneRequest(sample: (typeof samples)[number]) {
  const account = (await time('1 account look-up (query)', () =>
    findAccountByPublicId(db, sample.publicId),
  )) as AccountRow;
  const assignments = await time('2 tariff assignments (query)', () => tariffAssignmentsOf(db, account.id));
  const from = addDays(sample.weekStart, -7 * LOOKBACK_WEEKS);
  const to = addDays(sample.weekStart, 13);
  const reads = await time(`3 reads, ${daysBetween(from, to) + 1} days (query + decoding)`, () =>
    energyReadsForNmi(db, account.nmi, from, to),
  );
  await time('3a  the same reads as text, not decoded (plain pg)', () =>
    raw.query(readsSql, [account.nmi, from, to]),
  );
  await time('3b  the same reads, decoded by pg, no Drizzle mapping (plain pg)', () =>
    raw.query(readsSql.replace('interval_values::text as values', 'interval_values as values'), [
      account.nmi,
      from,
      to,
    ]),
  );
  const shortFrom = addDays(sample.weekStart, -7 * 5);
  await time(`3c  reads, ${daysBetween(shortFrom, to) + 1} days (5 weeks back)`, () =>
    energyReadsForNmi(db, account.nmi, shortFrom, to),
  );
  const curtailment = await time('4 curtailment (query, trial accounts only)', () =>
    curtailmentFor(db, account, sample.weekStart),
  );
  const complete = reads.filter((read) => read.readDate < today);
  const days = await time('5 pricing (priceDays)', () =>
    priceDays({ reads: complete.map(toChannelDay), assignments }),
  );
  const quality = await time('6 quality shares (qualityOf)', () => qualityOf(complete));
  const solarDates = new Set(complete.filter((read) => read.kind === 'export').map((read) => read.readDate));
  // The forecast comes from the server's per-account cache (filled by the warm-up pass).
  const { forecast } = await usageFor(db, account, sample.weekStart, today);
  const response = await time('7 response (buildUsageResponse)', () =>
    buildUsageResponse({
      today,
      weekStart: sample.weekStart,
      customer: toCustomer(account),
      days,
      quality,
      solarDates,
      forecast,
      curtailment,
    }),
  );
  const encoded = await time('8 response check (zod safeEncode, as the serializer does)', () =>
    safeEncode(usageResponseSchema, response),
  );
  await time('9 JSON.stringify', () => JSON.stringify(encoded.data));
  await time('all: usageFor (forecast cached) + check + stringify', async () =>
    JSON.stringify(
      safeEncode(usageResponseSchema, await usageFor(db, account, sample.weekStart, today)).data,
    ),
  );
}

// Warm-up: every sampled account's forecast is cached, and the code is compiled.
for (const sample of samples) await oneRequest(sample);
timings.clear();
for (const sample of samples) await oneRequest(sample);

const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
const p50 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
console.info(`${samples.length} random account-weeks, one at a time, after a warm-up pass (ms)`);
console.info(`${'stage'.padEnd(64)}  mean    p50`);
for (const [stage, list] of [...timings].sort(([a], [b]) => a.localeCompare(b))) {
  console.info(
    `${stage.padEnd(64)} ${mean(list).toFixed(2).padStart(5)} ${p50(list).toFixed(2).padStart(6)}`,
  );
}
await raw.end();
await handle.close();
