/**
 * Migration 0010 (decision 0034) on a database as it stood before it: today's accounts get supply periods. The
 * first account of a retailer's NMI starts at its meter's first read or its creation, whichever is earlier; a
 * later one at its creation (at least a day after the one before), which closes the one before; what was priced
 * for an account outside its period is removed. Run on an embedded database migrated to 0009 by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPglite } from '../../src/db/pglite.ts';

const folder = path.resolve(import.meta.dirname, '../../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

function statementsOf(tag: string): string[] {
  return fs
    .readFileSync(path.join(folder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

describe('migration 0010: supply periods of the accounts that exist', () => {
  it('starts, closes and trims each account as the rule says, and leaves a valid exclusion', async () => {
    const db = await createPglite();
    try {
      const tagOf = (idx: number) => journal.entries.find((entry) => entry.idx === idx)?.tag as string;
      for (const entry of journal.entries.filter((e) => e.idx < 10)) {
        for (const statement of statementsOf(entry.tag)) await db.exec(statement);
      }
      await db.exec(`
        insert into retailers (client_code, name) values ('R1', 'R1'), ('R2', 'R2');
        create table meter_reads_t1 partition of meter_reads for values from ('2024-01-01') to ('2027-01-01');
        create table priced_days_t1 partition of priced_days for values from ('2024-01-01') to ('2027-01-01');
        insert into accounts (id, public_id, client_code, nmi, created_at) values
          ('00000000-0000-0000-0000-00000000000a', 'first-of-x', 'R1', 'X000000001', '2025-03-01T00:00:00Z'),
          ('00000000-0000-0000-0000-00000000000b', 'second-of-x', 'R1', 'X000000001', '2026-03-09T15:30:00Z'),
          ('00000000-0000-0000-0000-00000000000c', 'alone-on-y', 'R1', 'Y000000001', '2026-05-01T00:00:00Z'),
          ('00000000-0000-0000-0000-00000000000d', 'same-day-1', 'R1', 'Z000000001', '2026-06-01T01:00:00Z'),
          ('00000000-0000-0000-0000-00000000000e', 'same-day-2', 'R1', 'Z000000001', '2026-06-01T02:00:00Z'),
          ('00000000-0000-0000-0000-00000000000f', 'other-retailer', 'R2', 'X000000001', '2026-01-01T00:00:00Z');
        insert into meter_reads (nmi, read_date, suffix, kind, unit, interval_minutes, interval_values, quality, import_id)
        values ('X000000001', '2024-12-01', 'E1', 'import', 'KWH', 30, '{1}', 'A', 1),
               ('Y000000001', '2026-06-15', 'E1', 'import', 'KWH', 30, '{1}', 'A', 1);
        insert into priced_days (nmi, account_id, market_date, has_import, has_export) values
          ('X000000001', '00000000-0000-0000-0000-00000000000a', '2026-01-01', true, false),
          ('X000000001', '00000000-0000-0000-0000-00000000000a', '2026-04-01', true, false),
          ('X000000001', '00000000-0000-0000-0000-00000000000b', '2026-04-01', true, false);
      `);
      for (const statement of statementsOf(tagOf(10))) await db.exec(statement);

      const periods = await db.query<{ public_id: string; supply_from: string; supply_to: string | null }>(
        `select public_id, supply_from::text, supply_to::text from accounts order by public_id`,
      );
      expect(periods.rows).toEqual([
        // Created at 01:30 AEST on 10 March: its first day; the account before it ends the day before.
        { public_id: 'alone-on-y', supply_from: '2026-05-01', supply_to: null },
        { public_id: 'first-of-x', supply_from: '2024-12-01', supply_to: '2026-03-09' },
        { public_id: 'other-retailer', supply_from: '2024-12-01', supply_to: null },
        { public_id: 'same-day-1', supply_from: '2026-06-01', supply_to: '2026-06-01' },
        { public_id: 'same-day-2', supply_from: '2026-06-02', supply_to: null },
        { public_id: 'second-of-x', supply_from: '2026-03-10', supply_to: null },
      ]);
      const priced = await db.query<{ account_id: string; market_date: string }>(
        `select account_id, market_date::text from priced_days order by account_id, market_date`,
      );
      expect(priced.rows.map((row) => `${row.account_id.slice(-1)} ${row.market_date}`)).toEqual([
        'a 2026-01-01',
        'b 2026-04-01',
      ]);
      await expect(
        db.exec(`update accounts set supply_to = null where public_id = 'first-of-x'`),
      ).rejects.toThrow(/accounts_one_holder_per_day/);
    } finally {
      await db.close();
    }
  });
});
