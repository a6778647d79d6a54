/**
 * Two server instances behind nginx against one (issue 9): throughput and latency of one instance asked
 * directly, the same instance behind nginx, and two instances behind nginx, on the same data and the same
 * machine. Starts two instances of the real server (apps/server/src/main.ts, NODE_ENV=production, the copy
 * of prepare.ts, REDIS_URL so the rate limits are shared) and two nginx (Debian's package, generated
 * configuration in a temporary prefix): one in front of the first instance only, one in front of both. Every
 * instance is warmed first (each account's usage once: the forecast cache), then each run measures every
 * scenario on every setup in turn, so that the machine's other work disturbs all setups alike:
 *   health  GET /api/health (one `select 1`): the stack's ceiling;
 *   usage   GET /api/tracker/usage for a random account and a random week of its data;
 *   gets    the other customer GETs of docs/api.md#calls (subscription, Reduce & Reward events, results and progress,
 *           Happy Hours participant and configuration, Reduce & Be Rewarded participant) in the proportions
 *           of the mixed load (mix.ts).
 * The medians of the runs are reported with the CPU used by the servers, nginx, PostgreSQL and this process.
 *   node --import tsx bench/cluster/run.ts [--duration 15] [--runs 3] [--connections 32] [--warmup 5]
 *     [--scenarios health,usage,gets] [--setups direct,nginx-1,nginx-2] [--database cluster_bench]
 *     [--redis redis://127.0.0.1:6379] [--encoding ''] [--postgres postgres://…/postgres]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { marketToday } from '@portal/contracts';
import {
  type Child,
  cpuSeconds,
  freePort,
  machineBusySeconds,
  machineDescription,
  type Nginx,
  postgresCpuSeconds,
  root,
  type Server,
  startNginx,
  startServer,
  temporaryDirectory,
} from '../support/processes.ts';
import { DEFAULT_ADMIN_URL } from '../usage/data-set.ts';
import { databaseUrlOf, loadDataSet } from './data-set.ts';
import { describeCounts, type LoadResult, runLoad, warmForecasts } from './load.ts';
import { kindNamed, mixOf, otherGets } from './mix.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '5' },
    scenarios: { type: 'string', default: 'health,usage,gets' },
    setups: { type: 'string', default: 'direct,nginx-1,nginx-2' },
    database: { type: 'string', default: 'cluster_bench' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    encoding: { type: 'string', default: '' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
  },
});
const duration = Number(args.duration);
const runs = Number(args.runs);
const connections = Number(args.connections);
const warmup = Number(args.warmup);
const url = databaseUrlOf(args.postgres, args.database);
const data = await loadDataSet(url);
console.info(`${args.database}: ${data.accounts.length} accounts, ${data.eventIds.length} events`);

const scenarioMixes = {
  health: mixOf([kindNamed('health').name]),
  usage: mixOf(['usage another week']),
  gets: mixOf(otherGets),
} as const;
type Scenario = keyof typeof scenarioMixes;
const scenarios = args.scenarios.split(',').map((s) => s.trim()) as Scenario[];
for (const s of scenarios) if (!scenarioMixes[s]) throw new Error(`unknown scenario ${s}`);
const setupLabels = {
  direct: 'one instance, direct',
  'nginx-1': 'one instance behind nginx',
  'nginx-2': 'two instances behind nginx',
} as const;
type Setup = keyof typeof setupLabels;
const setups = args.setups.split(',').map((s) => s.trim()) as Setup[];
for (const s of setups) if (!setupLabels[s]) throw new Error(`unknown setup ${s}`);

const work = temporaryDirectory('cluster-bench-');
const children: Child[] = [];
async function stopAll() {
  for (const child of children.reverse()) await child.stop('SIGTERM');
}
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

interface Measurement {
  result: LoadResult;
  cpu: { servers: number; nginx: number; postgres: number; loadGenerator: number; other: number };
}
const results = new Map<string, Measurement[]>();
const started = performance.now();

try {
  const servers: Server[] = [];
  for (const n of [1, 2]) {
    const port = await freePort();
    const server = await startServer({
      name: `instance ${n}`,
      port,
      databaseUrl: url,
      logFile: path.join(work, `instance-${n}.log`),
      // The load generator gives each customer an address in X-Forwarded-For, and nginx adds its own hop.
      env: { REDIS_URL: args.redis, TRUST_PROXY: '2' },
    });
    servers.push(server);
    children.push(server);
  }
  const nginxes: Record<'nginx-1' | 'nginx-2', Nginx> = {
    'nginx-1': await startNginx({
      port: await freePort(),
      upstreams: [`127.0.0.1:${servers[0]?.port}`],
      prefix: fs.mkdtempSync(path.join(work, 'nginx-1-')),
    }),
    'nginx-2': await startNginx({
      port: await freePort(),
      upstreams: servers.map((s) => `127.0.0.1:${s.port}`),
      prefix: fs.mkdtempSync(path.join(work, 'nginx-2-')),
    }),
  };
  children.push(nginxes['nginx-1'], nginxes['nginx-2']);
  console.info(
    `instances ${servers.map((s) => `${s.base} (pid ${s.pid})`).join(', ')}; nginx ${nginxes['nginx-1'].base} ` +
      `(first only), ${nginxes['nginx-2'].base} (both); logs in ${work}`,
  );
  for (const server of servers) {
    const warm = await warmForecasts(server.base, data);
    console.info(`${server.name}: forecasts warmed, ${warm.requestsPerSecond.toFixed(0)} requests/s`);
  }

  const entry = (setup: Setup) => {
    if (setup === 'direct') {
      const server = servers[0] as Server;
      return { base: server.base, servers: [server], nginx: null };
    }
    return {
      base: nginxes[setup].base,
      servers: setup === 'nginx-1' ? [servers[0] as Server] : servers,
      nginx: nginxes[setup],
    };
  };
  const load = (setup: Setup, scenario: Scenario, seconds: number) => {
    const mix = scenarioMixes[scenario];
    return runLoad({
      base: entry(setup).base,
      connections,
      duration: seconds,
      next: () => {
        const kind = mix.next();
        return { kind, request: kind.build(data, args.encoding) };
      },
    });
  };

  for (const scenario of scenarios) for (const setup of setups) await load(setup, scenario, warmup);
  console.info(`warmed up (${warmup} s per scenario and setup)`);

  for (let run = 1; run <= runs; run++) {
    for (const scenario of scenarios) {
      for (const setup of setups) {
        const { servers: used, nginx } = entry(setup);
        const cpu = () => ({
          servers: used.reduce((sum, s) => sum + cpuSeconds(s.pid), 0),
          nginx: nginx ? cpuSeconds(nginx.pid) : 0,
          postgres: postgresCpuSeconds(),
          self: process.cpuUsage(),
          machine: machineBusySeconds(),
        });
        const before = cpu();
        const result = await load(setup, scenario, duration);
        const after = cpu();
        const self = process.cpuUsage(before.self);
        const per = (a: number, b: number) => (b - a) / result.durationSeconds;
        const measurement: Measurement = {
          result,
          cpu: {
            servers: per(before.servers, after.servers),
            nginx: per(before.nginx, after.nginx),
            postgres: per(before.postgres, after.postgres),
            loadGenerator: (self.user + self.system) / 1e6 / result.durationSeconds,
            other: 0,
          },
        };
        const c = measurement.cpu;
        c.other = Math.max(
          0,
          per(before.machine, after.machine) - c.servers - c.nginx - c.postgres - c.loadGenerator,
        );
        const key = `${scenario}|${setup}`;
        results.set(key, [...(results.get(key) ?? []), measurement]);
        console.info(
          `run ${run}/${runs} ${scenario} ${setupLabels[setup]}: ${result.requestsPerSecond.toFixed(0)} req/s, ` +
            `p50 ${result.p50} ms, p99 ${result.p99} ms, failures ${result.failures} (${describeCounts(result.unexpected)}); ` +
            `CPU cores: servers ${c.servers.toFixed(2)}, nginx ${c.nginx.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, ` +
            `load generator ${c.loadGenerator.toFixed(2)}, other ${c.other.toFixed(2)}`,
        );
      }
    }
  }
} finally {
  await stopAll();
}

// --- Report -----------------------------------------------------------------------------------------------

const median = (numbers: number[]) =>
  [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] as number;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-AU', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const lines = [
  `### Two instances behind nginx (${marketToday()})`,
  '',
  `Data: ${args.database} (copy of the usage data set), ${data.accounts.length} accounts. Machine: ${machineDescription()}. ` +
    `${connections} connections, ${duration} s per run, median of ${runs} runs` +
    `${args.encoding ? `, accept-encoding: ${args.encoding}` : ', no accept-encoding'}.`,
  '',
  '| scenario | setup | requests/s (median) | every run | p50 | p99 | failures | CPU cores: servers / nginx / PostgreSQL / load generator / other |',
  '|---|---|---|---|---|---|---|---|',
];
let failed = false;
for (const scenario of scenarios) {
  for (const setup of setups) {
    const list = results.get(`${scenario}|${setup}`) ?? [];
    const m = (f: (x: Measurement) => number) => median(list.map(f));
    const failures = list.reduce((sum, x) => sum + x.result.failures, 0);
    failed ||= failures > 0;
    lines.push(
      `| ${scenario} | ${setupLabels[setup]} | ${fmt(m((x) => x.result.requestsPerSecond))} | ` +
        `${list.map((x) => fmt(x.result.requestsPerSecond)).join('; ')} | ${m((x) => x.result.p50)} ms | ` +
        `${m((x) => x.result.p99)} ms | ${failures} | ${fmt(
          m((x) => x.cpu.servers),
          2,
        )} / ${fmt(
          m((x) => x.cpu.nginx),
          2,
        )} / ` +
        `${fmt(
          m((x) => x.cpu.postgres),
          2,
        )} / ${fmt(
          m((x) => x.cpu.loadGenerator),
          2,
        )} / ${fmt(
          m((x) => x.cpu.other),
          2,
        )} |`,
    );
  }
}
lines.push('');
console.info(`\n${lines.join('\n')}`);
const resultFile = path.join(root, 'bench/.data/cluster-result.md');
fs.mkdirSync(path.dirname(resultFile), { recursive: true });
fs.writeFileSync(resultFile, lines.join('\n'));
console.info(
  `written to ${path.relative(root, resultFile)}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed ? 1 : 0);
