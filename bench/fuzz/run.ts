/**
 * The long HTTP fuzz (docs/reliability.md, "Bad input"): the generators and property of the fuzz test
 * (apps/server/test/fuzz) with FUZZ_RUNS requests per route (100,000 by default), on one app over an in-memory
 * PGlite database migrated and seeded with the demo data. Problems do not stop the run: the first few of each
 * route are printed with their requests. Ends with a Markdown table of the answers per route and exits 1 if
 * any answer had a problem.
 *   FUZZ_RUNS=100000 node --import tsx bench/fuzz/run.ts [--routes <text>] [--shard <i>/<n>] [--seed <n>] [--json <file>]
 * `--shard 1/2` and `--shard 2/2` in two processes share the routes between two cores (every second route each).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { buildApp } from '../../apps/server/src/app.ts';
import { migrationsFolder, wrapPglite } from '../../apps/server/src/db/index.ts';
import { createPglite } from '../../apps/server/src/db/pglite.ts';
import { seedDemo } from '../../apps/server/src/demo/seed.ts';
import { endpointFuzzers } from '../../apps/server/test/fuzz/endpoints.ts';
import {
  type EndpointFuzzer,
  fuzzAppEnv,
  fuzzContext,
  fuzzRoute,
  fuzzRuns,
  type RouteReport,
} from '../../apps/server/test/fuzz/http-fuzz.ts';
import { testConfig } from '../../apps/server/test/helpers/config.ts';

const { values: args } = parseArgs({
  options: {
    routes: { type: 'string', default: '' },
    shard: { type: 'string', default: '1/1' },
    seed: { type: 'string' },
    json: { type: 'string' },
  },
});
const runs = fuzzRuns(100_000);
const [shardIndex, shardCount] = (args.shard ?? '1/1').split('/').map(Number);
if (!shardIndex || !shardCount || shardIndex > shardCount) {
  console.error(`--shard takes <i>/<n> with 1 <= i <= n, not "${args.shard}"`);
  process.exit(2);
}
const seed = args.seed === undefined ? Date.now() % 2 ** 31 : Number(args.seed);

const started = performance.now();
const client = await createPglite();
await migrate(drizzle(client), { migrationsFolder });
const database = wrapPglite(client);
const config = testConfig(fuzzAppEnv);
await seedDemo(database.db, config);
console.info(
  `database ready in ${((performance.now() - started) / 1000).toFixed(1)} s; ${runs} runs per route, seed ${seed}`,
);

/**
 * Requests per app: Fastify's `inject` keeps about 10 KB per request (130 KB for the YAML document) until its
 * app is closed, which a real connection does not (measured 2026-11-24: 5,000 injects into a bare Fastify app
 * +47 MB, freed by close; 2,000 HTTP requests for /api/docs/yaml +4 MB). A run of 100,000 requests per route on
 * one app ran out of its 4 GB heap, so each route's requests go to a fresh app on the same database, 10,000 at
 * a time, each batch with its own seed (the run's seed plus the batch's number).
 */
const REQUESTS_PER_APP = 10_000;

async function fuzzRouteInBatches(key: string, fuzzer: EndpointFuzzer): Promise<RouteReport> {
  const total: RouteReport = { key, runs: 0, statuses: {}, problems: [], serverMs: 0, totalMs: 0 };
  for (let batch = 0; total.runs < runs; batch++) {
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const ctx = await fuzzContext(app);
    const report = await fuzzRoute(app, ctx, key, fuzzer, {
      runs: Math.min(REQUESTS_PER_APP, runs - total.runs),
      stopAtFirst: false,
      seed: seed + batch,
    });
    await app.close();
    total.runs += report.runs;
    for (const [status, n] of Object.entries(report.statuses))
      total.statuses[Number(status)] = (total.statuses[Number(status)] ?? 0) + n;
    total.problems.push(...report.problems);
    total.serverMs += report.serverMs;
    total.totalMs += report.totalMs;
  }
  return total;
}

const reports: RouteReport[] = [];
for (const [index, [key, fuzzer]] of Object.entries(endpointFuzzers).entries()) {
  if (args.routes && !key.includes(args.routes)) continue;
  if (index % shardCount !== shardIndex - 1) continue;
  const report = await fuzzRouteInBatches(key, fuzzer);
  reports.push(report);
  const seconds = (report.totalMs / 1000).toFixed(1);
  // The heap once the route is done (after a full collection when run with --expose-gc): a server that
  // keeps something per request grows route after route.
  globalThis.gc?.();
  const heapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
  console.info(
    `${key}: ${report.runs} requests in ${seconds} s (server ${(report.serverMs / 1000).toFixed(1)} s), ` +
      `${JSON.stringify(report.statuses)}, ${report.problems.length} problem(s), heap ${heapMb} MB`,
  );
  for (const { problem, request } of report.problems.slice(0, 5))
    console.info(`  ${problem}\n    ${request}`);
}
await database.close();

const sum = (report: RouteReport, test: (status: number) => boolean) =>
  Object.entries(report.statuses)
    .filter(([status]) => test(Number(status)))
    .reduce((total, [, n]) => total + n, 0);
console.info('\n| route | requests | 2xx/3xx | 4xx | 5xx | problems | wall time |');
console.info('|---|---:|---:|---:|---:|---:|---:|');
for (const report of reports) {
  console.info(
    `| \`${report.key}\` | ${report.runs.toLocaleString('en-AU')} | ${sum(report, (s) => s < 400).toLocaleString('en-AU')} | ` +
      `${sum(report, (s) => s >= 400 && s < 500).toLocaleString('en-AU')} | ${sum(report, (s) => s >= 500)} | ` +
      `${report.problems.length} | ${(report.totalMs / 1000).toFixed(0)} s |`,
  );
}
const total = reports.reduce((n, report) => n + report.runs, 0);
const problems = reports.reduce((n, report) => n + report.problems.length, 0);
console.info(
  `\n${total.toLocaleString('en-AU')} requests on ${reports.length} routes (shard ${args.shard}) in ${((performance.now() - started) / 60_000).toFixed(1)} min, seed ${seed}: ${problems} problem(s)`,
);
if (args.json) fs.writeFileSync(args.json, JSON.stringify({ runs, seed, reports }, null, 2));
process.exitCode = problems > 0 ? 1 : 0;
