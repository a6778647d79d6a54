/**
 * Priced days in the database (decision 0021): written when what prices them changes, read by everything that
 * shows spend. Database triggers record the days each change makes stale (`priced_days_stale`, migration
 * 0008); a writer prices its own transaction's stale days before it commits (`repriceOwnChanges`), so readers
 * never see new reads or tariffs with old prices. Days left stale by a writer that did not (a person with
 * psql) are priced by their next reader (`ensurePriced`), and by `portal billing reprice`.
 */

import { dayNumber } from '@portal/contracts';
import { type AnyColumn, and, asc, between, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { happyHoursSlots } from '../../db/schema/offers.ts';
import { type NewPricedDayRow, pricedDays } from '../../db/schema/priced-days.ts';
import { accounts } from '../../db/schema.ts';
import { ensureMonthPartitionsWithin } from '../meter-data/partitions.ts';
import { arrayLiteral, energyReadsInWindows, type ReadWindow } from '../meter-data/queries.ts';
import { daysHeld } from '../meter-data/supply-period.ts';
import type { Money } from './money.ts';
import { type DayQuality, type PricedDay, priceAccountDay } from './priced-day.ts';
import { type ChannelDay, type DaySpend, hourSpend } from './spend.ts';
import { freeWindowsOn } from './tariff.ts';
import { tariffAssignmentsOfAccounts } from './tariff-reads.ts';

/** Days of one account to price again; null ends are unbounded. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * Days priced in one batch of statements (at most; an account is never split): bounds the memory of pricing
 * an import of many meters or a whole history, about 4 KB of reads a day.
 */
const DAYS_PER_BATCH = 10_000;
/** What an unbounded range is counted as, for batching: a long history. */
const UNBOUNDED_DAYS = 1_000;
const ACCOUNTS_PER_BATCH = 500;
const ROWS_PER_INSERT = 400;

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

interface StaleRow {
  account_id: string;
  from_date: string | null;
  to_date: string | null;
}

function rangesByAccount(rows: readonly StaleRow[]): Map<string, DayRange[]> {
  const byAccount = new Map<string, DayRange[]>();
  for (const row of rows) {
    const range = { from: row.from_date, to: row.to_date };
    const list = byAccount.get(row.account_id);
    if (list) list.push(range);
    else byAccount.set(row.account_id, [range]);
  }
  return byAccount;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The Happy Hours slot histories of several accounts, oldest first. */
async function slotHistories(db: Database, accountIds: readonly string[]) {
  const rows = await db
    .select({
      accountId: happyHoursSlots.accountId,
      slot: happyHoursSlots.timeSlot,
      effectiveDate: happyHoursSlots.effectiveDate,
    })
    .from(happyHoursSlots)
    .where(inArray(happyHoursSlots.accountId, [...accountIds]))
    .orderBy(asc(happyHoursSlots.effectiveDate));
  const byAccount = new Map<string, { slot: string; effectiveDate: string }[]>();
  for (const row of rows) {
    const list = byAccount.get(row.accountId);
    if (list) list.push(row);
    else byAccount.set(row.accountId, [row]);
  }
  return byAccount;
}

const moneyText = (values: readonly Money[]) => values.map(String);

function toRow(nmi: string, accountId: string, day: PricedDay): NewPricedDayRow {
  const { spend, quality } = day;
  const hours = spend?.hours ?? [];
  const exported = hours.some((hour) => hour.solarMicroKwh !== 0);
  const estimated = quality ? quality.hours.some((share) => share !== 0) : false;
  return {
    nmi,
    accountId,
    marketDate: day.date,
    hasImport: day.hasImport,
    hasExport: day.hasExport,
    tariffCode: spend?.tariffCode ?? null,
    usageMicroKwh: day.usageMicroKwh,
    exportMicroKwh: day.exportMicroKwh,
    gridSpend: spend ? String(spend.gridSpend) : null,
    solarInput: spend ? String(spend.solarInput) : null,
    serviceCharge: spend ? String(spend.serviceCharge) : null,
    concession: spend ? String(spend.concession) : null,
    hourGrid: spend ? moneyText(hours.map((hour) => hour.gridSpend)) : null,
    hourSolar: spend && exported ? moneyText(hours.map((hour) => hour.solarInput)) : null,
    hourWaived: day.waived ? moneyText(day.waived) : null,
    hourUsage: spend ? hours.map((hour) => hour.usageMicroKwh) : null,
    hourExport: spend && exported ? hours.map((hour) => hour.solarMicroKwh) : null,
    // Stored as whole percents: a share is percent / 100, the same number the week computes.
    estimatedPercent: quality ? Math.round(quality.day * 100) : null,
    hourEstimatedPercent: quality && estimated ? quality.hours.map((share) => Math.round(share * 100)) : null,
  };
}

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
    rows.push(toRow(nmiOf.get(first.accountId) as string, first.accountId, day));
  }
  await tx.execute(sql`
    delete from ${pricedDays} p
    using unnest(
      ${arrayLiteral(windows.map((window) => window.nmi))}::text[],
      ${arrayLiteral(windows.map((window) => window.accountId))}::uuid[],
      ${arrayLiteral(windows.map((window) => window.from ?? '-infinity'))}::date[],
      ${arrayLiteral(windows.map((window) => window.to ?? 'infinity'))}::date[]
    ) as w(nmi, account_id, from_date, to_date)
    where p.nmi = w.nmi and p.account_id = w.account_id and p.market_date between w.from_date and w.to_date`);
  await ensureMonthPartitionsWithin(
    tx,
    rows.map((row) => row.marketDate.slice(0, 7)),
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx.insert(pricedDays).values(rows.slice(start, start + ROWS_PER_INSERT));
  }
  return rows.length;
}

