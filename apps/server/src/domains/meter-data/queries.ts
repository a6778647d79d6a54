/** Reads of stored interval data. */
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { meterReads } from '../../db/schema.ts';

export type StoredDayRead = Pick<
  typeof meterReads.$inferSelect,
  'readDate' | 'suffix' | 'kind' | 'intervalMinutes' | 'intervalValues' | 'quality'
>;

/**
 * The import and export channels of one NMI between two market dates (both included), by date and suffix.
 * The values come as one comma-separated string per day: the drivers' parsing of a bigint[] literal (quoted
 * strings, then numbers) was the largest cost of a usage request (docs/benchmarks.md).
 */
export async function energyReadsForNmi(
  db: Database,
  nmi: string,
  from: string,
  to: string,
): Promise<StoredDayRead[]> {
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
        eq(meterReads.nmi, nmi),
        between(meterReads.readDate, from, to),
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

/** A PostgreSQL array literal of text values, passed as one parameter (Drizzle expands a JS array into a list). */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** Days of an account's NMI to read: `from` and `to` included, null for unbounded. */
export interface ReadWindow {
  accountId: string;
  nmi: string;
  from: string | null;
  to: string | null;
}

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
    from unnest(
      ${arrayLiteral(windows.map((window) => window.accountId))}::uuid[],
      ${arrayLiteral(windows.map((window) => window.nmi))}::text[],
      ${arrayLiteral(windows.map((window) => window.from ?? '-infinity'))}::date[],
      ${arrayLiteral(windows.map((window) => window.to ?? 'infinity'))}::date[]
    ) as w(account_id, nmi, from_date, to_date)
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
