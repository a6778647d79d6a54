/**
 * GET /api/tracker/plans's work for one account on PostgreSQL (issue 17, docs/plans.md), first view against
 * second: `plansFor` for the demo accounts on a database of their own (`portal_bench_plans`, created, migrated
 * and seeded with the demo's 15 months on the first run, kept after). A first view reads the year of reads and
 * prices it under every plan open to the account; a second view of the same usage version is a cache hit.
 * CPU (process.cpuUsage, this process: the server's share, PostgreSQL's own work apart) and wall time, medians.
 *   node --import tsx bench/plans/endpoint.ts [--samples 20] [--postgres postgres://…/postgres]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import { seedDemo } from '../../apps/server/src/demo/seed.ts';
import { findAccountByPublicId } from '../../apps/server/src/domains/accounts/queries.ts';
import { createPlansCache, plansFor } from '../../apps/server/src/domains/tracker/plans-service.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '20' },
    postgres: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const samples = Number(args.samples);
const NAME = 'portal_bench_plans';
const admin = new pg.Client({ connectionString: args.postgres });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount === 1;
if (!exists) await admin.query(`create database ${NAME}`);
await admin.end();
const url = new URL(args.postgres);
url.pathname = `/${NAME}`;
const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
const { db } = handle;
const config = loadConfig({ ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' });
if (!exists) {
  console.info('Seeding the demo accounts (15 months of half-hourly data), once...');
  await seedDemo(db, config);
  // Measured in this process right after seeding, second views were as slow as first ones: run again.
  console.info(`Seeded ${NAME}; run again to measure.`);
  await handle.close();
  process.exit(0);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
async function measure(work: () => Promise<unknown>) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - start };
}

console.info(`plansFor on PostgreSQL, ${samples} samples each (medians); node ${process.version}`);
for (const publicId of ['demo-home', 'demo-solar', 'demo-business', 'demo-happy']) {
  const account = await findAccountByPublicId(db, publicId);
  if (!account) throw new Error(`no ${publicId}`);
  const first = { cpu: [] as number[], wall: [] as number[] };
  const second = { cpu: [] as number[], wall: [] as number[] };
  let plans = 0;
  for (let i = 0; i < samples + 2; i++) {
    const cache = createPlansCache(128 * 2 ** 20);
    const a = await measure(async () => {
      plans = (await plansFor(db, account, 50, { cache })).plans.length;
    });
    const b = await measure(() => plansFor(db, account, 50, { cache }));
    if (i < 2) continue; // warm-up
    first.cpu.push(a.cpu);
    first.wall.push(a.wall);
    second.cpu.push(b.cpu);
    second.wall.push(b.wall);
  }
  const f = (ms: number) => ms.toFixed(1);
  console.info(
    `${publicId} (${plans} plans): first view CPU ${f(median(first.cpu))} ms, wall ${f(median(first.wall))} ms; second view CPU ${f(median(second.cpu))} ms, wall ${f(median(second.wall))} ms`,
  );
}
await handle.close();
