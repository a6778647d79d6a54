/**
 * The bookkeeping of days waiting to be priced (decision 0021): database triggers record the days each write
 * makes stale in `priced_days_stale` (migration 0008); pricing takes them from there, merged per account and
 * in batches that bound its memory, with the accounts locked in one order.
 */
import { dayNumber } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Database } from '../../db/index.ts';
import { groupedBy } from '../../lib/grouped-by.ts';

/** Days of one account to price again; null ends are unbounded. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/** Stale ranges by account id. */
export type StaleRanges = Map<string, DayRange[]>;

/**
 * Days priced in one batch of statements (at most; an account is never split): bounds the memory of pricing
 * an import of many meters or a whole history, about 4 KB of reads a day.
 */
export const DAYS_PER_BATCH = 10_000;
/** What an unbounded range is counted as, for batching: a long history. */
export const UNBOUNDED_DAYS = 1_000;
const ACCOUNTS_PER_BATCH = 500;

const startOf = (range: DayRange) => range.from ?? '';
const endOf = (range: DayRange) => range.to ?? '\uffff';

/** Overlapping ranges of an account merged into one (sorted by start). Pure. */
export function mergeRanges(ranges: readonly DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => startOf(a).localeCompare(startOf(b)));
  const merged: DayRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && startOf(range) <= endOf(last)) {
      if (endOf(range) > endOf(last)) last.to = range.to;
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

function daysIn(range: DayRange): number {
  if (range.from === null || range.to === null) return UNBOUNDED_DAYS;
  return Math.max(1, dayNumber(range.to) - dayNumber(range.from) + 1);
}

/** Accounts in batches of about DAYS_PER_BATCH days (at most ACCOUNTS_PER_BATCH accounts). */
export function batchesOf(ranges: ReadonlyMap<string, DayRange[]>): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let days = 0;
  for (const id of [...ranges.keys()].sort()) {
    const own = (ranges.get(id) ?? []).reduce((sum, range) => sum + daysIn(range), 0);
    if (batch.length > 0 && (days + own > DAYS_PER_BATCH || batch.length >= ACCOUNTS_PER_BATCH)) {
      batches.push(batch);
      batch = [];
      days = 0;
    }
    batch.push(id);
    days += own;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

interface StaleRow {
  account_id: string;
  from_date: string | null;
  to_date: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function rangesByAccount(rows: readonly StaleRow[]): StaleRanges {
  return groupedBy(
    rows,
    (row) => row.account_id,
    (row) => ({ from: row.from_date, to: row.to_date }),
  );
}

/**
 * Takes (deletes and returns) the ranges the calling transaction's own writes made stale. The triggers that
 * recorded them locked the accounts' usage_versions rows for this transaction.
 */
export async function takeOwnStaleRanges(tx: Database): Promise<StaleRanges> {
  return rangesByAccount(
    rowsOf<StaleRow>(
      await tx.execute(sql`
        delete from priced_days_stale where txid = txid_current()
        returning account_id, from_date::text as from_date, to_date::text as to_date`),
    ),
  );
}

/** Takes (deletes and returns) every stale range of these accounts, whoever left them; lock them first. */
export async function takeStaleRangesOf(tx: Database, accountIds: readonly string[]): Promise<StaleRanges> {
  return rangesByAccount(
    rowsOf<StaleRow>(
      await tx.execute(sql`
        delete from priced_days_stale where account_id = any(${arrayLiteral(accountIds)}::uuid[])
        returning account_id, from_date::text as from_date, to_date::text as to_date`),
    ),
  );
}

/** Forgets the stale ranges of these accounts that start on or after `from` (all of them when null). */
export async function clearStaleFrom(
  tx: Database,
  accountIds: readonly string[],
  from: string | null,
): Promise<void> {
  await tx.execute(sql`
    delete from priced_days_stale
    where account_id = any(${arrayLiteral(accountIds)}::uuid[])
      and ${from === null ? sql`true` : sql`from_date >= ${from}`}`);
}

/** Of these accounts, those with stale days. */
export async function accountsWithStaleDays(db: Database, accountIds: readonly string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = rowsOf<{ account_id: string }>(
    await db.execute(sql`
      select distinct account_id from priced_days_stale
      where account_id = any(${arrayLiteral(accountIds)}::uuid[])`),
  );
  return rows.map((row) => row.account_id);
}

/**
 * Locks the accounts' usage versions for this transaction, in id order (no deadlock between two repricers),
 * and raises them: whatever was computed from the old prices is not served again.
 */
export async function lockAccounts(tx: Database, accountIds: readonly string[]): Promise<void> {
  await tx.execute(sql`
    insert into usage_versions (account_id)
    select id from accounts where id = any(${arrayLiteral([...accountIds].sort())}::uuid[]) order by id
    on conflict (account_id) do update set version = usage_versions.version + 1`);
}