export interface RepriceSummary {
  accounts: number;
  days: number;
  /** The accounts priced (their usage versions raised). */
  accountIds: string[];
}

function daysIn(range: DayRange): number {
  if (range.from === null || range.to === null) return UNBOUNDED_DAYS;
  return Math.max(1, dayNumber(range.to) - dayNumber(range.from) + 1);
}

/** Accounts in batches of about DAYS_PER_BATCH days (at most ACCOUNTS_PER_BATCH accounts). */
function batchesOf(ranges: ReadonlyMap<string, DayRange[]>): string[][] {
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

/** Prices the ranges, in batches of accounts; the accounts must be locked by the caller's transaction. */
async function priceRanges(tx: Database, ranges: ReadonlyMap<string, DayRange[]>): Promise<RepriceSummary> {
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
  const stale = rowsOf<StaleRow>(
    await tx.execute(sql`
      delete from priced_days_stale where txid = txid_current()
      returning account_id, from_date::text as from_date, to_date::text as to_date`),
  );
  // The triggers that recorded these ranges locked the accounts' usage_versions rows for this transaction.
  return priceRanges(tx, rangesByAccount(stale));
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

/**
 * Locks the accounts' usage versions for this transaction, in id order (no deadlock between two repricers),
 * and raises them: whatever was computed from the old prices is not served again.
 */
async function lockAccounts(tx: Database, accountIds: readonly string[]): Promise<void> {
  await tx.execute(sql`
    insert into usage_versions (account_id)
    select id from accounts where id = any(${arrayLiteral([...accountIds].sort())}::uuid[]) order by id
    on conflict (account_id) do update set version = usage_versions.version + 1`);
}

/** Prices whatever is stale of these accounts, whoever left it so. */
export async function repriceStale(db: Database, accountIds: readonly string[]): Promise<RepriceSummary> {
  if (accountIds.length === 0) return { accounts: 0, days: 0, accountIds: [] };
  return db.transaction(async (tx) => {
    await lockAccounts(tx, accountIds);
    const stale = rowsOf<StaleRow>(
      await tx.execute(sql`
        delete from priced_days_stale where account_id = any(${arrayLiteral([...accountIds])}::uuid[])
        returning account_id, from_date::text as from_date, to_date::text as to_date`),
    );
    return priceRanges(tx, rangesByAccount(stale));
  });
}

/** Of these accounts, those with stale days. */
export async function accountsWithStaleDays(db: Database, accountIds: readonly string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = rowsOf<{ account_id: string }>(
    await db.execute(sql`
      select distinct account_id from priced_days_stale
      where account_id = any(${arrayLiteral([...accountIds])}::uuid[])`),
  );
  return rows.map((row) => row.account_id);
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
      await tx.execute(sql`
        delete from priced_days_stale
        where account_id = any(${arrayLiteral(batch)}::uuid[])
          and ${from === null ? sql`true` : sql`from_date >= ${from}`}`);
      return priceRanges(tx, new Map(batch.map((id) => [id, [{ from, to: null }]])));
    });
    summary.accounts += done.accounts;
    summary.days += done.days;
    summary.accountIds.push(...done.accountIds);
    options.onProgress?.(Math.min(start + batch.length, ids.length), ids.length);
  }
  return summary;
}

