/**
 * The database schema: one place for every table (conventions). Snake_case columns in the database,
 * camelCase in TypeScript. Every table carries the account or NMI key so it can be distributed by it (docs/scaling.md).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const retailers = pgTable('retailers', {
  clientCode: text('client_code').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The opaque id carried by every customer link (docs/access.md). */
    publicId: text('public_id').notNull().unique(),
    clientCode: text('client_code')
      .notNull()
      .references(() => retailers.clientCode),
    nmi: text('nmi').notNull(),
    /**
     * The account's supply period at the NMI's premises (decision 0034): the first and last market days it
     * holds the meter, both included. A null start is the meter's whole history before the end (no earlier
     * account of the retailer held it); a null end, still supplied. Every read path sees only these days, and
     * two accounts of one retailer never hold one NMI on the same day (an exclusion constraint of migration
     * 0010, which Drizzle cannot declare).
     */
    supplyFrom: date('supply_from', { mode: 'string' }),
    supplyTo: date('supply_to', { mode: 'string' }),
    marketSegment: text('market_segment', { enum: ['residential', 'sme'] })
      .notNull()
      .default('residential'),
    email: text('email'),
    /** Weekly budget in whole dollars, 0 (disabled) to 99 (docs/rules.md#validation). */
    spendTarget: integer('spend_target').notNull().default(0),
    noEmail: boolean('no_email').notNull().default(false),
    emailClickCount: integer('email_click_count').notNull().default(0),
    completedSurvey: boolean('completed_survey').notNull().default(false),
    /** In the Solar Advantage curtailment trial (set by `portal curtailment import`). */
    solarTrial: boolean('solar_trial').notNull().default(false),
    /** The trial's welcome has been seen and dismissed. */
    solarWelcomeSeen: boolean('solar_welcome_seen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('accounts_nmi_idx').on(table.nmi),
    check('accounts_spend_target_range', sql`${table.spendTarget} between 0 and 99`),
    check(
      'accounts_supply_period_order',
      sql`${table.supplyFrom} is null or ${table.supplyTo} is null or ${table.supplyFrom} <= ${table.supplyTo}`,
    ),
  ],
);

export const webInteractions = pgTable(
  'web_interactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    source: text('source').notNull(),
    pageName: text('page_name').notNull(),
    url: text('url').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('web_interactions_account_idx').on(table.accountId, table.receivedAt)],
);

/**
 * Interval reads: one row per NEM12 300 record, i.e. per NMI, channel suffix and AEST day (docs/meter-data.md), with
 * the day's values as an array of integers in micro-units (micro-kWh for energy) and one quality flag per
 * interval. Partitioned by month on read_date (the migration declares the partitioning; the importer creates
 * each month's partition before writing to it). The primary key leads with the NMI and date, serving the
 * week and 5-week-average reads of one meter.
 */
export const meterReads = pgTable(
  'meter_reads',
  {
    nmi: text('nmi').notNull(),
    readDate: date('read_date', { mode: 'string' }).notNull(),
    suffix: text('suffix').notNull(),
    kind: text('kind', { enum: ['import', 'export', 'other'] }).notNull(),
    unit: text('unit').notNull(),
    intervalMinutes: smallint('interval_minutes').notNull(),
    intervalValues: bigint('interval_values', { mode: 'number' }).array().notNull(),
    quality: text('quality').notNull(),
    qualityMethod: text('quality_method'),
    reasonCode: smallint('reason_code'),
    reasonDescription: text('reason_description'),
    updateTime: timestamp('update_time', { withTimezone: true }),
    msatsLoadTime: timestamp('msats_load_time', { withTimezone: true }),
    importId: bigint('import_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.nmi, table.readDate, table.suffix] })],
);

/** One row per file given to the NEM12 importer: what it stored, or why it was rejected. */
export const meterImports = pgTable('meter_imports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  fileName: text('file_name').notNull(),
  status: text('status', { enum: ['running', 'imported', 'rejected'] }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  summary: jsonb('summary'),
  error: text('error'),
});

/** Tariffs as imported by operators (docs/tariffs.md); `definition` is the validated JSON. */
export const tariffs = pgTable('tariffs', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  definition: jsonb('definition').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which tariff an account is on from which AEST date: a plan change mid-quarter prices each day by its plan. */
export const accountTariffs = pgTable(
  'account_tariffs',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    tariffCode: text('tariff_code')
      .notNull()
      .references(() => tariffs.code),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.startDate] })],
);

/**
 * A version per account of what prices its days: raised by database triggers whenever its meter reads, its
 * tariff assignments, one of its tariffs' definitions or its Happy Hours slots change, whoever writes them
 * (migration 0007). Cached weeks and forecasts hold only for the version they were computed at (decision
 * 0019). Apart from `accounts` so that a long import does not lock the account rows customers update.
 */
export const usageVersions = pgTable('usage_versions', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * Solar Advantage trial: the days on which an NMI's solar export was curtailed, with the hours, the kWh not
 * exported and the benefit credited (from `portal curtailment import`, docs/curtailment.md).
 */
export const solarCurtailments = pgTable(
  'solar_curtailments',
  {
    nmi: text('nmi').notNull(),
    curtailedOn: date('curtailed_on', { mode: 'string' }).notNull(),
    hoursCurtailed: numeric('hours_curtailed', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    kwhCurtailed: numeric('kwh_curtailed', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    benefitCents: integer('benefit_cents').notNull(),
  },
  (table) => [primaryKey({ columns: [table.nmi, table.curtailedOn] })],
);

/**
 * Profile survey submissions (docs/api.md#calls update_profile, docs/surveys.md): one row per submission, so the history is
 * kept; the latest row of an account is its profile. `answers` is the profile as validated by the segment's
 * schema in `@portal/contracts`.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    segment: text('segment', { enum: ['residential', 'sme'] }).notNull(),
    answers: jsonb('answers').notNull(),
    source: text('source').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('profiles_account_submitted_idx').on(table.accountId, table.submittedAt)],
);

export type MeterReadRow = typeof meterReads.$inferSelect;
export type NewMeterReadRow = typeof meterReads.$inferInsert;
export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
export type ProfileRow = typeof profiles.$inferSelect;
