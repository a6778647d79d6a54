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
