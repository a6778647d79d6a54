/**
 * The server's CPU for a first read of an older week (issue 31's "any week"): the usage route's look-up and
 * `answerOf` in br, as a browser asks, which builds the week and stores it; one request at a time, in this
 * process, measured as process CPU time (the compression's worker threads included), so a machine loaded by
 * other work changes it little. Every week older than the recent six is deleted from `usage_answers` before
 * each pass, so each sample is built; the samples are distinct and the same for the same `--seed`. `--server-src`
 * runs another version of the server's code on the same data (a `git archive` of an older commit's apps/server
 * and tsconfig.base.json unpacked under bench/.data, which finds this checkout's node_modules). Use a copy of the
 * data set (`createdb -T portal_bench_usage_1000 <copy>`): the run deletes stored weeks.
 *   node --import tsx bench/usage/first-read.ts --database <copy> [--samples 300] [--seed 7]
 *     [--server-src apps/server/src] [--postgres postgres://…/postgres]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays, daysBetween, marketToday, weekStart as mondayOf } from '@portal/contracts';
import pg from 'pg';
import { DEFAULT_ADMIN_URL, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '300' },
    seed: { type: 'string', default: '7' },
    database: { type: 'string' },
    'server-src': { type: 'string', default: 'apps/server/src' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
  },
});
if (!args.database)
  throw new Error('--database <a copy of the data set> is required: the run deletes stored weeks');
const src = pathToFileURL(path.resolve(import.meta.dirname, '../..', args['server-src'])).href;
const { openDatabase } = await import(`${src}/db/index.ts`);
const answers = await import(`${src}/domains/tracker/usage-answers.ts`);
const url = databaseUrl(args.postgres, args.database);
const handle = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false });
const { db } = handle;
const raw = new pg.Client({ connectionString: url });
await raw.connect();
const today = marketToday();
const recent = addDays(mondayOf(today), -35);
const { rows: accounts } = await raw.query<{ publicId: string; first: string; last: string }>(
  `select a.public_id as "publicId", min(p.market_date)::text as first, max(p.market_date)::text as last
     from accounts a join priced_days p on p.account_id = a.id and p.nmi = a.nmi
    where a.public_id like 'bench-%' group by a.public_id order by a.public_id`,
);
let state = Number(args.seed);
const random = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = () => {
  const account = accounts[Math.floor(random() * accounts.length)] as (typeof accounts)[number];
  const last = account.last < recent ? account.last : addDays(recent, -1);
  const from = addDays(account.first, Math.floor(random() * (daysBetween(account.first, last) + 1)));
  return { publicId: account.publicId, week: mondayOf(from) };
};
const distinct = (count: number, seen: Set<string>) => {
  const list: { publicId: string; week: string }[] = [];
  while (list.length < count) {
    const sample = pick();
    const key = `${sample.publicId}|${sample.week}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push(sample);
  }
  return list;
};
const seen = new Set<string>();
const warm = distinct(100, seen);
const samples = distinct(Number(args.samples), seen);
async function pass(list: { publicId: string; week: string }[]) {
  await raw.query(`delete from usage_answers where week_start < $1`, [recent]);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const { publicId, week } of list) {
    const found = await answers.lookUpUsage(db, publicId, week, 'br');
    const answer = await answers.answerOf(db, found, week, today, 'br', db);
    if (!answer.built) throw new Error(`${publicId} ${week} was stored`);
  }
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000 / list.length,
    wallMs: (performance.now() - started) / list.length,
  };
}
// Warm-up: the code compiled, the statements prepared, the pages in memory.
await pass(warm);
const result = await pass(samples);
console.info(
  `${args['server-src']}: ${samples.length} first reads, server CPU ${result.cpuMs.toFixed(2)} ms each, ` +
    `wall ${result.wallMs.toFixed(2)} ms; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
await raw.query(`delete from usage_answers where week_start < $1`, [recent]);
await raw.end();
await handle.close();
