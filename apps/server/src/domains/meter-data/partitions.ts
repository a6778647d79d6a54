/**
 * Monthly partitions of meter_reads (design §7). PostgreSQL (and PGlite) route a row to the partition of its
 * month; a month's partition must exist before a read of that month is written. The importer scans a file
 * for its months and creates their partitions first, each in a short transaction of its own: creating a
 * partition locks the parent table, which must not be held for the length of a file's import.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';

/** Months known to exist, per database, so that a batch does not re-issue DDL. */
const known = new WeakMap<object, Set<string>>();

export const partitionName = (month: string) => `meter_reads_y${month.slice(0, 4)}m${month.slice(5, 7)}`;

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** Creates the partitions of the given months ('YYYY-MM') that do not exist yet. */
export async function ensureMonthPartitions(db: Database, months: Iterable<string>): Promise<void> {
  let seen = known.get(db);
  if (!seen) {
    seen = new Set();
    known.set(db, seen);
  }
  for (const month of new Set(months)) {
    if (seen.has(month)) continue;
    if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`bad partition month ${month}`);
    const name = partitionName(month);
    // IF NOT EXISTS alone still races between two importers; the lock makes the check and create atomic.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7350202)`);
      await tx.execute(
        sql.raw(
          `create table if not exists ${name} partition of meter_reads for values from ('${month}-01') to ('${nextMonth(month)}-01')`,
        ),
      );
    });
    seen.add(month);
  }
}

/** The months ('YYYY-MM') of the 300 records among NEM12 lines: a cheap pre-scan, no values parsed. */
export function monthOfNem12Line(line: string): string | undefined {
  if (!line.startsWith('300,') || line.length < 12) return undefined;
  const year = line.slice(4, 8);
  const month = line.slice(8, 10);
  if (!/^\d{4}$/.test(year) || !/^(0[1-9]|1[0-2])$/.test(month)) return undefined;
  return `${year}-${month}`;
}
