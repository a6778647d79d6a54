/**
 * The failover set-up of decision 0046 measured (issue 27 item 5), on `npm run ha -- up`'s own processes
 * (apps/server/src/ha/cluster.ts): two PostgreSQL nodes under Patroni with a synchronous standby, etcd,
 * HAProxy and one portal instance, under a temporary directory, on free ports.
 * 1. The write cost of synchronous replication, in one run: budgets saved through the portal one at a time,
 *    and one-row commits straight through the primary's address, with Patroni's synchronous_mode on, then
 *    off (the standby still streaming, asynchronously), then on again…, `--runs` times each, alternating.
 * 2. Failover: customers' writes (budgets) and reads (the customer block) in a loop through the portal while
 *    the primary's PostgreSQL is killed with SIGKILL; the time from the kill to the first write and the
 *    first read answered 200 again, the answers meanwhile (503 with Retry-After; any 500 or hang is counted),
 *    the longest request. `--failovers` times, each once the old primary is the synchronous standby again.
 *   node --import tsx bench/usage/failover.ts [--runs 3] [--writes 200] [--failovers 3] [--clients 4]
 * Writes the tables to bench/.data/failover-report.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { liftedCallLimits } from '../../apps/server/src/config.ts';
import { wrapPostgres } from '../../apps/server/src/db/index.ts';
import { createAccount } from '../../apps/server/src/domains/accounts/service.ts';
import {
  choosePorts,
  clusterStatus,
  type HaState,
  haDown,
  haUp,
  killPrimary,
  waitForSyncStandby,
} from '../../apps/server/src/ha/cluster.ts';
import { root } from '../support/processes.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    writes: { type: 'string', default: '200' },
    failovers: { type: 'string', default: '3' },
    clients: { type: 'string', default: '4' },
  },
});
const ACCOUNTS = 20;
const accountId = (n: number) => `bench-failover-${n % ACCOUNTS}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

const dir = fs.mkdtempSync(path.join(process.getuid?.() === 0 ? '/tmp' : os.tmpdir(), 'portal-bench-ha-'));
const log = (line: string) => console.info(`[${new Date().toISOString()}] ${line}`);

let state: HaState | undefined;
try {
  state = await haUp({
    dir,
    ports: await choosePorts(),
    demo: false,
    portalEnv: {
      ...liftedCallLimits,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
    },
    log,
  });
  const ha = state;
  const portal = ha.portalUrl as string;
  const setup = wrapPostgres(new pg.Pool({ connectionString: ha.primaryUrl, max: 2 }));
  try {
    for (let n = 0; n < ACCOUNTS; n++) {
      await createAccount(setup.db, {
        nmi: `60090${String(n).padStart(5, '0')}`,
        publicId: accountId(n),
        marketSegment: 'residential',
        clientCode: 'BRIGHTSIDE',
      });
    }
  } finally {
    await setup.close();
  }

  // 1. The write cost of synchronous replication.
  const leaderRest = async () => {
    const node = (await clusterStatus(ha)).find((n) => n.role === 'primary');
    const entry = ha.nodes.find((n) => n.name === node?.name);
    if (!entry) throw new Error('no primary');
    return `http://127.0.0.1:${entry.restPort}`;
  };
  const setSynchronous = async (on: boolean) => {
    const response = await fetch(`${await leaderRest()}/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ synchronous_mode: on }),
    });
    if (!response.ok) throw new Error(`PATCH /config: ${response.status} ${await response.text()}`);
    // Patroni applies it at its next loop: wait until the primary names (or no longer names) a standby.
    for (;;) {
      const client = new pg.Client({ connectionString: ha.primaryUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ names: string }>(
          "select current_setting('synchronous_standby_names') as names",
        );
        if (((rows[0]?.names ?? '') !== '') === on) break;
      } finally {
        await client.end();
      }
      await sleep(200);
    }
    if (on) await waitForSyncStandby(ha);
  };
  const timeBudgets = async (count: number) => {
    const times: number[] = [];
    for (let n = 0; n < count; n++) {
      const started = performance.now();
      const response = await fetch(`${portal}/api/settings/spend_target?account_id=${accountId(n)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ spend_target: 10 + (n % 90) }),
      });
      await response.arrayBuffer();
      if (response.status !== 204) throw new Error(`budget: ${response.status}`);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  };
  const timeCommits = async (count: number) => {
    const client = new pg.Client({ connectionString: ha.primaryUrl });
    await client.connect();
    try {
      await client.query(
        'create table if not exists bench_commits (id bigserial primary key, at timestamptz)',
      );
      const times: number[] = [];
      for (let n = 0; n < count; n++) {
        const started = performance.now();
        await client.query('insert into bench_commits (at) values (now())');
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    } finally {
      await client.end();
    }
  };
  const writes = Number(args.writes);
  await timeBudgets(writes); // warm-up: connections, plans
  const costRows: {
    mode: string;
    run: number;
    budgetP50: number;
    budgetP90: number;
    commitP50: number;
    commitP90: number;
  }[] = [];
  for (let run = 0; run < Number(args.runs); run++) {
    for (const on of run % 2 === 0 ? [true, false] : [false, true]) {
      await setSynchronous(on);
      const budgets = await timeBudgets(writes);
      const commits = await timeCommits(writes);
      const row = {
        mode: on ? 'synchronous' : 'asynchronous',
        run,
        budgetP50: quantile(budgets, 0.5),
        budgetP90: quantile(budgets, 0.9),
        commitP50: quantile(commits, 0.5),
        commitP90: quantile(commits, 0.9),
      };
      costRows.push(row);
      log(JSON.stringify(row));
    }
  }
  await setSynchronous(true);

  // 2. Failover under customers' writes and reads.
  const failoverRows: {
    killed: string;
    toWrite: number;
    toRead: number;
    answered503: number;
    answered500: number;
    failed: number;
    slowest: number;
    requests: number;
  }[] = [];
  for (let round = 0; round < Number(args.failovers); round++) {
    await waitForSyncStandby(ha);
    let stop = false;
    let killedAt = 0;
    let firstWrite = 0;
    let firstRead = 0;
    const counts = { ok: 0, s503: 0, s500: 0, other: 0, failed: 0 };
    let slowest = 0;
    const client = async (index: number) => {
      for (let n = 0; !stop; n++) {
        const write = n % 2 === 0;
        const started = performance.now();
        try {
          const response = await fetch(
            write
              ? `${portal}/api/settings/spend_target?account_id=${accountId(index + n)}`
              : `${portal}/api/accounts/customer?account_id=${accountId(index + n)}`,
            {
              method: write ? 'POST' : 'GET',
              ...(write
                ? {
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify({ spend_target: 1 + (n % 99) }),
                  }
                : {}),
              signal: AbortSignal.timeout(60_000),
            },
          );
          await response.arrayBuffer();
          const ended = performance.now();
          slowest = Math.max(slowest, ended - started);
          if (response.status < 300) {
            counts.ok++;
            if (killedAt && started > killedAt) {
              if (write && !firstWrite) firstWrite = ended;
              if (!write && !firstRead) firstRead = ended;
            }
          } else if (response.status === 503 && response.headers.get('retry-after')) counts.s503++;
          else if (response.status >= 500) counts.s500++;
          else counts.other++;
        } catch {
          counts.failed++;
        }
      }
    };
    const load = Promise.all(Array.from({ length: Number(args.clients) }, (_, i) => client(i)));
    await sleep(2_000);
    const { node } = await killPrimary(ha);
    killedAt = performance.now();
    log(`killed ${node.name}`);
    while (!firstWrite || !firstRead) {
      if (performance.now() - killedAt > 180_000) break;
      await sleep(50);
    }
    await sleep(1_000);
    stop = true;
    await load;
    const row = {
      killed: node.name,
      toWrite: firstWrite ? (firstWrite - killedAt) / 1000 : Number.NaN,
      toRead: firstRead ? (firstRead - killedAt) / 1000 : Number.NaN,
      answered503: counts.s503,
      answered500: counts.s500 + counts.other,
      failed: counts.failed,
      slowest: slowest / 1000,
      requests: counts.ok + counts.s503 + counts.s500 + counts.other + counts.failed,
    };
    failoverRows.push(row);
    log(JSON.stringify(row));
  }

  const median = (list: number[]) =>
    quantile(
      [...list].sort((a, b) => a - b),
      0.5,
    );
  const lines = [
    `| commit mode | budget saved through the portal, p50 ms | p90 ms | one-row commit, p50 ms | p90 ms | runs |`,
    '|---|---|---|---|---|---|',
  ];
  for (const mode of ['asynchronous', 'synchronous']) {
    const list = costRows.filter((row) => row.mode === mode);
    lines.push(
      `| ${mode} | ${median(list.map((r) => r.budgetP50)).toFixed(2)} | ${median(list.map((r) => r.budgetP90)).toFixed(2)} | ${median(list.map((r) => r.commitP50)).toFixed(2)} | ${median(list.map((r) => r.commitP90)).toFixed(2)} | ${list.length} |`,
    );
  }
  lines.push(
    '',
    '| failover | killed | to the first write answered, s | to the first read answered, s | 503 answers | 500 or other errors | no answer | slowest request, s | requests |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  failoverRows.forEach((row, index) => {
    lines.push(
      `| ${index + 1} | ${row.killed} | ${row.toWrite.toFixed(2)} | ${row.toRead.toFixed(2)} | ${row.answered503} | ${row.answered500} | ${row.failed} | ${row.slowest.toFixed(2)} | ${row.requests} |`,
    );
  });
  const report = lines.join('\n');
  console.info(`\n${report}`);
  fs.mkdirSync(path.join(root, 'bench/.data'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/.data/failover-report.md'), `${report}\n`);
} finally {
  if (state) await haDown(dir);
}
