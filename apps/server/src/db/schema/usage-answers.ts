/**
 * The Tracker's answers kept in the database (issue 31, decision 0036): a week's usage answer as the endpoint
 * sends it (its JSON, ETag, and br and gzip bodies, each made when first asked for: decision 0052), for the account's usage version, the market day it was
 * built on and the account's settings it shows. A reader sends it as stored when all three are current, and
 * otherwise builds it and stores it for every instance: nothing per process decides what a customer sees.
 */
import { bigint, customType, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const usageAnswers = pgTable(
  'usage_answers',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The Monday of the week. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** The account's usage version the answer was built from (its reads, tariffs, slots, curtailment). */
    usageVersion: bigint('usage_version', { mode: 'number' }).notNull(),
    /** The market day it was built on: "today", the trends, the next week's arrow and the forecast. */
    marketDay: date('market_day', { mode: 'string' }).notNull(),
    /** The account's settings it shows (budget, email and survey flags, the trial's welcome), as JSON. */
    accountStamp: text('account_stamp').notNull(),
    etag: text('etag').notNull(),
    body: bytea('body').notNull(),
    /** Its compressed forms, each null until something asks for it (decision 0052). */
    br: bytea('br'),
    gzip: bytea('gzip'),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.weekStart] })],
);

/** The day's roll-over of stored answers (decision 0036): the instance that claims a market day's row runs it. */
export const trackerRollovers = pgTable('tracker_rollovers', {
  marketDay: date('market_day', { mode: 'string' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  accounts: bigint('accounts', { mode: 'number' }),
  built: bigint('built', { mode: 'number' }),
});

/**
 * Each account's forecast of the quarter, as the end of its usage answers on a market day (decision 0051): computed
 * by the writers' refresh and the day's roll-over, or by the first reader of the day, and stored for every instance,
 * so that a server just started answers a stored week with one statement. One row per account: the latest day's.
 */
export const usageForecasts = pgTable('usage_forecasts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The market day it forecasts from. */
  marketDay: date('market_day', { mode: 'string' }).notNull(),
  /** The account's usage version it was computed at (its priced days and Happy Hours slots). */
  usageVersion: bigint('usage_version', { mode: 'number' }).notNull(),
  /** The supply period it counted, as `from|to`. */
  supplyPeriod: text('supply_period').notNull(),
  /** The end of the usage answer: the forecast's JSON and the closing brace (`forecastSuffix`). */
  suffix: bytea('suffix').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});
