/**
 * The data export of docs/contracts.md: one CSV row per stored interval in AEST, with the import (consumption) and
 * export (solar to grid) channels summed. Produced lazily, a month of reads at a time, so a long range
 * never sits in memory.
 */
import { addDays, eachDate } from '@portal/contracts';
import type { Database } from '../../db/index.ts';
import { groupedBy } from '../../lib/grouped-by.ts';
import { formatMicro } from './nem12/index.ts';
import { energyReadsOf, type StoredDayRead } from './queries.ts';
import type { SupplyHolder } from './supply-period.ts';

export const EXPORT_HEADER = 'interval_start,interval_minutes,import_kwh,export_kwh,quality';

/** The quality of intervals summed from several channels: actual only if all are actual. */
function combineQuality(flags: string[]): string {
  return flags.find((flag) => flag !== 'A') ?? 'A';
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The CSV rows of one day's reads (channels of one interval length together). */
export function exportRowsOfDay(date: string, reads: StoredDayRead[]): string[] {
  const lengths = [...new Set(reads.map((read) => read.intervalMinutes))].sort((a, b) => a - b);
  const rows: string[] = [];
  for (const minutes of lengths) {
    const channels = reads.filter((read) => read.intervalMinutes === minutes);
    const count = 1440 / minutes;
    for (let i = 0; i < count; i++) {
      let imported = 0;
      let exported = 0;
      const flags: string[] = [];
      for (const channel of channels) {
        const value = channel.intervalValues[i] ?? 0;
        if (channel.kind === 'import') imported += value;
        else exported += value;
        flags.push(channel.quality[i] ?? 'A');
      }
      rows.push(
        `${date}T${hhmm(i * minutes)},${minutes},${formatMicro(imported)},${formatMicro(exported)},${combineQuality(flags)}`,
      );
    }
  }
  return rows;
}

/**
 * Yields the export's lines (header first) of the days from `from` to `to` (both included) that the holder
 * holds: an account's supply period, or the whole meter for an operator's `--nmi`.
 */
export async function* exportCsvLines(
  db: Database,
  holder: SupplyHolder,
  from: string,
  to: string,
): AsyncGenerator<string> {
  yield EXPORT_HEADER;
  for (let start = from; start <= to; start = addDays(start, 31)) {
    const end = addDays(start, 30) < to ? addDays(start, 30) : to;
    const reads = await energyReadsOf(db, holder, start, end);
    const byDate = groupedBy(reads, (read) => read.readDate);
    for (const date of eachDate(start, end)) {
      const day = byDate.get(date);
      if (day) yield* exportRowsOfDay(date, day);
    }
  }
}
