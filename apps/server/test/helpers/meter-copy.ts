/**
 * A meter of its own for a test account: one retailer's accounts never hold one meter on the same day
 * (decision 0034), so tests that need many accounts with real data copy a demo meter's reads to new NMIs.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/index.ts';
import { meterReads } from '../../src/db/schema.ts';

/** Copies the reads of `from` on and after `since` to the meter `to` (before its account is made). */
export async function copyMeterReads(db: Database, from: string, to: string, since: string): Promise<void> {
  await db.execute(sql`
    insert into ${meterReads} (nmi, read_date, suffix, kind, unit, interval_minutes, interval_values, quality,
      quality_method, reason_code, reason_description, update_time, msats_load_time, import_id)
    select ${to}, read_date, suffix, kind, unit, interval_minutes, interval_values, quality, quality_method,
      reason_code, reason_description, update_time, msats_load_time, import_id
    from ${meterReads} where nmi = ${from} and read_date >= ${since}`);
}
