/**
 * The tracker usage API under load (issue: performance). Starts the real server (apps/server/src/main.ts) on
 * the database of setup.ts as a child process, then drives it with autocannon from this process:
 *   health        GET /api/health, the trivial endpoint (one `select 1`): the ceiling of the stack;
 *   usage-random  GET /api/tracker/usage, a random account of the data set and a random week of its data;
 *   usage-current the same for this week (no `from`), the page a customer opens first.
 *   usage-recent  a random account's this week or one of the five before it (a customer stepping back).
 *   page-current, page-each-current  the same as a browser opens the Tracker's page: the document with the
 *                 week carried in it (decision 0045); run `npm run build` first
 *   usage-each-current  every account's current week once, in a random order (an email going out; run it on
 *                 a server just started, with `--cold-pass false --warmup 0`: the Monday morning of issue 14)
 * Before the measured runs every account is asked once (the "cold pass": each account's forecast is computed
 * and then kept by the server for its usage version) unless `--cold-pass false`, then a short warm-up (none
 * with `--warmup 0`). `--server-env USAGE_CACHE_MB=0` turns the server's caches off. Each run measures each
 * scenario for --duration seconds; the medians of the runs are reported, with errors and non-2xx answers
 * (which must be zero), the queries per request (PostgreSQL's transaction count for the database, one per
 * statement outside a transaction) and the CPU time of the server, PostgreSQL and the load generator.
 *   node --import tsx bench/usage/run.ts [--accounts 1000] [--duration 20] [--runs 3] [--connections 32]
 *     [--warmup 5] [--scenarios health,usage-random,usage-current] [--encoding 'gzip, deflate, br' (the default, as a browser; '' for none)]
 *     [--cold-pass true|false] [--server-env KEY=VALUE,...] [--label text]
 *     [--cpu-prof] [--server apps/server/src/main.ts] [--postgres postgres://…/postgres] [--database name] [--port n]
 * Targets: usage >= 1,000 requests/s with p99 < 50 ms, and >= 30% of the trivial endpoint's throughput.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { addDays, daysBetween, marketToday } from '@portal/contracts';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import {
  benchmarkCallLimits,
  cpuSeconds,
  freePort,
  machineBusySeconds,
  postgresCpuSeconds,
  waitForHealth,
} from '../support/processes.ts';
import { DEFAULT_ADMIN_URL, databaseName, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '5' },
    scenarios: { type: 'string', default: 'health,usage-random,usage-current' },
    'cold-pass': { type: 'string', default: 'true' },
    /** Settings of the server, as KEY=VALUE pairs separated by commas (e.g. USAGE_CACHE_MB=0). */
    'server-env': { type: 'string', default: '' },
    /** What this run is, for the report's heading (e.g. "before", "caches off"). */
    label: { type: 'string', default: '' },
    /** Accept-Encoding of every request; none by default (responses are then not compressed). */
    // A browser always sends it (issue 31); `--encoding ''` sends none.
    encoding: { type: 'string', default: 'gzip, deflate, br' },
    'cpu-prof': { type: 'boolean', default: false },
    /** The server's entry point, to compare a variant (say, a worktree of a branch) on the same data. */
    server: { type: 'string', default: 'apps/server/src/main.ts' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
    /** Another database than setup.ts's of --accounts (a copy, say, whose stored answers a run may change). */
    database: { type: 'string', default: '' },
    /** The server's port (a free one by default). */
    port: { type: 'string', default: '' },
  },
});
const duration = Number(args.duration);
const runs = Number(args.runs);
const connections = Number(args.connections);
const warmup = Number(args.warmup);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, 'bench/.data');
fs.mkdirSync(dataDir, { recursive: true });
const dbName = args.database || databaseName(Number(args.accounts));
const dbUrl = databaseUrl(args.postgres, dbName);
const headers: Record<string, string> = args.encoding ? { 'accept-encoding': args.encoding } : {};

