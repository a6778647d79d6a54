/**
 * Reads from a standby (decision 0044) beside reads from the primary, in the same run: two servers on the same
 * bench database, one with DATABASE_URL only ("primary"), one with DATABASE_READ_URL too ("standby"); each
 * scenario is measured on one then the other, run after run, so that the machine's other load falls on both.
 * Where the statements went is read from each node's own pg_stat_database (a hot standby counts its own).
 * Then read-your-writes: a budget saved on each server (the standby's answers its write with the primary's
 * position and a signed cookie), and a customer read with and without that cookie.
 *   node --import tsx bench/usage/standby.ts --primary postgres://…:55432/postgres
 *     --standby postgres://…:55433/portal_bench_usage_1000 [--accounts 1000] [--duration 10] [--runs 3]
 *     [--connections 16] [--scenarios usage-current,usage-random,customer] [--writes 200]
 * The primary needs the bench data (bench/usage/setup.ts, or a copy of it) and the standby must stream from it.
 * A pair made of a copy, as the postgres user, leaving the shared cluster at 5432 as it is (docs/benchmarks.md):
 *   initdb -D $D/primary -A trust && pg_ctl start -D $D/primary -o '-p 55432 -k $D'
 *   createdb -p 55432 portal_bench_usage_1000
 *   pg_dump -p 5432 -Fc portal_bench_usage_1000 | pg_restore -p 55432 -d portal_bench_usage_1000
 *   pg_basebackup -h 127.0.0.1 -p 55432 -D $D/standby -R -X stream -c fast
 *   pg_ctl start -D $D/standby -o '-p 55433 -k $D'
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, daysBetween } from '@portal/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, root, type Server, startServer, temporaryDirectory } from '../support/processes.ts';
import { databaseName, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    primary: { type: 'string' },
    standby: { type: 'string' },
    accounts: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    scenarios: { type: 'string', default: 'usage-current,usage-random,customer' },
    writes: { type: 'string', default: '200' },
  },
});
if (!args.primary || !args.standby)
  throw new Error('--primary <admin URL> and --standby <database URL> are needed');
const dbUrl = databaseUrl(args.primary, Number(args.accounts));
const dbName = databaseName(Number(args.accounts));
const standbyUrl = args.standby;

const accounts = await (async () => {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ publicId: string; first: string; last: string }>(
      `select a.public_id as "publicId", min(m.read_date)::text as first, max(m.read_date)::text as last
         from accounts a join meter_reads m on m.nmi = a.nmi and m.suffix = 'E1'
        where a.public_id like 'bench-%' group by a.public_id order by a.public_id`,
    );
    return rows;
  } finally {
    await client.end();
  }
})();
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
const paths: Record<string, () => string> = {
  'usage-current': () => `/api/tracker/usage?account_id=${pick(accounts).publicId}`,
  'usage-random': () => {
    const account = pick(accounts);
    const day = Math.floor(Math.random() * (daysBetween(account.first, account.last) + 1));
    return `/api/tracker/usage?account_id=${account.publicId}&from=${addDays(account.first, day)}`;
  },
  customer: () => `/api/accounts/customer?account_id=${pick(accounts).publicId}`,
};
const scenarios = args.scenarios.split(',').map((name) => name.trim());
for (const name of scenarios) if (!paths[name]) throw new Error(`unknown scenario ${name}`);

/** Transactions counted by a node for the bench database (its own statistics: a standby keeps its own). */
async function transactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
      [dbName],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const logs = temporaryDirectory('portal-bench-standby-');