/** A stored day as the week, the forecast and the emails read it. */
export interface StoredDay {
  date: string;
  hasImport: boolean;
  hasExport: boolean;
  usageMicroKwh: number | null;
  spend: DaySpend | null;
  waived: Money[] | null;
  quality: DayQuality | null;
}

interface StoredDayRow {
  market_date: string;
  has_import: boolean;
  has_export: boolean;
  tariff_code: string | null;
  usage_micro_kwh: string | number | null;
  export_micro_kwh: string | number | null;
  grid_spend: string | null;
  solar_input: string | null;
  service_charge: string | null;
  concession: string | null;
  total_spend: string | null;
  hour_grid: string | null;
  hour_solar: string | null;
  hour_waived: string | null;
  hour_usage: string | null;
  hour_export: string | null;
  estimated_percent: number | null;
  hour_estimated_percent: string | null;
}

const HOURS = 24;
const ZEROS = new Array<number>(HOURS).fill(0);
const split = (text: string | null) => (text === null || text === '' ? null : text.split(','));

function moneyList(text: string | null): Money[] | null {
  const parts = split(text);
  return parts ? parts.map((part) => BigInt(part)) : null;
}

function numberList(text: string | null): number[] | null {
  const parts = split(text);
  return parts ? parts.map(Number) : null;
}

function decode(row: StoredDayRow): StoredDay {
  const usageMicroKwh = row.usage_micro_kwh === null ? null : Number(row.usage_micro_kwh);
  let spend: DaySpend | null = null;
  if (row.tariff_code !== null) {
    const grid = moneyList(row.hour_grid) ?? [];
    const solar = moneyList(row.hour_solar);
    const usage = numberList(row.hour_usage) ?? ZEROS;
    const exported = numberList(row.hour_export) ?? ZEROS;
    const hours = Array.from({ length: HOURS }, (_, hour) =>
      hourSpend(hour, grid[hour] ?? 0n, solar?.[hour] ?? 0n, usage[hour] ?? 0, exported[hour] ?? 0),
    );
    spend = {
      date: row.market_date,
      tariffCode: row.tariff_code,
      gridSpend: BigInt(row.grid_spend ?? 0),
      solarInput: BigInt(row.solar_input ?? 0),
      serviceCharge: BigInt(row.service_charge ?? 0),
      concession: BigInt(row.concession ?? 0),
      totalSpend: BigInt(row.total_spend ?? 0),
      usageMicroKwh: usageMicroKwh ?? 0,
      solarMicroKwh: Number(row.export_micro_kwh ?? 0),
      hours,
    };
  }
  const percents = numberList(row.hour_estimated_percent) ?? ZEROS;
  return {
    date: row.market_date,
    hasImport: row.has_import,
    hasExport: row.has_export,
    usageMicroKwh,
    spend,
    waived: moneyList(row.hour_waived),
    quality:
      row.estimated_percent === null
        ? null
        : { day: row.estimated_percent / 100, hours: percents.map((percent) => percent / 100) },
  };
}

const text = (column: AnyColumn) => sql<string | null>`${column}::text`;
const list = (column: AnyColumn) => sql<string | null>`array_to_string(${column}, ',')`;

/**
 * The reads of priced days, prepared once per database handle and by name on each connection: a query over a
 * year of monthly partitions cost PostgreSQL more to plan than to run (docs/benchmarks.md). Values come as
 * text (exact numerics, lists of them) and are decoded here.
 */
function storedDayStatement(db: Database) {
  return preparedOn(db, 'stored_days', (on) =>
    on
      .select({
        market_date: text(pricedDays.marketDate),
        has_import: pricedDays.hasImport,
        has_export: pricedDays.hasExport,
        tariff_code: pricedDays.tariffCode,
        usage_micro_kwh: pricedDays.usageMicroKwh,
        export_micro_kwh: pricedDays.exportMicroKwh,
        grid_spend: text(pricedDays.gridSpend),
        solar_input: text(pricedDays.solarInput),
        service_charge: text(pricedDays.serviceCharge),
        concession: text(pricedDays.concession),
        total_spend: text(pricedDays.totalSpend),
        hour_grid: list(pricedDays.hourGrid),
        hour_solar: list(pricedDays.hourSolar),
        hour_waived: list(pricedDays.hourWaived),
        hour_usage: list(pricedDays.hourUsage),
        hour_export: list(pricedDays.hourExport),
        estimated_percent: pricedDays.estimatedPercent,
        hour_estimated_percent: list(pricedDays.hourEstimatedPercent),
      })
      .from(pricedDays)
      .where(
        and(
          eq(pricedDays.nmi, sql.placeholder('nmi')),
          eq(pricedDays.accountId, sql.placeholder('accountId')),
          between(pricedDays.marketDate, sql.placeholder('from'), sql.placeholder('to')),
        ),
      )
      .orderBy(asc(pricedDays.marketDate))
      .prepare('stored_days'),
  );
}