// The data set: every bench account with the first and last day of its data.
interface Account {
  publicId: string;
  clientCode: string;
  first: string;
  last: string;
  /** Invited to Happy Hours (the non-solar accounts); the others are answered 404 by its calls. */
  happyHours: boolean;
  /** Reduce & Reward events the account is invited to. */
  events: number[];
}
const accounts = await (async () => {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect().catch((error: Error) => {
    throw new Error(
      `${dbName}: ${error.message}; run bench/usage/setup.ts --accounts ${args.accounts} first`,
    );
  });
  try {
    const { rows } = await client.query<Account>(
      `select a.public_id as "publicId", a.client_code as "clientCode",
              min(m.read_date)::text as first, max(m.read_date)::text as last,
              exists (select 1 from happy_hours_participants h where h.account_id = a.id) as "happyHours",
              coalesce((select array_agg(i.event_id order by i.event_id) from dr_event_invitations i
                         where i.account_id = a.id), '{}') as events
         from accounts a join meter_reads m on m.nmi = a.nmi and m.suffix = 'E1'
        where a.public_id like 'bench-%'
        group by a.id, a.public_id order by a.public_id`,
    );
    return rows;
  } finally {
    await client.end();
  }
})();
if (accounts.length === 0) throw new Error(`${dbName} has no bench accounts with data: run setup.ts first`);
const dataFrom = accounts.map((a) => a.first).sort()[0] as string;
const dataTo = accounts
  .map((a) => a.last)
  .sort()
  .at(-1) as string;
console.info(`${dbName}: ${accounts.length.toLocaleString('en-AU')} accounts, data ${dataFrom} to ${dataTo}`);

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const randomWeekPath = (account: Account) =>
  `/api/tracker/usage?account_id=${account.publicId}&from=${addDays(
    account.first,
    Math.floor(Math.random() * (daysBetween(account.first, account.last) + 1)),
  )}`;
const happyHoursAccounts = accounts.filter((account) => account.happyHours);
const eachInTurn = (() => {
  const order = [...accounts].sort(() => Math.random() - 0.5);
  let cursor = 0;
  return () => order[cursor++ % order.length] as Account;
})();
const eventAccounts = accounts.filter((account) => account.events.length > 0);
const ofAccount =
  (path: string, list = accounts) =>
  () => {
    const account = pick(list);
    return path.replace(':id', account.publicId).replace(':client', encodeURIComponent(account.clientCode));
  };
const ofEvent = (path: string) => () => {
  const account = pick(eventAccounts);
  return `${path}?account_id=${account.publicId}&event_id=${pick(account.events)}`;
};
/** Every GET a customer's screens call (docs/api.md#calls), beside the trivial endpoint. */
const paths: Record<string, () => string> = {
  health: () => '/api/health',
  'usage-random': () => randomWeekPath(pick(accounts)),
  'usage-current': ofAccount('/api/tracker/usage?account_id=:id'),
  // A customer stepping back from the email's week: this week or one of the five before it (issue 31).
  'usage-recent': () =>
    `/api/tracker/usage?account_id=${pick(accounts).publicId}&from=${addDays(marketToday(), -7 * Math.floor(Math.random() * 6))}`,
  'usage-each-current': () => `/api/tracker/usage?account_id=${eachInTurn().publicId}`,
  // The Tracker's page with its week carried in the document (issue 32, decision 0045): needs a production
  // build of the web app (npm run build) for the server to serve.
  'page-current': ofAccount('/new/usage/:id'),
  'page-each-current': () => `/new/usage/${eachInTurn().publicId}`,
  config: () => '/api/config',
  customer: ofAccount('/api/accounts/customer?account_id=:id'),
  subscription: ofAccount('/api/tracker/subscription?account_id=:id'),
  'export-week': () => {
    const account = pick(accounts);
    const from = addDays(
      account.first,
      Math.floor(Math.random() * (daysBetween(account.first, account.last) - 6)),
    );
    return `/api/tracker/export?account_id=${account.publicId}&from=${from}&to=${addDays(from, 6)}`;
  },
  'rr-events': ofAccount('/reduce_and_reward/tracker/dr_events?account_id=:id', eventAccounts),
  'rr-results': ofAccount('/reduce_and_reward/dr_events/event_results?account_id=:id', eventAccounts),
  'rr-result': ofEvent('/reduce_and_reward/dr_events/event_result'),
  'rr-progress': ofEvent('/reduce_and_reward/dr_events/event_progress'),
  'happy-hours': ofAccount(
    '/innovative_billing/daytime_saver_participants/:id?client_code=:client',
    happyHoursAccounts,
  ),
  'happy-hours-config': ofAccount('/innovative_billing/product_configs/DaytimeSaver?client_code=:client'),
  'here-for-you': ofAccount('/innovative_billing/here_for_you_participants/:id?client_code=:client'),
};
/** `--scenarios gets`: every customer-facing GET. */
const GETS = Object.keys(paths).join(',');
const scenarios = (args.scenarios === 'gets' ? GETS : args.scenarios).split(',').map((name) => name.trim());
for (const name of scenarios) if (!paths[name]) throw new Error(`unknown scenario ${name}`);

