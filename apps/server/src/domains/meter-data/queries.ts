/** Reads of stored interval data. */
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { meterReads } from '../../db/schema.ts';

export type StoredDayRead = Pick<
  typeof meterReads.$inferSelect,
  'readDate' | 'suffix' | 'kind' | 'intervalMinutes' | 'intervalValues' | 'quality'
>;

/** The import and export channels of one NMI between two market dates (both included), by date and suffix. */
export async function energyReadsForNmi(
  db: Database,
  nmi: string,
  from: string,
  to: string,
): Promise<StoredDayRead[]> {
  return db
    .select({
      readDate: meterReads.readDate,
      suffix: meterReads.suffix,
      kind: meterReads.kind,
      intervalMinutes: meterReads.intervalMinutes,
      intervalValues: meterReads.intervalValues,
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
}
