/**
 * The scale data set in minutes rather than hours: `portal_bench_usage_<accounts>` as copies of the data set
 * of setup.ts (`--from` accounts, 1,000 by default). The database is made from that one as a template, then
 * each further block of `--from` accounts is the first block's accounts under new ids, public ids
 * (`bench-001001`…) and NMIs (as setup.ts would name them), with every row that hangs off an account or an
 * NMI copied in SQL: meter reads, tariffs, offers, Reduce & Reward invitations and results, curtailment.
 * Loading 10,000 meters x 400 days through the importer takes about 35 minutes on a quiet 2-core machine
 * (setup.ts --accounts 10000 does that); the copies make the same table sizes, which is what the scale test
 * measures. The triggers of migrations 0007 and 0008 give every copied account its usage version, as an import
 * would; the days they mark to price again are already priced, the priced days being copied with the reads
 * they were priced from (decision 0021), so those marks are cleared in the copy's transaction. Survey answers
 * (profiles, and each account's completed_survey) are copied with the rest, and stored similar-homes rows too.
 * `--source` and `--database` name other databases than `portal_bench_usage_<n>` (copies of them, say).
 *   node --import tsx bench/usage/scale.ts [--accounts 10000] [--from 1000] [--postgres postgres://…/postgres]
 *     [--source name] [--database name]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_ADMIN_URL, databaseName, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '10000' },
    from: { type: 'string', default: '1000' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
    source: { type: 'string' },
    database: { type: 'string' },
  },
});
const target = Number(args.accounts);
const block = Number(args.from);
if (!(block > 0 && target > block && target % block === 0)) {
  throw new Error('--accounts must be a multiple of --from, and larger');
}
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const admin = new pg.Client({ connectionString: args.postgres });
await admin.connect();
const source = args.source ?? databaseName(block);
const name = args.database ?? databaseName(target);
const { rows: busy } = await admin.query<{ n: number }>(
  'select count(*)::int as n from pg_stat_activity where datname = $1',
  [source],
);
if ((busy[0]?.n ?? 0) > 0) throw new Error(`${source} has open connections: a template must be idle`);
await admin.query(`drop database if exists ${name}`);
await admin.query(`create database ${name} template ${source}`);
await admin.end();
console.info(`created ${name} from ${source} (${elapsed()})`);

const db = new pg.Client({ connectionString: databaseUrl(args.postgres, name) });
await db.connect();

/** The columns to copy of each table keyed by account or NMI (identity columns are numbered anew). */
const { rows: columns } = await db.query<{ table: string; columns: string[] }>(
  `select table_name as table, array_agg(column_name::text order by ordinal_position) as columns
     from information_schema.columns c
    where table_schema = 'public' and is_identity = 'NO' and is_generated = 'NEVER'
      and exists (select 1 from pg_class p where p.relname = c.table_name and p.relispartition = false)
      and table_name in (select table_name from information_schema.columns
                          where table_schema = 'public' and column_name in ('account_id', 'nmi'))
    group by table_name`,
);
// Not copied: the accounts themselves (below), the versions (the triggers write them), what a customer or the
// mail run made (none in the data set), and the Tracker's stored answers and forecasts: each is stamped with its
// account's usage version, which the copy's triggers number anew (a copy would be stamped with a later version than
// its account has, so never current, and never replaced: decision 0036).
const skip = new Set([
  'accounts',
  'usage_versions',
  'usage_answers',
  'usage_forecasts',
  'priced_days_stale',
  'web_interactions',
  'email_snapshots',
]);

const padded = (expression: string, width: number) => `lpad((${expression})::text, ${width}, '0')`;
for (let copy = 1; copy < target / block; copy++) {
  const copyStarted = performance.now();
  await db.query('begin');
  await db.query(
    `create temp table copied on commit drop as
       select id as old_id, gen_random_uuid() as new_id, nmi as old_nmi, public_id as old_public_id,
              '7' || ${padded(`substr(nmi, 2)::int + ${copy * block}`, 9)} as new_nmi,
              'bench-' || ${padded(`substr(public_id, 7)::int + ${copy * block}`, 6)} as new_public_id
         from accounts
        where public_id like 'bench-%' and substr(public_id, 7)::int <= ${block}`,
  );
  const accountColumns = columns.find((table) => table.table === 'accounts')?.columns ?? [];
  const accountValues = accountColumns.map((column) =>
    column === 'id'
      ? 'c.new_id'
      : column === 'public_id'
        ? 'c.new_public_id'
        : column === 'nmi'
          ? 'c.new_nmi'
          : column === 'email'
            ? `replace(a.email, c.old_public_id, c.new_public_id)`
            : `a.${column}`,
  );
  await db.query(
    `insert into accounts (${accountColumns.join(', ')})
     select ${accountValues.join(', ')} from accounts a join copied c on c.old_id = a.id`,
  );
  let rows = 0;
  for (const { table, columns: names } of columns) {
    if (skip.has(table)) continue;
    const key = names.includes('account_id') ? 'account_id' : 'nmi';
    const values = names.map((column) =>
      column === 'account_id' ? 'c.new_id' : column === 'nmi' ? 'c.new_nmi' : `t.${column}`,
    );
    const result = await db.query(
      `insert into ${table} (${names.join(', ')})
       select ${values.join(', ')} from ${table} t
         join copied c on c.${key === 'account_id' ? 'old_id' : 'old_nmi'} = t.${key}`,
    );
    rows += result.rowCount ?? 0;
  }
  await db.query('delete from priced_days_stale where txid = txid_current()');
  await db.query('commit');
  console.info(
    `copy ${copy}/${target / block - 1}: accounts ${copy * block + 1}-${(copy + 1) * block}, ` +
      `${rows.toLocaleString('en-AU')} rows in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s; elapsed ${elapsed()}`,
  );
}
console.info('vacuum analyze…');
await db.query('vacuum analyze');
const { rows: summary } = await db.query<{ accounts: string; reads: string; size: string }>(
  `select (select count(*) from accounts where public_id like 'bench-%') as accounts,
          (select count(*) from meter_reads) as reads,
          pg_size_pretty(pg_database_size(current_database())) as size`,
);
await db.end();
console.info(
  `${name}: ${Number(summary[0]?.accounts).toLocaleString('en-AU')} bench accounts, ` +
    `${Number(summary[0]?.reads).toLocaleString('en-AU')} day rows, ${summary[0]?.size}; ${elapsed()}`,
);