// --- The server -------------------------------------------------------------------------------------------

const port = args.port ? Number(args.port) : await freePort();
const base = `http://127.0.0.1:${port}`;
const profileDir = path.join(dataDir, 'usage-profiles');
const serverEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: dbUrl,
  DEMO_SEED: 'false',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  HOST: '127.0.0.1',
  // The load comes from one address: the per-address guards against id guessing are lifted, and so are the
  // limits per account and address (a few accounts are asked for far more often than any customer would).
  ACCOUNT_LOOKUP_FAILURES: '1000000',
  ACCOUNT_LOOKUP_CONCURRENCY: '1000',
  ...benchmarkCallLimits,
  ...Object.fromEntries(
    args['server-env']
      .split(',')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim()]),
  ),
};
const server: ChildProcess = spawn(
  process.execPath,
  [
    ...(args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
    '--import',
    'tsx',
    path.resolve(root, args.server),
  ],
  { cwd: root, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] },
);
const serverExit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
let stopping = false;
void serverExit.then((code) => {
  if (!stopping) {
    console.error(`the server exited (${code}) during the benchmark`);
    process.exit(1);
  }
});

async function stopServer(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  const code = await Promise.race([serverExit, sleep(15_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    server.kill('SIGKILL');
    await serverExit;
    console.error('the server did not stop within 15 s of SIGTERM: killed');
  }
}
process.once('SIGINT', () => void stopServer().then(() => process.exit(130)));

// --- Measuring --------------------------------------------------------------------------------------------

/** CPU seconds of the server: its process and any children (a clustered server's workers). */
const serverCpuSeconds = () => cpuSeconds(server.pid as number);

const admin = new pg.Client({ connectionString: args.postgres });
await admin.connect();

interface DatabaseCounters {
  transactions: number;
  rowsFetched: number;
  blocksRead: number;
}
/**
 * The database's statistics, read from the admin database so that reading them does not count. A backend
 * reports its counters when it goes idle, but at most once a second; otherwise 10 s later (PGSTAT_IDLE_INTERVAL),
 * so a reading taken less than 11 s after the load would miss part of it. The reading is reused until the next load.
 */
let lastCounters: DatabaseCounters | null = null;
async function databaseCounters(): Promise<DatabaseCounters> {
  if (lastCounters) return lastCounters;
  await sleep(11_000);
  const { rows } = await admin.query(
    `select xact_commit + xact_rollback as transactions, tup_fetched, blks_read
       from pg_stat_database where datname = $1`,
    [dbName],
  );
  const row = rows[0] ?? {};
  lastCounters = {
    transactions: Number(row.transactions),
    rowsFetched: Number(row.tup_fetched),
    blocksRead: Number(row.blks_read),
  };
  return lastCounters;
}

interface Measurement {
  scenario: string;
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerResponse: number;
  queriesPerRequest: number;
  rowsPerRequest: number;
  blocksReadPerRequest: number;
  /** CPU used per second of the run, in cores. */
  cpu: { server: number; postgres: number; loadGenerator: number; other: number };
  /** The server's CPU time per request (all its threads and processes), ms. */
  serverMsPerRequest: number;
}

function load(
  scenario: string,
  options: { duration?: number; amount?: number; connections?: number },
): Promise<Result> {
  const next = paths[scenario] as () => string;
  lastCounters = null;
  return autocannon({
    url: base,
    connections: options.connections ?? connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? duration }),
    timeout: 10,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
  });
}

