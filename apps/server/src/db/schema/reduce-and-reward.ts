/**
 * Reduce & Reward (docs/reduce-and-reward.md): demand-response events, the accounts invited to each, and each invitation's
 * settled result. Invitations carry the account key (docs/scaling.md). A result keeps the event's 30-minute usage
 * as settled, so the chart and the credit always tell the same story even if meter data is revised later.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, retailers } from '../schema.ts';

export const drEvents = pgTable(
  'dr_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientCode: text('client_code')
      .notNull()
      .references(() => retailers.clientCode),
    /** The operator's own name for the event; unique when given (`--reference`, the demo's events). */
    reference: text('reference').unique(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** e.g. -0.300: the target is 30% below the baseline (docs/api.md#entities percent_displacement_factor). */
    percentDisplacementFactor: numeric('percent_displacement_factor', {
      precision: 5,
      scale: 3,
      mode: 'number',
    }).notNull(),
    /** 'scheduled' until a settlement runs after its end; then 'complete'. */
    status: text('status', { enum: ['scheduled', 'complete'] })
      .notNull()
      .default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('dr_events_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
    index('dr_events_client_starts_idx').on(table.clientCode, table.startsAt),
  ],
);

export const drEventInvitations = pgTable(
  'dr_event_invitations',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => drEvents.id, { onDelete: 'cascade' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until settled with meter data covering the event. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Net micro-kWh (import less export) per 30-minute interval of the event. */
    intervalUsage: bigint('interval_usage', { mode: 'number' }).array(),
    /** Expected kWh over the whole event (sum of the per-interval baselines). */
    baselineKwh: doublePrecision('baseline_kwh'),
    /** How many days the baseline averaged. */
    baselineDays: smallint('baseline_days'),
    /** Mean kWh per interval during the event. */
    averageKwh: doublePrecision('average_kwh'),
    /** Target kWh per interval: (baseline + factor x |baseline|) / intervals. */
    targetKwh: doublePrecision('target_kwh'),
    passed: boolean('passed'),
    /** Baseline less actual, kWh over the event. */
    reducedKwh: doublePrecision('reduced_kwh'),
    /** Position by kWh reduced among the event's passing accounts (1 = most; ties share); null if not passed. */
    rank: integer('rank'),
    creditCents: integer('credit_cents'),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.eventId] }),
    index('dr_event_invitations_event_idx').on(table.eventId),
  ],
);

/**
 * The Reduce & Reward emails (issue 29, decision 0041): the idempotency record of `portal mail events`, one
 * row per invitation and kind, created when a worker claims it and marked sent once the message is handed
 * over. An invitation email keeps the target it announced (the upcoming endpoint's figures as sent), so that
 * the results can say whether the settlement's target is the one announced.
 */
export const drEventEmails = pgTable(
  'dr_event_emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id').notNull(),
    eventId: integer('event_id').notNull(),
    /** 'invitation' before the event starts; 'results' once the account's result is settled. */
    kind: text('kind', { enum: ['invitation', 'results'] }).notNull(),
    /** pending: claimed, not yet handed over; sent; skipped; cancelled (unsubscribed, event started). */
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'cancelled'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    /**
     * The target the invitation announced, as sent (null until sent, or when there was too little meter data
     * for one): kWh per 30 minutes and for the event, the baseline it came from, its days and the latest.
     */
    targetKwh: doublePrecision('target_kwh'),
    eventTargetKwh: doublePrecision('event_target_kwh'),
    baselineKwh: doublePrecision('baseline_kwh'),
    baselineDays: smallint('baseline_days'),
    lastBaselineDay: date('last_baseline_day', { mode: 'string' }),
    messageId: text('message_id'),
    deliveredTo: text('delivered_to'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The idempotency key: one email of each kind per account and event.
    unique('dr_event_emails_key').on(table.accountId, table.eventId, table.kind),
    foreignKey({
      name: 'dr_event_emails_invitation_fk',
      columns: [table.accountId, table.eventId],
      foreignColumns: [drEventInvitations.accountId, drEventInvitations.eventId],
    }).onDelete('cascade'),
    index('dr_event_emails_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

export type DrEventRow = typeof drEvents.$inferSelect;
export type DrEventEmailRow = typeof drEventEmails.$inferSelect;
export type DrEventInvitationRow = typeof drEventInvitations.$inferSelect;
