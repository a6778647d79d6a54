/**
 * Pricing (decision 0021): the writer of priced days. A writer of reads, tariffs, assignments, accounts or Happy
 * Hours slots prices its own transaction's stale days before it commits (`repriceOwnChanges`, `withPricing`),
 * so readers never see new reads or tariffs with old prices. Days left stale by a writer that did not (a
 * person with psql) are priced by their next reader (`ensurePriced`), and by `portal billing reprice`
 * (`repriceAccounts`).
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { rowsByColumns } from '../../db/rows-by-columns.ts';
import { type NewPricedDayRow, pricedDays } from '../../db/schema/priced-days.ts';
import { accounts } from '../../db/schema.ts';
import { ensureMonthPartitionsWithin } from '../meter-data/partitions.ts';
import { energyReadsInWindows, type ReadWindow, windowsTable } from '../meter-data/queries.ts';
import { daysHeld } from '../meter-data/supply-period.ts';
import { priceAccountDay } from './priced-day.ts';
import { pricedDayRow } from './priced-day-rows.ts';
import { slotHistories } from './slot-histories.ts';
import type { ChannelDay } from './spend.ts';
import {
  accountsWithStaleDays,
  batchesOf,
  clearStaleFrom,
  DAYS_PER_BATCH,
  type DayRange,
  lockAccounts,
  mergeRanges,
  type StaleRanges,
  takeOwnStaleRanges,
  takeStaleRangesOf,
  UNBOUNDED_DAYS,
} from './stale-days.ts';
import { freeWindowsOn } from './tariff.ts';
import { tariffAssignmentsOfAccounts } from './tariff-reads.ts';

const ROWS_PER_INSERT = 400;

/** Days of an account to price again, and of them those its supply period holds (null: none). */
type PricingWindow = ReadWindow & { held: DayRange | null };

/**
 * Prices the days inside the windows (windows of one account must not overlap) and replaces what is stored
 * for them: a day without reads any more, or outside the account's supply period, loses its row.
 */
async function priceWindows(tx: Database, windows: readonly PricingWindow[]): Promise<number> {
  if (windows.length === 0) return 0;
  const accountIds = [...new Set(windows.map((window) => window.accountId))];
  // One after the other: a transaction is one connection.
  const reads = await energyReadsInWindows(
    tx,
    windows.flatMap((window) => (window.held ? [{ ...window, ...window.held }] : [])),
  );
  const assignments = await tariffAssignmentsOfAccounts(tx, accountIds);
  const slots = await slotHistories(tx, accountIds);
  const nmiOf = new Map(windows.map((window) => [window.accountId, window.nmi]));
  const rows: NewPricedDayRow[] = [];
  let index = 0;
  while (index < reads.length) {
    const first = reads[index] as (typeof reads)[number];
    const channels: ChannelDay[] = [];
    for (
      let read = reads[index];
      read && read.accountId === first.accountId && read.readDate === first.readDate;
      read = reads[++index]
    ) {
      channels.push({
        suffix: read.suffix,
        kind: read.kind as ChannelDay['kind'],
        intervalMinutes: read.intervalMinutes,
        values: read.intervalValues,
        quality: read.quality,
      });
    }
    const history = slots.get(first.accountId);
    const day = priceAccountDay({
      date: first.readDate,
      channels,
      assignments: assignments.get(first.accountId) ?? [],
      freeWindows: history ? freeWindowsOn(history, first.readDate) : [],
    });
    rows.push(pricedDayRow(nmiOf.get(first.accountId) as string, first.accountId, day));
  }
  await tx.execute(sql`
    delete from ${pricedDays} p
    using ${windowsTable(windows)}
    where p.nmi = w.nmi and p.account_id = w.account_id and p.market_date between w.from_date and w.to_date`);
  await ensureMonthPartitionsWithin(
    tx,
    rows.map((row) => row.marketDate.slice(0, 7)),
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx.execute(
      sql`insert into ${pricedDays} ${rowsByColumns(pricedDays, rows.slice(start, start + ROWS_PER_INSERT))}`,
    );
  }
  return rows.length;
}

export interface RepriceSummary {
  accounts: number;
  days: number;
  /** The accounts priced (their usage versions raised). */
  accountIds: string[];
}

