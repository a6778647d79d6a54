/** Reads of stored interval data, by the supply period of the account that asks (decision 0034). */
import { type AnyColumn, and, asc, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Database } from '../../db/index.ts';
import { meterReads } from '../../db/schema.ts';
import { daysHeld, type SupplyHolder } from './supply-period.ts';

export type StoredDayRead = Pick<
  typeof meterReads.$inferSelect,
  'readDate' | 'suffix' | 'kind' | 'intervalMinutes' | 'intervalValues' | 'quality'
>;

/**
 * The import and export channels of the holder's meter between two market dates (both included), by date and
 * suffix: only the days the holder holds (an account's supply period; `wholeMeter` for an operator's export).
 * The values come as one comma-separated string per day: the drivers' parsing of a bigint[] literal (quoted
 * strings, then numbers) was the largest cost of a usage request (docs/benchmarks.md).
 */
export async function energyReadsOf(
  db: Database,
  holder: SupplyHolder,
  from: string,
  to: string,
): Promise<StoredDayRead[]> {
  const held = daysHeld(holder, from, to);
  if (!held) return [];
  const rows = await db
    .select({
      readDate: meterReads.readDate,
      suffix: meterReads.suffix,
      kind: meterReads.kind,
      intervalMinutes: meterReads.intervalMinutes,
      values: sql<string>`array_to_string(${meterReads.intervalValues}, ',', '')`,
      quality: meterReads.quality,
    })
    .from(meterReads)
    .where(
      and(
        eq(meterReads.nmi, holder.nmi),
        between(meterReads.readDate, held.from, held.to),
        inArray(meterReads.kind, ['import', 'export']),
      ),
    )
    .orderBy(asc(meterReads.readDate), asc(meterReads.suffix));
  return rows.map(({ values, ...read }) => ({ ...read, intervalValues: parseValues(values) }));
}

function parseValues(text: string): number[] {
  if (text === '') return [];
  const parts = text.split(',');
  const values = new Array<number>(parts.length);
  for (let i = 0; i < parts.length; i++) values[i] = Number(parts[i]);
  return values;
}

/** SQL: the date column's day is one the holder holds (its supply period, both ends included). */
export function heldOn(holder: Pick<SupplyHolder, 'supplyFrom' | 'supplyTo'>, date: AnyColumn): SQL {
  return sql`${date} <@ daterange(${holder.supplyFrom}::date, ${holder.supplyTo}::date, '[]')`;
}

/** Days of an account's NMI to read: `from` and `to` included, null for unbounded. */
export interface ReadWindow {
  accountId: string;
  nmi: string;
  from: string | null;
  to: string | null;
}

/** The windows as one statement's table `w(account_id, nmi, from_date, to_date)`, an open end as ±infinity. */
export const windowsTable = (windows: readonly ReadWindow[]): SQL => sql`unnest(
      ${arrayLiteral(windows.map((window) => window.accountId))}::uuid[],
      ${arrayLiteral(windows.map((window) => window.nmi))}::text[],
      ${arrayLiteral(windows.map((window) => window.from ?? '-infinity'))}::date[],
      ${arrayLiteral(windows.map((window) => window.to ?? 'infinity'))}::date[]
    ) as w(account_id, nmi, from_date, to_date)`;

export type WindowRead = StoredDayRead & { accountId: string };

/**
 * The import and export channels inside each window, with the window's account: one statement for many
 * accounts (the repricing of an import's meters). Windows of one account must not overlap.
 */
export async function energyReadsInWindows(
  db: Database,
  windows: readonly ReadWindow[],
): Promise<WindowRead[]> {
  if (windows.length === 0) return [];
  const result = (await db.execute(sql`
    select w.account_id, r.read_date::text as read_date, r.suffix, r.kind, r.interval_minutes, r.quality,
      array_to_string(r.interval_values, ',', '') as values
    from ${windowsTable(windows)}
    join ${meterReads} r on r.nmi = w.nmi and r.read_date between w.from_date and w.to_date
    where r.kind in ('import', 'export')
    order by w.account_id, r.read_date, r.suffix`)) as unknown as {
    rows: {
      account_id: string;
      read_date: string;
      suffix: string;
      kind: 'import' | 'export';
      interval_minutes: number;
      quality: string;
      values: string;
    }[];
  };
  return result.rows.map((row) => ({
    accountId: row.account_id,
    readDate: row.read_date,
    suffix: row.suffix,
    kind: row.kind,
    intervalMinutes: Number(row.interval_minutes),
    intervalValues: parseValues(row.values),
    quality: row.quality,
  }));
}
