/**
 * Email snapshot subscriptions (docs/api.md) and the snapshots sent (docs/email-snapshots.md). `email_snapshots` is the
 * idempotency record of `portal mail send-due`: one row per account, frequency and period, created when a
 * worker claims a due subscription and marked sent once the message is handed over, so that a crash and a
 * rerun neither send twice nor skip (docs/email-snapshots.md).
 */
import { sql } from 'drizzle-orm';
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
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '../schema.ts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 'Subscriptions::WeeklyEmail' or 'Subscriptions::MonthlyEmail' (docs/api.md#entities). */
    type: text('type', { enum: ['Subscriptions::WeeklyEmail', 'Subscriptions::MonthlyEmail'] }).notNull(),
    subscribed: boolean('subscribed').notNull(),
    /** The AEST date the next snapshot is due; null while unsubscribed. */
    nextMailingDate: date('next_mailing_date', { mode: 'string' }),
    /**
     * Whether a subscriber gets the budget alert (issue 29, decision 0040): on unless the customer turned it
     * off in Settings or with the alert's one-click link. Alerts go only to subscribers.
     */
    budgetAlerts: boolean('budget_alerts').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // send-due reads the due subscribers in date order.
    index('subscriptions_due_idx').on(table.nextMailingDate).where(sql`${table.subscribed}`),
  ],
);

export const emailSnapshots = pgTable(
  'email_snapshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** pending: claimed, not yet handed over; sent; skipped (no data or no address); cancelled (unsubscribed). */
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'cancelled'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    messageId: text('message_id'),
    /** Where the message went: 'smtp' or the .eml file written. */
    deliveredTo: text('delivered_to'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The idempotency key: one snapshot per account, frequency and period.
    unique('email_snapshots_period_key').on(table.accountId, table.frequency, table.periodStart),
    index('email_snapshots_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * The budget alerts (issue 29, decision 0040, docs/budget-alerts.md): the idempotency record of `portal mail
 * alerts`, one row per account and week, created when a worker finds the week on track to exceed the budget
 * and marked sent once the message is handed over. The figures are those found at the claim; the email
 * carries the figures found when it is composed (the same, unless data arrived in between).
 */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The Monday of the week alerted (AEST). */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** pending: claimed, not yet handed over; sent; skipped; cancelled (turned off, unsubscribed, week over). */
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'cancelled'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    /** Whole cents, as found when claimed: spent on the days with data, and the week projected. */
    spentCents: integer('spent_cents').notNull(),
    projectedCents: integer('projected_cents').notNull(),
    budgetCents: integer('budget_cents').notNull(),
    messageId: text('message_id'),
    deliveredTo: text('delivered_to'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The idempotency key: at most one alert per account and week.
    unique('budget_alerts_week_key').on(table.accountId, table.weekStart),
    index('budget_alerts_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);
export type BudgetAlertRow = typeof budgetAlerts.$inferSelect;

/** Secrets the servers share through the database (the email link signing key when none is configured). */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type EmailSnapshotRow = typeof emailSnapshots.$inferSelect;

/**
 * The email links followed, one row per account, link and AEST day: a click is counted (accounts'
 * `email_click_count`, which prompts the survey) only when its row is new, so a link replayed any number of
 * times counts at most once a day (issue 16 item 10, docs/email-snapshots.md). `link` is the SHA-256 of the
 * signed token. Rows of past days are removed as the account's next click is recorded.
 */
export const emailLinkClicks = pgTable(
  'email_link_clicks',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    link: text('link').notNull(),
    day: date('day').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.day, table.link] })],
);
