/**
 * Where one usage request's time goes, stage by stage, in this process and one request at a time (no load):
 * the server's own functions on the benchmark database, for random accounts and weeks, each answer built from the
 * priced days (decision 0021) as a first reader of a week builds it (decision 0036). The priced days are also read as plain SQL
 * with the values left as text, to split database time from decoding. Profiling aid for run.ts.
 *   node --import tsx bench/usage/stages.ts [--accounts 1000] [--samples 300] [--postgres postgres://…/postgres] [--database name]
 */

import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { addDays, daysBetween, marketToday, weekStart as mondayOf } from '@portal/contracts';
import pg from 'pg';
// The app's decorations that routes.ts relies on (types only).
import type {} from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import type { AccountRow } from '../../apps/server/src/db/schema.ts';
import { findAccountByPublicId } from '../../apps/server/src/domains/accounts/queries.ts';
import { forecastReadRanges } from '../../apps/server/src/domains/billing/forecast.ts';
import { storedDailyTotals, storedDays } from '../../apps/server/src/domains/billing/priced-days-reads.ts';
import { curtailmentFor } from '../../apps/server/src/domains/tracker/curtailment.ts';
import {
  daysAround,
  usageJsonFor,
  usageSourceOf,
} from '../../apps/server/src/domains/tracker/usage-service.ts';
import { buildUsageWeek, LOOKBACK_WEEKS } from '../../apps/server/src/domains/tracker/week.ts';
import { DEFAULT_ADMIN_URL, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    samples: { type: 'string', default: '300' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
    /** Another database than setup.ts's of --accounts (a copy). */
    database: { type: 'string', default: '' },
  },
});
const url = databaseUrl(args.postgres, args.database || Number(args.accounts));
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

const daysSql = `select market_date, total_spend::text, array_to_string(hour_grid, ',') as hour_grid,
  array_to_string(hour_solar, ',') as hour_solar, array_to_string(hour_usage, ',') as hour_usage
  from priced_days where nmi = $1 and account_id = $2 and market_date between $3 and $4 order by market_date`;

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
  await time('2 usage version, nothing stale (query)', () => usageSourceOf(db, account.id));
  // The longest read of a week (older weeks included, when the 5 before it have gaps).
  const from = addDays(sample.weekStart, -7 * LOOKBACK_WEEKS);
  const to = addDays(sample.weekStart, 13);
  await time(`3 priced days, ${daysBetween(from, to) + 1} days (query + decoding)`, () =>
    storedDays(db, account, from, to),
  );
  await time('3a  the same days as text, not decoded (plain pg)', () =>
    raw.query(daysSql, [account.nmi, account.id, from, to]),
  );
  const week = await time('3b  the days of the week as built (daysAround)', () =>
    daysAround(db, account, sample.weekStart, today),
  );
  const curtailment = await time('4 curtailment (query, trial accounts only)', () =>
    curtailmentFor(db, account, sample.weekStart),
  );
  const built = await time('5 the week (buildUsageWeek)', () =>
    buildUsageWeek({ today, weekStart: sample.weekStart, ...week, curtailment }),
  );
  await time('6 JSON.stringify of the week', () => JSON.stringify(built));
  await time('7 forecast: daily totals of its read ranges (query + decoding)', () =>
    storedDailyTotals(db, account, forecastReadRanges(today)),
  );
  const json = await time('all: usageJsonFor, caches off (forecast included)', () =>
    usageJsonFor(db, account, sample.weekStart, today),
  );
  await time('8 brotli, quality 4', () =>
    zlib.brotliCompressSync(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  );
  await time('9 gzip', () => zlib.gzipSync(json));
}

// Warm-up: the code is compiled and the database's pages are in memory.
for (const sample of samples) await oneRequest(sample);
timings.clear();
for (const sample of samples) await oneRequest(sample);

const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
const p50 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
console.info(`${samples.length} random account-weeks, one at a time, caches off, after a warm-up pass (ms)`);
console.info(`${'stage'.padEnd(64)}  mean    p50`);
for (const [stage, list] of [...timings].sort(([a], [b]) => a.localeCompare(b))) {
  console.info(
    `${stage.padEnd(64)} ${mean(list).toFixed(2).padStart(5)} ${p50(list).toFixed(2).padStart(6)}`,
  );
}
await raw.end();
await handle.close();