/** An account's stored days between two market dates (both included), oldest first. */
export async function storedDays(
  db: Database,
  account: { id: string; nmi: string },
  from: string,
  to: string,
): Promise<StoredDay[]> {
  const rows = await storedDayStatement(db).execute({ nmi: account.nmi, accountId: account.id, from, to });
  return (rows as StoredDayRow[]).map(decode);
}

/** A priced day's total and, for a Happy Hours participant, the total as the days to come are priced. */
export interface DailyTotal {
  total: Money;
  /** `totalWithOnlyWindow` of the day (billing/priced-day.ts), computed by the database; null without a window. */
  withOnlyWindow: Money | null;
}

function dailyTotalStatement(db: Database, withWindow: boolean) {
  const name = withWindow ? 'daily_totals_with_window' : 'daily_totals';
  return preparedOn(db, name, (on) =>
    on
      .select({
        market_date: text(pricedDays.marketDate),
        total_spend: text(pricedDays.totalSpend),
        // totalWithOnlyWindow in SQL, exact in numeric: every hour's usage charges as if nothing had been
        // waived, less the window's hours on a weekday (ISO days 1-5). A day's grid spend is the exact sum
        // of its hours (spend.ts), so this is the total plus what was waived, less the window's charges.
        with_only_window: withWindow
          ? sql<string | null>`(${pricedDays.totalSpend}
              + coalesce((select sum(w) from unnest(${pricedDays.hourWaived}) as w), 0)
              - case when extract(isodow from ${pricedDays.marketDate}) <= 5 then coalesce((
                  select sum(h.grid + coalesce(h.waived, 0))
                  from unnest(${pricedDays.hourGrid}, ${pricedDays.hourWaived}) with ordinality as h(grid, waived, n)
                  where h.n > ${sql.placeholder('fromHour')}::int and h.n <= ${sql.placeholder('toHour')}::int
                ), 0) else 0 end)::text`
          : sql<string | null>`null`,
      })
      .from(pricedDays)
      .where(
        and(
          eq(pricedDays.nmi, sql.placeholder('nmi')),
          eq(pricedDays.accountId, sql.placeholder('accountId')),
          isNotNull(pricedDays.tariffCode),
          or(
            between(pricedDays.marketDate, sql.placeholder('from1'), sql.placeholder('to1')),
            between(pricedDays.marketDate, sql.placeholder('from2'), sql.placeholder('to2')),
          ),
        ),
      )
      .orderBy(asc(pricedDays.marketDate))
      .prepare(name),
  );
}

/**
 * The totals of an account's priced days inside two date ranges (both ends included), for the forecast; with
 * a Happy Hours window (whole hours, `fromHour` to `toHour`), also each day's total as if only that window
 * were free (the participant's projection).
 */
export async function storedDailyTotals(
  db: Database,
  account: { id: string; nmi: string },
  ranges: readonly [{ from: string; to: string }, { from: string; to: string }],
  window: { fromHour: number; toHour: number } | null = null,
): Promise<Map<string, DailyTotal>> {
  const [first, second] = ranges;
  const rows = (await dailyTotalStatement(db, window !== null).execute({
    nmi: account.nmi,
    accountId: account.id,
    from1: first.from,
    to1: first.to,
    from2: second.from,
    to2: second.to,
    fromHour: window?.fromHour ?? 0,
    toHour: window?.toHour ?? 0,
  })) as { market_date: string; total_spend: string; with_only_window: string | null }[];
  return new Map(
    rows.map((row) => [
      row.market_date,
      {
        total: BigInt(row.total_spend),
        withOnlyWindow: row.with_only_window === null ? null : BigInt(row.with_only_window),
      },
    ]),
  );
}

/** Micro-kWh imported on each of an account's days that have import data, between two dates (included). */
export async function storedDailyUsage(
  db: Database,
  account: { id: string; nmi: string },
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select market_date::text as market_date, usage_micro_kwh
    from ${pricedDays}
    where nmi = ${account.nmi} and account_id = ${account.id} and market_date between ${from} and ${to}
      and usage_micro_kwh is not null
    order by market_date`);
  return new Map(
    rowsOf<{ market_date: string; usage_micro_kwh: string | number }>(result).map((row) => [
      row.market_date,
      Number(row.usage_micro_kwh),
    ]),
  );
}
