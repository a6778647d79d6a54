/**
 * Reads of priced days (decision 0021), for everything that shows spend: the week, the forecast, the emails,
 * the plans and the offers' settlements. Statements are prepared once per database handle (a query over a year
 * of monthly partitions cost PostgreSQL more to plan than to run, docs/benchmarks.md); values come as text and
 * are decoded by priced-day-rows.ts.
 */
import { type AnyColumn, and, asc, between, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { pricedDays } from '../../db/schema/priced-days.ts';
import type { Money } from './money.ts';
import { totalWithOnlyWindow } from './priced-day.ts';
import { decodeStoredDay, type StoredDay, type StoredDayRow } from './priced-day-rows.ts';
import type { FreeWindow } from './tariff.ts';

const text = (column: AnyColumn) => sql<string | null>`${column}::text`;
const list = (column: AnyColumn) => sql<string | null>`array_to_string(${column}, ',')`;

/** The columns of a stored day, exact values and lists as text (`StoredDayRow`). */
const storedDayColumns = () => ({
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
  // Names are the retailer's own (commas allowed): JSON rather than a joined list.
  part_names: sql<string | null>`array_to_json(${pricedDays.partNames})::text`,
  part_usage: list(pricedDays.partUsage),
  part_spend: list(pricedDays.partSpend),
  part_always_on_usage: list(pricedDays.partAlwaysOnUsage),
  part_always_on_spend: list(pricedDays.partAlwaysOnSpend),
});

/** The days of the account on its meter from `from` to `to`, the placeholders both statements below fill. */
const accountDaysBetween = () =>
  and(
    eq(pricedDays.nmi, sql.placeholder('nmi')),
    eq(pricedDays.accountId, sql.placeholder('accountId')),
    between(pricedDays.marketDate, sql.placeholder('from'), sql.placeholder('to')),
  );

/** An account's stored days between two dates, prepared once per database handle and by name per connection. */
function storedDayStatement(db: Database) {
  return preparedOn(db, 'stored_days', (on) =>
    on
      .select(storedDayColumns())
      .from(pricedDays)
      .where(accountDaysBetween())
      .orderBy(asc(pricedDays.marketDate))
      .prepare('stored_days'),
  );
}

/**
 * An account's days around a week as the week reads them (`daysAround` in tracker/usage-service.ts): in full
 * from `weekFrom` to `weekTo`; before the week (its averages, trends and diversion) the day's total and each
 * hour's money alone; after it (the next week's arrow) whether it has data. The hours' energy, the waived
 * charges, the estimates and the parts of the days outside the week, and every hour after it, are neither
 * turned to text by PostgreSQL nor decoded here (their arrays come as null): a week read 49 days in full for
 * 7 days' worth of detail.
 */
function weekDayStatement(db: Database) {
  return preparedOn(db, 'week_days', (on) => {
    const inWeek = (value: SQL) =>
      sql<string | null>`case when ${pricedDays.marketDate} between ${sql.placeholder('weekFrom')}::date
        and ${sql.placeholder('weekTo')}::date then ${value} end`;
    const upToWeekEnd = (value: SQL) =>
      sql<
        string | null
      >`case when ${pricedDays.marketDate} <= ${sql.placeholder('weekTo')}::date then ${value} end`;
    const columns = storedDayColumns();
    return on
      .select({
        ...columns,
        grid_spend: inWeek(columns.grid_spend),
        solar_input: inWeek(columns.solar_input),
        service_charge: inWeek(columns.service_charge),
        concession: inWeek(columns.concession),
        hour_grid: upToWeekEnd(columns.hour_grid),
        hour_solar: upToWeekEnd(columns.hour_solar),
        hour_waived: inWeek(columns.hour_waived),
        hour_usage: inWeek(columns.hour_usage),
        hour_export: inWeek(columns.hour_export),
        estimated_percent: sql<number | null>`case when ${pricedDays.marketDate} between
          ${sql.placeholder('weekFrom')}::date and ${sql.placeholder('weekTo')}::date
          then ${pricedDays.estimatedPercent} end`,
        hour_estimated_percent: inWeek(columns.hour_estimated_percent),
        part_names: inWeek(columns.part_names),
        part_usage: inWeek(columns.part_usage),
        part_spend: inWeek(columns.part_spend),
        part_always_on_usage: inWeek(columns.part_always_on_usage),
        part_always_on_spend: inWeek(columns.part_always_on_spend),
      })
      .from(pricedDays)
      .where(accountDaysBetween())
      .orderBy(asc(pricedDays.marketDate))
      .prepare('week_days');
  });
}

/**
 * An account's stored days between two market dates (both included), oldest first, as a week reads them
 * (`weekDayStatement`): in full from `weekFrom` to `weekTo`; before it, each day's `spend` has its total and
 * its hours' money (the hours' energy 0) and nothing else; after it, only whether it was priced (`spend` with
 * nothing in it); outside the week no waived charges, estimates or parts. What the week shows is the same as
 * from `storedDays` (a test compares the two).
 */
export async function storedWeekDays(
  db: Database,
  account: { id: string; nmi: string },
  from: string,
  to: string,
  weekFrom: string,
  weekTo: string,
): Promise<StoredDay[]> {
  const rows = await weekDayStatement(db).execute({
    nmi: account.nmi,
    accountId: account.id,
    from,
    to,
    weekFrom,
    weekTo,
  });
  return (rows as StoredDayRow[]).map(decodeStoredDay);
}

/** An account's stored days between two market dates (both included), oldest first. */
export async function storedDays(
  db: Database,
  account: { id: string; nmi: string },
  from: string,
  to: string,
): Promise<StoredDay[]> {
  const rows = await storedDayStatement(db).execute({ nmi: account.nmi, accountId: account.id, from, to });
  return (rows as StoredDayRow[]).map(decodeStoredDay);
}

/** A priced day's total and, for a Happy Hours participant, the total as the days to come are priced. */
export interface DailyTotal {
  total: Money;
  /** `totalWithOnlyWindow` of the day (billing/priced-day.ts); null without a window. */
  withOnlyWindow: Money | null;
}

function dailyTotalStatement(db: Database) {
  return preparedOn(db, 'daily_totals', (on) =>
    on
      .select({ market_date: text(pricedDays.marketDate), total_spend: text(pricedDays.totalSpend) })
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
      .prepare('daily_totals'),
  );
}

/**
 * The totals of an account's priced days inside two date ranges (both ends included), for the forecast; with
 * a Happy Hours window, also each day's total as if only that window were free (the participant's
 * projection), by the one rule `totalWithOnlyWindow` over the day's stored hours.
 */
export async function storedDailyTotals(
  db: Database,
  account: { id: string; nmi: string },
  ranges: readonly [{ from: string; to: string }, { from: string; to: string }],
  window: FreeWindow | null = null,
): Promise<Map<string, DailyTotal>> {
  const totals = new Map<string, DailyTotal>();
  if (window) {
    for (const range of ranges) {
      for (const day of await storedDays(db, account, range.from, range.to)) {
        if (day.spend === null) continue;
        totals.set(day.date, {
          total: day.spend.totalSpend,
          withOnlyWindow: totalWithOnlyWindow(day.spend, day.waived, window),
        });
      }
    }
    return totals;
  }
  const [first, second] = ranges;
  const rows = (await dailyTotalStatement(db).execute({
    nmi: account.nmi,
    accountId: account.id,
    from1: first.from,
    to1: first.to,
    from2: second.from,
    to2: second.to,
  })) as { market_date: string; total_spend: string }[];
  for (const row of rows)
    totals.set(row.market_date, { total: BigInt(row.total_spend), withOnlyWindow: null });
  return totals;
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
    (result as unknown as { rows: { market_date: string; usage_micro_kwh: string | number }[] }).rows.map(
      (row) => [row.market_date, Number(row.usage_micro_kwh)],
    ),
  );
}
