/**
 * The mixed load (issue 10): customer reads and writes of docs/api.md#calls in the proportions of mix.ts, first as fast
 * as the setup answers (its capacity: median of --capacity-runs closed-loop runs), then at a fixed rate of
 * --load times that capacity for --duration seconds. Pass: no failed request (no connection error, timeout,
 * 5xx or unexpected status; expected answers such as a 409 for a second slot change within 24 hours are counted
 * apart) and flat memory: every instance's resident memory sampled every --sample seconds, reported at the
 * start, middle and end of the fixed-rate run with its slope (least squares, MB per minute).
 *
 * Setups: --instances 1 --direct (one server, no proxy), or --instances N behind nginx (processes.ts: keep-alive
 * upstream, proxy_next_upstream error timeout http_502 http_503, plus non_idempotent with --non-idempotent).
 * --kill SIGKILL|SIGTERM sends the signal to instance 1 at --kill-at of the fixed-rate run and, with
 * --restart N, starts it again N seconds after it exited (as a supervisor would); nginx's retried requests
 * are listed from its log. The database is the copy of prepare.ts: writes never touch the usage data set.
 *   node --import tsx bench/cluster/mixed.ts [--instances 2] [--direct] [--duration 600] [--load 0.8]
 *     [--rate <requests/s>] [--capacity-duration 20] [--capacity-runs 3] [--connections 32]
 *     [--kill SIGKILL|SIGTERM] [--kill-at 0.5] [--restart 15] [--non-idempotent] [--sample 5]
 *     [--label mixed] [--log-level warn] [--database cluster_bench] [--redis redis://127.0.0.1:6379] [--postgres …]
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { marketToday } from '@portal/contracts';
import {
  type Child,
  freePort,
  machineBusySeconds,
  machineDescription,
  type Nginx,
  retriedRequests,
  root,
  rssMb,
  type Server,
  startNginx,
  startServer,
  temporaryDirectory,
} from '../support/processes.ts';
import { DEFAULT_ADMIN_URL } from '../usage/data-set.ts';
import { databaseUrlOf, loadDataSet } from './data-set.ts';
import { describeCounts, type LoadResult, runLoad, warmForecasts } from './load.ts';
import { kinds, mixOf } from './mix.ts';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    direct: { type: 'boolean', default: false },
    duration: { type: 'string', default: '600' },
    load: { type: 'string', default: '0.8' },
    rate: { type: 'string', default: '' },
    'capacity-duration': { type: 'string', default: '20' },
    'capacity-runs': { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    kill: { type: 'string', default: '' },
    'kill-at': { type: 'string', default: '0.5' },
    restart: { type: 'string', default: '15' },
    'non-idempotent': { type: 'boolean', default: false },
    sample: { type: 'string', default: '5' },
    label: { type: 'string', default: 'mixed' },
    /** The instances' LOG_LEVEL (their logs are in the temporary directory the script prints). */
    'log-level': { type: 'string', default: 'warn' },
    database: { type: 'string', default: 'cluster_bench' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    encoding: { type: 'string', default: '' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
  },
});
const instanceCount = Number(args.instances);
const duration = Number(args.duration);
const connections = Number(args.connections);
const sampleSeconds = Number(args.sample);
const killSignal = args.kill ? (args.kill as NodeJS.Signals) : null;
if (killSignal && !['SIGKILL', 'SIGTERM'].includes(killSignal)) throw new Error('--kill SIGKILL or SIGTERM');
if (args.direct && (instanceCount !== 1 || killSignal)) throw new Error('--direct: one instance, no --kill');
if (!/^[a-z0-9-]+$/.test(args.label)) throw new Error('--label: lower case letters, digits and -');
const url = databaseUrlOf(args.postgres, args.database);
const data = await loadDataSet(url);
const mix = mixOf();
const next = () => {
  const kind = mix.next();
  return { kind, request: kind.build(data, args.encoding) };
};

