/**
 * Priced days (decision 0021): every account's market days priced once, when what prices them changes, so that
 * the Tracker, the forecast, the email snapshots and the weekly settlement read a row per day instead of
 * pricing half-hourly reads on every request. Keyed and partitioned like `meter_reads` (by NMI, by month of
 * the market date; docs/scaling.md), so a sharded PostgreSQL keeps an NMI's reads and priced days together.
 *
 * Money is exact: integer attocents (billing/money.ts) in `numeric`, which a 64-bit integer cannot hold (a
 * dollar is 10^20 attocents). Energy is integer micro-kWh, as in the reads.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '../schema.ts';

const attocents = (name: string) => numeric(name, { mode: 'string' });

export const pricedDays = pgTable(
  'priced_days',
  {
    nmi: text('nmi').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    marketDate: date('market_date', { mode: 'string' }).notNull(),
    /** The day has import (usage) reads, even if all of them are null data. */
    hasImport: boolean('has_import').notNull(),
    /** The day has export (solar) reads. */
    hasExport: boolean('has_export').notNull(),
    /**
     * The tariff the day was priced under; null when it was not priced: no import reads that count, or no
     * tariff assigned that day. The money columns are null exactly when this is.
     */
    tariffCode: text('tariff_code'),
    /** Micro-kWh imported and exported; null when no import read counts (all null data or none). */
    usageMicroKwh: bigint('usage_micro_kwh', { mode: 'number' }),
    exportMicroKwh: bigint('export_micro_kwh', { mode: 'number' }),
    gridSpend: attocents('grid_spend'),
    solarInput: attocents('solar_input'),
    serviceCharge: attocents('service_charge'),
    concession: attocents('concession'),
    /** grid + service - solar - concession, as the spend engine defines it; computed by the database. */
    totalSpend: numeric('total_spend', { mode: 'string' }).generatedAlwaysAs(
      sql`grid_spend + service_charge - solar_input - concession`,
    ),
    /** 24 hourly values, 00:00 to 23:00 AEST. */
    hourGrid: attocents('hour_grid').array(),
    /** Null when the day exported nothing. */
    hourSolar: attocents('hour_solar').array(),
    /** Usage charges waived by Happy Hours in each hour; null when nothing was waived. */
    hourWaived: attocents('hour_waived').array(),
    hourUsage: bigint('hour_usage', { mode: 'number' }).array(),
    /** Null when the day exported nothing. */
    hourExport: bigint('hour_export', { mode: 'number' }).array(),
    /** Percent of the day's import intervals that are not actual reads (null without import reads). */
    estimatedPercent: smallint('estimated_percent'),
    /** The same per hour; null when the day is all actual. */
    hourEstimatedPercent: smallint('hour_estimated_percent').array(),
    /**
     * Where the money goes (billing/money-parts.ts, migration 0014): the usage parts' names (time-of-use periods
     * or a flat rate's clock periods, then controlled load), their micro-kWh and charges, and of each the share
     * that is always on (null without night reads). Null exactly when the day was not priced.
     */
    partNames: text('part_names').array(),
    partUsage: bigint('part_usage', { mode: 'number' }).array(),
    partSpend: attocents('part_spend').array(),
    partAlwaysOnUsage: bigint('part_always_on_usage', { mode: 'number' }).array(),
    partAlwaysOnSpend: attocents('part_always_on_spend').array(),
  },
  (table) => [primaryKey({ columns: [table.nmi, table.accountId, table.marketDate] })],
);

/**
 * What must be priced again: database triggers add a range here, in the writer's transaction, whenever an
 * account's reads, tariffs or Happy Hours slots change (migration 0008), and the writer prices the ranges of
 * its own transaction (`txid`) before it commits. A range left by a writer that did not (a person with psql)
 * is priced by the next reader of that account, so priced days can never silently disagree with the reads.
 */
export const pricedDaysStale = pgTable(
  'priced_days_stale',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** First and last day to price again; null for unbounded. */
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    txid: bigint('txid', { mode: 'number' }).notNull().default(sql`txid_current()`),
  },
  (table) => [
    index('priced_days_stale_account_idx').on(table.accountId),
    index('priced_days_stale_txid_idx').on(table.txid),
  ],
);

export type PricedDayRow = typeof pricedDays.$inferSelect;
export type NewPricedDayRow = typeof pricedDays.$inferInsert;
