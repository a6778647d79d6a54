/**
 * The data set of the cluster benchmarks: a copy of the usage benchmark's database (bench/usage/setup.ts), so
 * that the mixed load's writes never touch the database other benchmarks read, with what the customer calls
 * of docs/api.md#calls need beyond meter data, made through the operator command line (`portal`): every account invited
 * to Reduce & Be Rewarded, every account without solar invited to Happy Hours (sign-up open), and three
 * Reduce & Reward events of the past weeks with every account invited, settled from the meter data.
 *
 * The copy is `create database … template portal_bench_usage_<accounts>`, which PostgreSQL allows only while
 * nobody is connected to the source: the script retries for --wait seconds. Idempotent: an existing copy is
 * kept, invitations already made are kept, events are created once (by reference) and settling is idempotent.
 *   node --import tsx bench/cluster/prepare.ts [--accounts 1000] [--database cluster_bench] [--wait 600]
 *     [--postgres postgres://…/postgres]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { addDays, marketToday } from '@portal/contracts';
import pg from 'pg';
import { benchmarkProfile } from '../../apps/server/src/demo/nem12-generator.ts';
import { root } from '../support/processes.ts';
import { benchPublicId, DEFAULT_ADMIN_URL, databaseName } from '../usage/data-set.ts';
import { databaseUrlOf, EVENT_REFERENCE_PREFIX } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    database: { type: 'string', default: 'cluster_bench' },
    wait: { type: 'string', default: '600' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
  },
});
const accountCount = Number(args.accounts);
const source = databaseName(accountCount);
const target = args.database;
if (!/^[a-z_][a-z0-9_]*$/.test(target))
  throw new Error(`--database ${target}: lower case letters, digits, _`);
const url = databaseUrlOf(args.postgres, target);

const admin = new pg.Client({ connectionString: args.postgres });
await admin.connect();
try {
  const exists = await admin.query('select 1 from pg_database where datname = $1', [target]);
  if (exists.rowCount === 0) {
    const deadline = Date.now() + Number(args.wait) * 1000;
    for (;;) {
      try {
        await admin.query(`create database ${target} template ${source}`);
        console.info(`created ${target} as a copy of ${source}`);
        break;
      } catch (error) {
        // 55006: the source is being accessed by other users (a benchmark is reading it): wait for a gap.
        if ((error as { code?: string }).code !== '55006' || Date.now() > deadline) throw error;
        await sleep(2_000);
      }
    }
  } else {
    console.info(`${target} exists: kept`);
  }
} finally {
  await admin.end();
}

/** Runs the operator command line on the copy; throws with its output when it fails. */
function portal(...commandArgs: string[]): string {
  const result = spawnSync(process.execPath, [path.join(root, 'bin/portal.mjs'), ...commandArgs], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`portal ${commandArgs.slice(0, 3).join(' ')} …: ${result.stderr || result.stdout}`);
  }
  return result.stdout.trim();
}

const ids = Array.from({ length: accountCount }, (_, i) => benchPublicId(i));
const withoutSolar = ids.filter((_, i) => benchmarkProfile(i).solarKw === 0);
console.info(portal('offers', 'here-for-you', 'invite', ...ids));
console.info(portal('offers', 'happy-hours', 'invite', ...withoutSolar));
console.info(portal('offers', 'happy-hours', 'signup-end', 'none'));

// Three weekday evening events in the last weeks of the data (which ends yesterday).
const existing = portal('events', 'list');
const today = marketToday();
for (const [n, daysAgo] of [
  [1, 30],
  [2, 16],
  [3, 9],
] as const) {
  const reference = `${EVENT_REFERENCE_PREFIX}${n}`;
  if (existing.includes(reference)) continue;
  const day = addDays(today, -daysAgo);
  console.info(
    portal(
      'events',
      'create',
      '--start',
      `${day}T17:00`,
      '--end',
      `${day}T19:00`,
      '--factor',
      '-0.3',
      '--all',
      '--reference',
      reference,
    ),
  );
}
console.info(portal('events', 'settle'));

const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query(
  `select (select count(*) from accounts where public_id like 'bench-%') as accounts,
          (select count(*) from happy_hours_participants) as happy_hours,
          pg_size_pretty(pg_database_size(current_database())) as size`,
);
await client.end();
console.info(`${target}: ${JSON.stringify(rows[0])}`);