const work = temporaryDirectory('cluster-mixed-');
const children: Child[] = [];
const stopAll = async () => {
  for (const child of [...children].reverse()) await child.stop('SIGTERM');
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

const serverEnv = {
  REDIS_URL: args.redis,
  // Each customer's address comes in X-Forwarded-For from the load generator; nginx adds one hop.
  TRUST_PROXY: args.direct ? '1' : '2',
  LOG_LEVEL: args['log-level'],
};
const ports = await Promise.all(Array.from({ length: instanceCount }, () => freePort()));
const launch = (n: number) =>
  startServer({
    name: `instance ${n}`,
    port: ports[n - 1] as number,
    databaseUrl: url,
    logFile: path.join(work, `instance-${n}.log`),
    env: serverEnv,
  });

interface Sample {
  at: number;
  instance: number;
  pid: number;
  rss: number;
}
interface Event {
  at: number;
  what: string;
}

let capacity: number[] = [];
let rate = 0;
let result: LoadResult | null = null;
const samples: Sample[] = [];
const events: Event[] = [];
/** How many cores the whole machine was busy over each sample interval (this run and everything else). */
const busy: { at: number; cores: number }[] = [];
let retried: string[] = [];
const servers: Server[] = [];
let nginx: Nginx | null = null;

try {
  for (let n = 1; n <= instanceCount; n++) {
    const server = await launch(n);
    servers.push(server);
    children.push(server);
  }
  if (!args.direct) {
    nginx = await startNginx({
      port: await freePort(),
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      prefix: fs.mkdtempSync(path.join(work, 'nginx-')),
      nonIdempotent: args['non-idempotent'],
    });
    children.push(nginx);
  }
  const base = nginx ? nginx.base : (servers[0] as Server).base;
  console.info(
    `${servers.map((s) => `${s.name} ${s.base} (pid ${s.pid})`).join(', ')}` +
      `${nginx ? `; nginx ${nginx.base}, configuration ${nginx.configFile}` : ''}; logs in ${work} (${elapsed()})`,
  );
  for (const server of servers) await warmForecasts(server.base, data);
  await runLoad({ base, connections, duration: 10, next });
  console.info(`forecasts warmed, 10 s of warm-up (${elapsed()})`);

  if (args.rate) {
    rate = Number(args.rate);
  } else {
    for (let run = 1; run <= Number(args['capacity-runs']); run++) {
      const measured = await runLoad({
        base,
        connections,
        duration: Number(args['capacity-duration']),
        next,
      });
      capacity.push(measured.requestsPerSecond);
      console.info(
        `capacity run ${run}: ${measured.requestsPerSecond.toFixed(0)} requests/s, p50 ${measured.p50} ms, ` +
          `p99 ${measured.p99} ms, failures ${measured.failures} (${describeCounts(measured.unexpected)})`,
      );
    }
    capacity = capacity.sort((a, b) => a - b);
    rate = Math.max(1, Math.round(Number(args.load) * (capacity[Math.floor(capacity.length / 2)] as number)));
  }
  console.info(`fixed rate ${rate} requests/s for ${duration} s (${elapsed()})`);

  const loadStarted = performance.now();
  const at = () => (performance.now() - loadStarted) / 1000;
  let busyLast = { at: 0, seconds: machineBusySeconds() };
  const sampler = setInterval(() => {
    const now = { at: at(), seconds: machineBusySeconds() };
    busy.push({ at: now.at, cores: (now.seconds - busyLast.seconds) / (now.at - busyLast.at) });
    busyLast = now;
    servers.forEach((server, i) => {
      const rss = server.running ? rssMb(server.pid) : null;
      if (rss !== null) samples.push({ at: at(), instance: i + 1, pid: server.pid, rss });
    });
  }, sampleSeconds * 1000);
  const busyBefore = machineBusySeconds();

  let chaos: Promise<void> = Promise.resolve();
  if (killSignal) {
    chaos = (async () => {
      await sleep(Number(args['kill-at']) * duration * 1000);
      const victim = servers[0] as Server;
      events.push({ at: at(), what: `${killSignal} to instance 1 (pid ${victim.pid})` });
      await victim.stop(killSignal, 30_000);
      events.push({ at: at(), what: 'instance 1 exited' });
      if (Number(args.restart) > 0) {
        await sleep(Number(args.restart) * 1000);
        events.push({ at: at(), what: 'instance 1 starting again' });
        const again = await launch(1);
        servers[0] = again;
        children.push(again);
        events.push({ at: at(), what: `instance 1 healthy again (pid ${again.pid})` });
      }
    })();
  }
  result = await runLoad({ base, connections, duration, overallRate: rate, next });
  clearInterval(sampler);
  await chaos;
  const average = (machineBusySeconds() - busyBefore) / result.durationSeconds;
  events.push({ at: at(), what: `load ended; the machine was busy ${average.toFixed(2)} cores on average` });
  if (nginx) retried = retriedRequests(nginx);
} finally {
  await stopAll();
}

// --- Report -----------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-AU', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Least-squares slope of rss over time, MB per minute. */
function slope(points: Sample[]): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((s, p) => s + p.at, 0) / points.length;
  const my = points.reduce((s, p) => s + p.rss, 0) / points.length;
  const num = points.reduce((s, p) => s + (p.at - mx) * (p.rss - my), 0);
  const den = points.reduce((s, p) => s + (p.at - mx) ** 2, 0);
  return den === 0 ? 0 : (num / den) * 60;
}

const r = result as LoadResult;
const setup = args.direct
  ? 'one instance, direct'
  : `${instanceCount} instance(s) behind nginx${args['non-idempotent'] ? ' (proxy_next_upstream … non_idempotent)' : ''}`;