const servers: Server[] = [];
try {
  const primaryOnly = await startServer({
    name: 'primary',
    port: await freePort(),
    databaseUrl: dbUrl,
    logFile: path.join(logs, 'primary.log'),
  });
  servers.push(primaryOnly);
  const withStandby = await startServer({
    name: 'standby',
    port: await freePort(),
    databaseUrl: dbUrl,
    logFile: path.join(logs, 'standby.log'),
    env: { DATABASE_READ_URL: standbyUrl },
  });
  servers.push(withStandby);
  for (;;) {
    const health = (await (await fetch(`${withStandby.base}/api/health`)).json()) as {
      standbys: { state: string }[];
    };
    if (health.standbys[0]?.state === 'in_use') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Every account's current week once on each server: built and stored by the first (on the primary), then
  // found stored by the second on its standby; each server computes each account's forecast once and keeps it.
  for (const server of servers) {
    await autocannon({
      url: server.base,
      connections: 8,
      amount: accounts.length,
      requests: [
        {
          method: 'GET',
          setupRequest: (() => {
            let next = 0;
            return (request) => ({
              ...request,
              path: `/api/tracker/usage?account_id=${accounts[next++ % accounts.length]?.publicId}`,
            });
          })(),
        },
      ],
    });
  }

  const measure = async (server: Server, scenario: string) => {
    const before = [await transactions(dbUrl), await transactions(standbyUrl)];
    const result = await autocannon({
      url: server.base,
      connections: Number(args.connections),
      duration: Number(args.duration),
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[scenario]?.() }) }],
    });
    // pg_stat_database is reported when a backend goes idle, at most once a second, else 10 s later.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const after = [await transactions(dbUrl), await transactions(standbyUrl)];
    const requests = result.requests.total;
    return {
      server: server.name,
      scenario,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      onPrimary: ((after[0] ?? 0) - (before[0] ?? 0)) / requests,
      onStandby: ((after[1] ?? 0) - (before[1] ?? 0)) / requests,
    };
  };
  const rows: Awaited<ReturnType<typeof measure>>[] = [];
  for (let run = 0; run < Number(args.runs); run++) {
    for (const scenario of scenarios) {
      for (const server of run % 2 === 0 ? servers : [...servers].reverse()) {
        const row = await measure(server, scenario);
        rows.push(row);
        console.info(JSON.stringify(row));
      }
    }
  }

  // Read-your-writes: a budget saved on each server, one at a time; then a customer read with the cookie.
  const writes = Number(args.writes);
  const timed = async (server: Server, call: (index: number) => Promise<Response>) => {
    const times: number[] = [];
    for (let index = 0; index < writes; index++) {
      const started = performance.now();
      const response = await call(index);
      await response.arrayBuffer();
      if (response.status >= 300) throw new Error(`${server.name}: ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return {
      p50: times[Math.floor(times.length / 2)] as number,
      p90: times[Math.floor(times.length * 0.9)] as number,
    };
  };
  const save = (server: Server) => (index: number) =>
    fetch(
      `${server.base}/api/settings/spend_target?account_id=${accounts[index % accounts.length]?.publicId}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ spend_target: 20 + (index % 50) }),
      },
    );
  const writeRows = [];
  for (const server of servers)
    writeRows.push({ server: server.name, ...(await timed(server, save(server))) });
  const written = await save(withStandby)(0);
  const cookie = (written.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const read = (server: Server, withCookie: boolean) => (index: number) =>
    fetch(`${server.base}/api/accounts/customer?account_id=${accounts[index % accounts.length]?.publicId}`, {
      headers: withCookie ? { cookie } : {},
    });
  const readRows = [
    { reads: 'primary server', ...(await timed(primaryOnly, read(primaryOnly, false))) },
    { reads: 'standby server, no cookie', ...(await timed(withStandby, read(withStandby, false))) },
    { reads: 'standby server, cookie', ...(await timed(withStandby, read(withStandby, true))) },
  ];

  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
  const lines = [
    `| scenario | server | req/s | p50 ms | p99 ms | errors | statements/request on primary | on standby |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const scenario of scenarios) {
    for (const server of servers) {
      const list = rows.filter((row) => row.scenario === scenario && row.server === server.name);
      lines.push(
        `| ${scenario} | ${server.name} | ${median(list.map((r) => r.rps)).toFixed(0)} | ${median(list.map((r) => r.p50))} | ${median(list.map((r) => r.p99))} | ${list.reduce((s, r) => s + r.errors, 0)} | ${median(list.map((r) => r.onPrimary)).toFixed(2)} | ${median(list.map((r) => r.onStandby)).toFixed(2)} |`,
      );
    }
  }
  lines.push('', '| budget saved, one at a time | p50 ms | p90 ms |', '|---|---|---|');
  for (const row of writeRows)
    lines.push(`| ${row.server} | ${row.p50.toFixed(2)} | ${row.p90.toFixed(2)} |`);
  lines.push('', '| customer read, one at a time | p50 ms | p90 ms |', '|---|---|---|');
  for (const row of readRows) lines.push(`| ${row.reads} | ${row.p50.toFixed(2)} | ${row.p90.toFixed(2)} |`);
  const report = lines.join('\n');
  console.info(`\n${report}`);
  fs.mkdirSync(path.join(root, 'bench/.data'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/.data/standby-report.md'), `${report}\n`);
} finally {
  for (const server of servers) await server.stop();
}
