/**
 * Monthly partitions of meter_reads and priced_days (docs/scaling.md, decision 0021). PostgreSQL (and PGlite) route a
 * row to the partition of its month; a month's partition must exist before a row of that month is written.
 * The importer checks a file whole first, then creates the partitions of its months (both tables), each in a
 * short transaction of its own: creating a partition locks the parent table, which must not be held for the
 * length of a file's import. A file that is rejected creates none.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';

/** Months known to exist, per database, so that a batch does not re-issue DDL. */
const known = new WeakMap<object, Set<string>>();

/** The tables partitioned by month of their market date. */
export const PARTITIONED_TABLES = ['meter_reads', 'priced_days'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

export const partitionName = (month: string, table: PartitionedTable) =>
  `${table}_y${month.slice(0, 4)}m${month.slice(5, 7)}`;

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** Creates a month's partition of each table unless it exists; `db` may be a transaction. */
async function createMonthPartitions(db: Database, month: string): Promise<void> {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`bad partition month ${month}`);
  // IF NOT EXISTS alone still races between two importers; the lock makes the check and create atomic.
  await db.execute(sql`select pg_advisory_xact_lock(7350202)`);
  for (const table of PARTITIONED_TABLES) {
    await db.execute(
      sql.raw(
        `create table if not exists ${partitionName(month, table)} partition of ${table} for values from ('${month}-01') to ('${nextMonth(month)}-01')`,
      ),
    );
  }
}

/** Creates the partitions of the given months ('YYYY-MM') that do not exist yet, in both tables. */
export async function ensureMonthPartitions(db: Database, months: Iterable<string>): Promise<void> {
  let seen = known.get(db);
  if (!seen) {
    seen = new Set();
    known.set(db, seen);
  }
  for (const month of new Set(months)) {
    if (seen.has(month)) continue;
    await db.transaction((tx) => createMonthPartitions(tx, month));
    seen.add(month);
  }
}

/**
 * Inside a transaction that is about to write priced days of these months: creates any partition missing
 * (only when reads were written without the importer, which creates them first).
 */
export async function ensureMonthPartitionsWithin(tx: Database, months: Iterable<string>): Promise<void> {
  const wanted = [...new Set(months)];
  if (wanted.length === 0) return;
  const names = wanted.map((month) => partitionName(month, 'priced_days'));
  const result = (await tx.execute(
    sql`select name from unnest(${`{${names.join(',')}}`}::text[]) as name where to_regclass(name) is null`,
  )) as unknown as { rows: { name: string }[] };
  for (const { name } of result.rows)
    await createMonthPartitions(tx, `${name.slice(-8, -4)}-${name.slice(-2)}`);
}