async function measure(scenario: string, options: { amount?: number } = {}): Promise<Measurement> {
  const before = await databaseCounters();
  const cpuBefore = {
    server: serverCpuSeconds(),
    postgres: postgresCpuSeconds(),
    machine: machineBusySeconds(),
    self: process.cpuUsage(),
  };
  const result = await load(scenario, options);
  const cpuSelf = process.cpuUsage(cpuBefore.self);
  const serverCores = (serverCpuSeconds() - cpuBefore.server) / result.duration;
  const postgres = (postgresCpuSeconds() - cpuBefore.postgres) / result.duration;
  const loadGenerator = (cpuSelf.user + cpuSelf.system) / 1e6 / result.duration;
  const machine = (machineBusySeconds() - cpuBefore.machine) / result.duration;
  const cpu = {
    server: serverCores,
    postgres,
    loadGenerator,
    // Anything else running on the machine meanwhile (other tests, builds, browsers): noise in the figures.
    other: Math.max(0, machine - serverCores - postgres - loadGenerator),
  };
  const after = await databaseCounters();
  const requests = result.requests.total;
  const per = (a: number, b: number) => (requests > 0 ? (b - a) / requests : 0);
  return {
    scenario,
    // Per-second samples for a timed run; a fixed amount ends within a second, so count over the whole.
    requestsPerSecond: options.amount ? requests / result.duration : result.requests.average,
    requests,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: requests > 0 ? result.throughput.total / requests : 0,
    queriesPerRequest: per(before.transactions, after.transactions),
    rowsPerRequest: per(before.rowsFetched, after.rowsFetched),
    blocksReadPerRequest: per(before.blocksRead, after.blocksRead),
    cpu,
    serverMsPerRequest: requests > 0 ? (cpu.server * result.duration * 1000) / requests : 0,
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-AU', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const describe = (m: Measurement) =>
  `${m.scenario}: ${fmt(m.requestsPerSecond)} req/s, p50 ${m.p50} ms, p97.5 ${m.p97_5} ms, p99 ${m.p99} ms, ` +
  `max ${m.max} ms, errors ${m.errors}, timeouts ${m.timeouts}, non-2xx ${m.non2xx}, ` +
  `${fmt(m.bytesPerResponse)} B/response, ${fmt(m.queriesPerRequest, 2)} queries/request, ` +
  `${fmt(m.rowsPerRequest)} rows/request; server CPU ${fmt(m.serverMsPerRequest, 2)} ms/request; ` +
  `CPU cores: server ${fmt(m.cpu.server, 2)}, ` +
  `PostgreSQL ${fmt(m.cpu.postgres, 2)}, load generator ${fmt(m.cpu.loadGenerator, 2)}, other ${fmt(m.cpu.other, 2)}`;

// --- The benchmark ----------------------------------------------------------------------------------------

const results: Record<string, Measurement[]> = Object.fromEntries(scenarios.map((name) => [name, []]));
let cold: Measurement | null = null;
const coldPassUsed = args['cold-pass'] !== 'false';
const started = performance.now();
try {
  await waitForHealth(base, 60_000);
  console.info(
    `server up at ${base} (pid ${server.pid}) after ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // Each scenario answers 200 before anything is measured, a usage scenario with a week of seven days (not
  // when measuring a first visit: that would be a visit before it).
  const coldPass = args['cold-pass'] !== 'false';
  for (const name of scenarios.filter((s) => s !== 'health' && (coldPass || !s.startsWith('usage')))) {
    const url = `${base}${(paths[name] as () => string)()}`;
    const response = await fetch(url, { headers });
    const text = await response.text();
    const isWeek = () =>
      (JSON.parse(text) as { current_week?: { intervals?: unknown[] } }).current_week?.intervals?.length ===
      7;
    if (response.status !== 200 || (name.startsWith('usage') && !isWeek())) {
      throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
    }
  }

  // The cold pass: every account once, so that each one's forecast is computed (then cached by the server).
  if (coldPass && scenarios.some((s) => s.startsWith('usage'))) {
    const order = [...accounts].sort(() => Math.random() - 0.5);
    let cursor = 0;
    paths['cold-pass'] = () => randomWeekPath(order[cursor++ % order.length] as Account);
    cold = await measure('cold-pass', { amount: accounts.length });
    console.info(`cold pass (each account once): ${describe(cold)}`);
  }
  if (warmup > 0) {
    for (const name of scenarios) await load(name, { duration: warmup });
    console.info(`warmed up (${warmup} s per scenario)`);
  }

  for (let run = 0; run < runs; run++) {
    for (const name of scenarios) {
      const measurement = await measure(
        name,
        name.endsWith('-each-current') ? { amount: accounts.length } : {},
      );
      results[name]?.push(measurement);
      console.info(`run ${run + 1}/${runs} ${describe(measurement)}`);
    }
  }
} finally {
  await stopServer();
  await admin.end();
}

// --- Report -----------------------------------------------------------------------------------------------

const median = (numbers: number[]) =>
  [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] as number;
const summary = scenarios.map((name) => {
  const list = results[name] ?? [];
  const m = (pick: (x: Measurement) => number) => median(list.map(pick));
  return {
    name,
    list,
    requestsPerSecond: m((x) => x.requestsPerSecond),
    p50: m((x) => x.p50),
    p97_5: m((x) => x.p97_5),
    p99: m((x) => x.p99),
    errors: list.reduce((sum, x) => sum + x.errors + x.timeouts, 0),
    non2xx: list.reduce((sum, x) => sum + x.non2xx, 0),
    bytes: m((x) => x.bytesPerResponse),
    queries: m((x) => x.queriesPerRequest),
    rows: m((x) => x.rowsPerRequest),
    serverMs: m((x) => x.serverMsPerRequest),
    cpu: {
      server: m((x) => x.cpu.server),
      postgres: m((x) => x.cpu.postgres),
      loadGenerator: m((x) => x.cpu.loadGenerator),
      other: m((x) => x.cpu.other),
    },
  };
});

const cpuModel = os.cpus()[0]?.model ?? 'unknown CPU';
const lines = [
  `### Tracker usage API under load (${marketToday()})${args.label ? `: ${args.label}` : ''}`,
  '',
  `Data: ${dbName}, ${accounts.length.toLocaleString('en-AU')} accounts, ${dataFrom} to ${dataTo}. ` +
    `Machine: ${os.cpus().length} x ${cpuModel}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. ` +
    `${connections} connections, ${duration} s per run, median of ${runs} runs` +
    (args.encoding ? `, accept-encoding: ${args.encoding}` : ', no accept-encoding') +
    (args['server-env'] ? `, server ${args['server-env']}` : '') +
    (coldPassUsed ? '' : ', no cold pass') +
    (warmup > 0 ? '' : ', no warm-up') +
    '.',
  '',
  '| scenario | requests/s (median) | every run | p50 | p97.5 | p99 | errors | non-2xx | bytes/response | queries/request | server CPU per request | CPU cores: server / PostgreSQL / load generator / other |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...summary.map(
    (row) =>
      `| ${row.name} | ${fmt(row.requestsPerSecond)} | ${row.list.map((x) => fmt(x.requestsPerSecond)).join('; ')} | ` +
      `${row.p50} ms | ${row.p97_5} ms | ${row.p99} ms | ${row.errors} | ${row.non2xx} | ${fmt(row.bytes)} | ` +
      `${fmt(row.queries, 2)} | ${fmt(row.serverMs, 2)} ms | ` +
      `${fmt(row.cpu.server, 2)} / ${fmt(row.cpu.postgres, 2)} / ${fmt(row.cpu.loadGenerator, 2)} / ${fmt(row.cpu.other, 2)} |`,
  ),
  ...(cold
    ? [
        `| cold pass (each account once, forecast computed) | ${fmt(cold.requestsPerSecond)} | | ${cold.p50} ms | ` +
          `${cold.p97_5} ms | ${cold.p99} ms | ${cold.errors + cold.timeouts} | ${cold.non2xx} | ${fmt(cold.bytesPerResponse)} | ` +
          `${fmt(cold.queriesPerRequest, 2)} | ${fmt(cold.serverMsPerRequest, 2)} ms | ` +
          `${fmt(cold.cpu.server, 2)} / ${fmt(cold.cpu.postgres, 2)} / ${fmt(cold.cpu.loadGenerator, 2)} / ${fmt(cold.cpu.other, 2)} |`,
      ]
    : []),
  '',
];
const health = summary.find((row) => row.name === 'health');
for (const row of summary.filter((r) => r.name !== 'health')) {
  const checks = [
    `${fmt(row.requestsPerSecond)} req/s ${row.requestsPerSecond >= 1000 ? '>=' : '<'} 1,000`,
    `p99 ${row.p99} ms ${row.p99 < 50 ? '<' : '>='} 50 ms`,
    ...(health
      ? [
          `${fmt((100 * row.requestsPerSecond) / health.requestsPerSecond)}% of health ` +
            `${row.requestsPerSecond >= 0.3 * health.requestsPerSecond ? '>=' : '<'} 30%`,
        ]
      : []),
    `${row.errors} errors, ${row.non2xx} non-2xx`,
  ];
  lines.push(`- ${row.name}: ${checks.join('; ')}`);
}
lines.push('');
console.info(`\n${lines.join('\n')}`);
const resultFile = path.join(dataDir, 'usage-result.md');
fs.writeFileSync(resultFile, lines.join('\n'));
fs.appendFileSync(path.join(dataDir, 'usage-results.md'), `${lines.join('\n')}\n`);
console.info(
  `written to ${path.relative(root, resultFile)}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
if (args['cpu-prof']) console.info(`CPU profile of the server in ${path.relative(root, profileDir)}`);
const failed = summary.some((row) => row.errors > 0 || row.non2xx > 0);
process.exit(failed ? 1 : 0);
