/**
 * Tables of the offers (docs/offers.md): Happy Hours (the daytime saver) participants and their slot history,
 * the retailer's product configuration, and Reduce & Be Rewarded participants, their opt-out history and
 * their weekly settlements. Every table carries the account key (docs/scaling.md).
 */
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, retailers } from '../schema.ts';

/** A retailer's settings of an offer, e.g. DaytimeSaver's sign-up end (docs/api.md#entities product config). */
export const productConfigs = pgTable(
  'product_configs',
  {
    clientCode: text('client_code')
      .notNull()
      .references(() => retailers.clientCode),
    product: text('product').notNull(),
    signupEndTime: timestamp('signup_end_time', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientCode, table.product] })],
);

/**
 * An account invited to Happy Hours. `timeSlot` is the slot last chosen (null until sign-up); the slots in
 * force on each day are in `happyHoursSlots`. `lastChangeAt` is the last slot change after sign-up, for the
 * once-per-24-hours rule.
 */
export const happyHoursParticipants = pgTable('happy_hours_participants', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  optedIn: boolean('opted_in').notNull().default(false),
  timeSlot: text('time_slot'),
  signedUpAt: timestamp('signed_up_at', { withTimezone: true }),
  lastChangeAt: timestamp('last_change_at', { withTimezone: true }),
});

/**
 * The slot history billing reads: each row is in force from its AEST date until the next row's date. A
 * second choice before the same date replaces the first.
 */
export const happyHoursSlots = pgTable(
  'happy_hours_slots',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    timeSlot: text('time_slot').notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.effectiveDate] })],
);

/** An account in Reduce & Be Rewarded: in by default once invited; `optedIn` is its current state. */
export const hereForYouParticipants = pgTable('here_for_you_participants', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  optedIn: boolean('opted_in').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a participant's state (the invitation included), so a week's eligibility can be known. */
export const hereForYouChanges = pgTable(
  'here_for_you_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    optedIn: boolean('opted_in').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('here_for_you_changes_account_idx').on(table.accountId, table.changedAt)],
);

/**
 * One week's result of an eligible account (`portal offers here-for-you settle`): its import energy, the
 * mean of the 4 weeks before, and the credit earned (0 or 2000 cents). Written once per account and week.
 */
export const hereForYouSettlements = pgTable(
  'here_for_you_settlements',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    weekMicroKwh: bigint('week_micro_kwh', { mode: 'number' }).notNull(),
    averageMicroKwh: bigint('average_micro_kwh', { mode: 'number' }).notNull(),
    creditCents: integer('credit_cents').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.weekStart] }),
    index('here_for_you_settlements_week_idx').on(table.weekStart),
  ],
);

export type HappyHoursParticipantRow = typeof happyHoursParticipants.$inferSelect;
export type HereForYouParticipantRow = typeof hereForYouParticipants.$inferSelect;
export type HereForYouSettlementRow = typeof hereForYouSettlements.$inferSelect;