const lines = [
  `### Mixed load: ${setup}${killSignal ? `, ${killSignal} to instance 1 at ${fmt(Number(args['kill-at']) * duration)} s` : ''} (${marketToday()})`,
  '',
  `Data: ${args.database}, ${data.accounts.length} accounts. Machine: ${machineDescription()}. ${connections} connections` +
    `${args.encoding ? `, accept-encoding: ${args.encoding}` : ', no accept-encoding'}.`,
  '',
  capacity.length > 0
    ? `- capacity with the mix (closed loop, ${args['capacity-duration']} s runs): ${capacity.map((c) => fmt(c)).join('; ')} requests/s; ` +
      `fixed rate ${args.load} x median = ${fmt(rate)} requests/s`
    : `- fixed rate ${fmt(rate)} requests/s (given)`,
  `- ${fmt(r.durationSeconds)} s at the fixed rate: ${fmt(r.requests)} answers (${fmt(r.requests / r.durationSeconds, 1)} requests/s), ` +
    `2xx latency p50 ${r.p50} ms, p97.5 ${r.p97_5} ms, p99 ${r.p99} ms, max ${r.max} ms`,
  `- failed requests: ${r.failures} (connection errors ${r.errors - r.timeouts}, timeouts ${r.timeouts}; 5xx or unexpected: ${describeCounts(r.unexpected)})`,
  `- expected non-2xx answers: ${describeCounts(r.expected)}`,
  `- answers by kind: ${kinds
    .filter((k) => r.statuses[k.name])
    .map((k) => `${k.name} ${Object.values(r.statuses[k.name] ?? {}).reduce((a, b) => a + b, 0)}`)
    .join(', ')}`,
];
for (const event of events) lines.push(`- at ${fmt(event.at, 1)} s: ${event.what}`);
if (nginx) {
  lines.push(`- requests nginx sent to a second instance: ${retried.length}`);
  for (const line of retried.slice(0, 20)) lines.push(`    - ${line}`);
  if (retried.length > 20) lines.push(`    - … ${retried.length - 20} more`);
}
const failedWindows = r.windows.filter((w) => w.failures > 0);
if (failedWindows.length > 0) {
  lines.push(
    `- 10-second windows with failures: ${failedWindows.map((w) => `${w.at} s: ${w.failures}`).join(', ')}`,
  );
}
if (killSignal) {
  lines.push(`- answers per 10 s: ${r.windows.map((w) => `${w.at}: ${w.answers}`).join(', ')}`);
}
lines.push(
  '',
  '| instance (pid) | samples | RSS start | middle | end | max | slope (least squares) | slope, second half |',
  '|---|---|---|---|---|---|---|---|',
);
const pids = [...new Set(samples.map((s) => `${s.instance}:${s.pid}`))];
for (const key of pids) {
  const points = samples.filter((s) => `${s.instance}:${s.pid}` === key);
  const [instance, pid] = key.split(':');
  const mid = points[Math.floor(points.length / 2)] as Sample;
  const first = points[0] as Sample;
  const last = points.at(-1) as Sample;
  const half = points.filter((p) => p.at >= first.at + (last.at - first.at) / 2);
  lines.push(
    `| ${instance} (${pid}) | ${points.length}, ${fmt(first.at)}-${fmt(last.at)} s | ${fmt(first.rss)} MB | ${fmt(mid.rss)} MB | ` +
      `${fmt(last.rss)} MB | ${fmt(Math.max(...points.map((p) => p.rss)))} MB | ${fmt(slope(points), 2)} MB/min | ${fmt(slope(half), 2)} MB/min |`,
  );
}
lines.push('');
console.info(`\n${lines.join('\n')}`);
const dataDir = path.join(root, 'bench/.data');
fs.mkdirSync(dataDir, { recursive: true });
const resultFile = path.join(dataDir, `cluster-${args.label}.md`);
fs.writeFileSync(resultFile, lines.join('\n'));
fs.writeFileSync(
  path.join(dataDir, `cluster-${args.label}-rss.csv`),
  [
    'seconds,instance,pid,rss_mb',
    ...samples.map((s) => `${s.at.toFixed(1)},${s.instance},${s.pid},${s.rss.toFixed(1)}`),
  ].join('\n'),
);
fs.writeFileSync(
  path.join(dataDir, `cluster-${args.label}-busy.csv`),
  ['seconds,machine_busy_cores', ...busy.map((b) => `${b.at.toFixed(1)},${b.cores.toFixed(2)}`)].join('\n'),
);
console.info(
  `written to ${path.relative(root, resultFile)} (and its -rss.csv, -busy.csv); total ${elapsed()}`,
);
process.exit(r.failures > 0 ? 1 : 0);