/** Prices the ranges, in batches of accounts; the accounts must be locked by the caller's transaction. */
async function priceRanges(tx: Database, ranges: StaleRanges): Promise<RepriceSummary> {
  const summary: RepriceSummary = { accounts: 0, days: 0, accountIds: [] };
  for (const batch of batchesOf(ranges)) {
    const found = await tx
      .select({
        id: accounts.id,
        nmi: accounts.nmi,
        supplyFrom: accounts.supplyFrom,
        supplyTo: accounts.supplyTo,
      })
      .from(accounts)
      .where(inArray(accounts.id, batch));
    const windows = found.flatMap((holder) =>
      mergeRanges(ranges.get(holder.id) ?? []).map((range) => ({
        accountId: holder.id,
        nmi: holder.nmi,
        ...range,
        held: daysHeld(holder, range.from, range.to),
      })),
    );
    summary.days += await priceWindows(tx, windows);
    summary.accounts += found.length;
    summary.accountIds.push(...found.map((holder) => holder.id));
  }
  return summary;
}

/**
 * Prices the days made stale by the calling transaction's own writes (its triggers recorded them), before it
 * commits. Every writer of reads, tariffs, assignments, accounts or Happy Hours slots calls this last.
 */
export async function repriceOwnChanges(tx: Database): Promise<RepriceSummary> {
  return priceRanges(tx, await takeOwnStaleRanges(tx));
}

/**
 * Runs a writer's work in a transaction (or a savepoint of the caller's) and prices the days it made stale
 * before the transaction commits: what every writer of reads, tariffs, assignments, accounts and Happy Hours
 * slots goes through.
 */
export async function withPricing<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await repriceOwnChanges(tx);
    return result;
  });
}

/** Prices whatever is stale of these accounts, whoever left it so. */
export async function repriceStale(db: Database, accountIds: readonly string[]): Promise<RepriceSummary> {
  if (accountIds.length === 0) return { accounts: 0, days: 0, accountIds: [] };
  return db.transaction(async (tx) => {
    await lockAccounts(tx, accountIds);
    return priceRanges(tx, await takeStaleRangesOf(tx, accountIds));
  });
}

/** Makes sure the accounts' priced days are current (the readers' safety net; nothing to do almost always). */
export async function ensurePriced(db: Database, accountIds: readonly string[]): Promise<void> {
  const stale = await accountsWithStaleDays(db, accountIds);
  if (stale.length > 0) await repriceStale(db, stale);
}

export interface RepriceOptions {
  /** Only these accounts (internal ids); every account otherwise. */
  accountIds?: readonly string[];
  /** From this market date on; every day otherwise. */
  from?: string;
  onProgress?: (done: number, total: number) => void;
}

/**
 * `portal billing reprice`: prices the accounts' days again from a date, one transaction per batch of
 * accounts; idempotent (the same reads, tariffs and slots give the same rows). The stale ranges it covers are
 * cleared.
 */
export async function repriceAccounts(db: Database, options: RepriceOptions = {}): Promise<RepriceSummary> {
  const ids =
    options.accountIds ??
    (await db.select({ id: accounts.id }).from(accounts).orderBy(asc(accounts.id))).map((row) => row.id);
  const summary: RepriceSummary = { accounts: 0, days: 0, accountIds: [] };
  const from = options.from ?? null;
  // One transaction per batch: a long reprice holds few locks at a time, and an interrupted one resumes.
  const perBatch = Math.max(1, Math.floor(DAYS_PER_BATCH / UNBOUNDED_DAYS));
  for (let start = 0; start < ids.length; start += perBatch) {
    const batch = ids.slice(start, start + perBatch);
    const done = await db.transaction(async (tx) => {
      await lockAccounts(tx, batch);
      await clearStaleFrom(tx, batch, from);
      return priceRanges(tx, new Map(batch.map((id) => [id, [{ from, to: null }]])));
    });
    summary.accounts += done.accounts;
    summary.days += done.days;
    summary.accountIds.push(...done.accountIds);
    options.onProgress?.(Math.min(start + batch.length, ids.length), ids.length);
  }
  return summary;
}
