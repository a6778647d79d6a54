/**
 * `portal insights similar-homes` (issue 28 item 3) on the usage benchmark's data set, whose accounts answered
 * the survey (setup.ts; scale.ts copies the answers): the batch (`runSimilarHomes`, what the command runs) run
 * `--runs` times back to back, each run timed (wall clock; this process's CPU; the CPU of the database's
 * PostgreSQL backends, read from /proc), its statements counted (every query the pool's clients send, BEGIN and
 * COMMIT included) and this process's memory sampled every 10 ms (peak RSS, peak heap over the heap before).
 * The first run on a data set writes every row; later runs replace them with the same figures, as the weekly
 * run does. The load averages before and after are printed: the machine may be shared.
 *   node --import tsx bench/usage/similar-homes.ts [--accounts 1000] [--database name] [--runs 3]
 *     [--postgres postgres://…/postgres]
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { marketToday } from '@portal/contracts';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import { runSimilarHomes } from '../../apps/server/src/domains/tracker/similar-homes-batch.ts';
import { DEFAULT_ADMIN_URL, databaseName, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    database: { type: 'string' },
    runs: { type: 'string', default: '3' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
  },
});
const name = args.database ?? databaseName(Number(args.accounts));
const runs = Number(args.runs);
if (!(runs > 0)) throw new Error('--runs: > 0');
const url = databaseUrl(args.postgres, name);

// Every statement a client sends, counted before it goes (the pool's clients are pg.Client).
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
  statements++;
  return (query as (...values: unknown[]) => unknown).apply(this, rest);
} as typeof query;

const handle = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
const observer = new pg.Client({ connectionString: url });
await observer.connect();
const observe = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
  const before = statements;
  const result = await observer.query<T>(text, values);
  statements = before;
  return result.rows;
};

const ticks = 100; // USER_HZ on Linux
/** CPU seconds of the database's backends but the observer's, by pid. */
async function backendCpu(): Promise<Map<number, number>> {
  const rows = await observe<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // A backend that ended meanwhile: its CPU is lost to the count.
    }
  }
  return cpu;
}

const [facts] = await observe<{ accounts: string; profiled: string; stale: string; rows: string }>(
  `select (select count(*) from accounts) as accounts,
          (select count(*) from accounts where completed_survey) as profiled,
          (select count(*) from priced_days_stale) as stale,
          (select count(*) from similar_homes) as rows`,
);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
const today = marketToday();
console.info(
  `${name}: ${Number(facts?.accounts).toLocaleString('en-AU')} accounts, ${Number(facts?.profiled).toLocaleString('en-AU')} ` +
    `with survey answers, ${facts?.stale} stale day ranges, ${facts?.rows} similar-homes rows; today ${today}; ` +
    `${os.cpus().length} cores (${os.cpus()[0]?.model}); load average (1/5/15 min) ${load()}`,
);

interface Run {
  seconds: number;
  cpu: number;
  postgresCpu: number;
  statements: number;
  peakRssMb: number;
  peakHeapMb: number;
}
const results: Run[] = [];
for (let run = 1; run <= runs; run++) {
  const before = await backendCpu();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed - heapBefore);
  };
  const sampler = setInterval(sample, 10);
  const statementsBefore = statements;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const summary = await runSimilarHomes(handle.db, { today });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  sample();
  const sent = statements - statementsBefore;
  const after = await backendCpu();
  let postgresCpu = 0;
  for (const [pid, value] of after) postgresCpu += value - (before.get(pid) ?? 0);
  const result: Run = {
    seconds,
    cpu: (cpu.user + cpu.system) / 1e6,
    postgresCpu,
    statements: sent,
    peakRssMb: peakRss / 2 ** 20,
    peakHeapMb: peakHeap / 2 ** 20,
  };
  results.push(result);
  console.info(
    `run ${run}: ${JSON.stringify(summary)}; ${seconds.toFixed(2)} s, CPU ${result.cpu.toFixed(2)} s here and ` +
      `${postgresCpu.toFixed(2)} s in PostgreSQL, ${sent} statements, peak RSS ${result.peakRssMb.toFixed(0)} MB, ` +
      `peak heap +${result.peakHeapMb.toFixed(0)} MB; load average ${load()}`,
  );
}
const median = (pick: (run: Run) => number) => {
  const sorted = results.map(pick).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
console.info(
  `median of ${runs}: ${median((r) => r.seconds).toFixed(2)} s, CPU ${median((r) => r.cpu).toFixed(2)} s here and ` +
    `${median((r) => r.postgresCpu).toFixed(2)} s in PostgreSQL, ${median((r) => r.statements)} statements, ` +
    `peak RSS ${median((r) => r.peakRssMb).toFixed(0)} MB, peak heap +${median((r) => r.peakHeapMb).toFixed(0)} MB; ` +
    `load average ${load()}`,
);
await observer.end();
await handle.close();
