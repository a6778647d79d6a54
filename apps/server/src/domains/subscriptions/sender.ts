/**
 * `portal mail send-due` and `portal mail preview` (docs/email-snapshots.md, docs/email-snapshots.md).
 *
 * Sending runs in two steps, each safe with several workers at once:
 * 1. Claim: in one short transaction, lock up to a batch of due subscriptions (FOR UPDATE SKIP LOCKED, so
 *    two workers never claim the same one), record a pending snapshot for each under its idempotency key
 *    (account, frequency, period; a second claim of the same period adds nothing) and advance
 *    next_mailing_date. From here the snapshot is owed, whatever happens to the worker.
 * 2. Deliver: one snapshot at a time, lock a pending snapshot (SKIP LOCKED again), compose it, hand it to
 *    SMTP or the outbox, and mark it sent in the same transaction. A worker that dies mid-send holds no lock
 *    any more (its connection is gone), so the next run finds the snapshot still pending and sends it.
 * A snapshot is marked sent only after the SMTP server accepted it; the one window left, a crash between
 * that acceptance and the commit, resends the same message with the same Message-ID.
 */
import type { EmailFrequency } from '@portal/contracts';
import { frequencyOf, marketToday } from '@portal/contracts';
import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { type EmailSnapshotRow, emailSnapshots, subscriptions } from '../../db/schema/subscriptions.ts';
import { type AccountRow, accounts } from '../../db/schema.ts';
import { findAccountByPublicId } from '../accounts/queries.ts';
import { createPlansCache, type PlansCache, plansFor } from '../tracker/plans-service.ts';
import {
  attemptRecorded,
  claimThenDeliver,
  DEMO_NOT_MAILED,
  handOver,
  isDemoNotMailed,
  lockNextPending,
} from './claim-deliver.ts';
import { renderSnapshot } from './email/render.tsx';
import { retailerOf, snapshotView } from './email/view.ts';
import { type HappyHoursLookup, isHappyHoursParticipant } from './happy-hours-link.ts';
import { linkBuilder, linkSecret, unsubscribeHeaders } from './links.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';
import { nextMailingDate, periodBefore, type SnapshotPeriod } from './schedule.ts';
import { snapshotFigures } from './snapshot-data.ts';

export const DEFAULT_BATCH_SIZE = 100;

export interface ComposeInput {
  db: Database;
  config: Config;
  secret: string;
  account: AccountRow;
  period: SnapshotPeriod;
  today: string;
  happyHours?: HappyHoursLookup | undefined;
  /** The run's plans answers (`sendDue`: one per run), so that an account's second snapshot prices nothing. */
  plansCache?: PlansCache | null | undefined;
  /** Distinguishes this snapshot's Message-ID; the snapshot row's id when sending. */
  reference: string;
}

/** The email of one snapshot, or why there is none (no meter data in the period). */
export async function composeSnapshot(
  input: ComposeInput,
): Promise<{ email: Omit<OutgoingEmail, 'to'> } | { skip: string }> {
  const { db, config, account, period } = input;
  const figures = await snapshotFigures(db, account, period, input.today);
  if (!figures) return { skip: 'no meter data for the period' };
  const links = linkBuilder(config, input.secret, account.publicId);
  const view = snapshotView({
    figures,
    retailer: retailerOf(config),
    publicId: account.publicId,
    links,
    happyHoursParticipant: await (input.happyHours ?? isHappyHoursParticipant)(db, account),
    // The comparison is kept per usage version for the run: a second snapshot of the account's week prices nothing.
    betterOffer: (
      await plansFor(db, account, config.env.BETTER_OFFER_MIN_SAVING, {
        today: input.today,
        cache: input.plansCache,
      })
    ).better_offer,
  });
  const rendered = renderSnapshot(view);
  const host = new URL(config.publicUrl).hostname;
  return {
    email: {
      ...rendered,
      messageId: `<snapshot.${period.frequency}.${period.start}.${input.reference}@${host}>`,
      fileName: `snapshot-${period.start}-${period.frequency}-${account.publicId}.eml`,
      headers: unsubscribeHeaders(config, links, account.publicId),
    },
  };
}

export interface SendDueOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** The run's market date (AEST): subscriptions due on or before it are sent. */
  today?: string;
  batchSize?: number;
  happyHours?: HappyHoursLookup;
  onSnapshot?: (outcome: SnapshotOutcome) => void;
  /** Stops the run before its next snapshot (the operator left): what is claimed stays due for the next. */
  signal?: AbortSignal;
}

export interface SnapshotOutcome {
  publicId: string;
  frequency: EmailFrequency;
  periodStart: string;
  status: 'sent' | 'skipped' | 'cancelled';
  reason?: string | undefined;
  deliveredTo?: string | undefined;
}

export interface SendDueSummary {
  claimed: number;
  sent: number;
  skipped: number;
  cancelled: number;
}

/**
 * A subscription whose snapshot is due on `today`, for the retailer's own accounts (joined as `accounts`): what
 * countDue counts and claimBatch claims, in one place so that the two cannot drift apart.
 */
function snapshotDue(config: Config, today: string) {
  return and(
    eq(subscriptions.subscribed, true),
    lte(subscriptions.nextMailingDate, today),
    eq(accounts.clientCode, config.client.clientCode),
  );
}

/**
 * How many snapshots a run would send now: subscriptions due by `today` and snapshots still pending (for a
 * progress bar; other workers may take some meanwhile).
 */
export async function countDue(db: Database, config: Config, today: string): Promise<number> {
  const [due] = await db
    .select({ n: count() })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(snapshotDue(config, today));
  const [pending] = await db
    .select({ n: count() })
    .from(emailSnapshots)
    .innerJoin(accounts, eq(accounts.id, emailSnapshots.accountId))
    .where(and(eq(emailSnapshots.status, 'pending'), eq(accounts.clientCode, config.client.clientCode)));
  return (due?.n ?? 0) + (pending?.n ?? 0);
}

/** Claims up to `batchSize` due subscriptions; returns how many were claimed. */
async function claimBatch(db: Database, config: Config, today: string, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ accountId: subscriptions.accountId, type: subscriptions.type })
      .from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .where(snapshotDue(config, today))
      .orderBy(asc(subscriptions.nextMailingDate), asc(subscriptions.accountId))
      .limit(batchSize)
      .for('update', { of: subscriptions, skipLocked: true });
    for (const row of due) {
      const frequency = frequencyOf(row.type);
      const period = periodBefore(frequency, today);
      await tx
        .insert(emailSnapshots)
        .values({ accountId: row.accountId, frequency, periodStart: period.start, periodEnd: period.end })
        .onConflictDoNothing();
      await tx
        .update(subscriptions)
        .set({ nextMailingDate: nextMailingDate(frequency, today), updatedAt: sql`now()` })
        .where(eq(subscriptions.accountId, row.accountId));
    }
    return due.length;
  });
}

async function finish(
  db: Database,
  row: EmailSnapshotRow,
  values: Partial<Pick<EmailSnapshotRow, 'status' | 'reason' | 'messageId' | 'deliveredTo'>>,
) {
  await db
    .update(emailSnapshots)
    .set(attemptRecorded(row.attempts, values))
    .where(eq(emailSnapshots.id, row.id));
}

/** Delivers one pending snapshot; null when none is left unlocked. */
async function deliverOne(
  options: Required<Pick<SendDueOptions, 'db' | 'config' | 'mailer'>> & {
    today: string;
    secret: string;
    happyHours?: HappyHoursLookup | undefined;
    plansCache: PlansCache | null;
  },
): Promise<SnapshotOutcome | null> {
  const { config } = options;
  return options.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const found = await lockNextPending(db, emailSnapshots, config.client.clientCode);
    if (!found) return null;
    const { row: snapshot, account } = found;
    const outcome = (
      status: SnapshotOutcome['status'],
      extra: Partial<SnapshotOutcome> = {},
    ): SnapshotOutcome => ({
      publicId: account.publicId,
      frequency: snapshot.frequency,
      periodStart: snapshot.periodStart,
      status,
      ...extra,
    });

    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, account.id));
    if (!subscription?.subscribed) {
      await finish(db, snapshot, { status: 'cancelled', reason: 'unsubscribed before sending' });
      return outcome('cancelled', { reason: 'unsubscribed before sending' });
    }
    // The demo's addresses never go to a real relay, even in a demo deployment (issue 25 item 3).
    if (isDemoNotMailed(config, account.publicId)) {
      await finish(db, snapshot, { status: 'skipped', reason: DEMO_NOT_MAILED });
      return outcome('skipped', { reason: DEMO_NOT_MAILED });
    }
    if (!account.email) {
      await finish(db, snapshot, { status: 'skipped', reason: 'no email address' });
      return outcome('skipped', { reason: 'no email address' });
    }
    const composed = await composeSnapshot({
      db,
      config,
      secret: options.secret,
      account,
      period: { frequency: snapshot.frequency, start: snapshot.periodStart, end: snapshot.periodEnd },
      today: options.today,
      happyHours: options.happyHours,
      plansCache: options.plansCache,
      reference: String(snapshot.id),
    });
    if ('skip' in composed) {
      await finish(db, snapshot, { status: 'skipped', reason: composed.skip });
      return outcome('skipped', { reason: composed.skip });
    }
    const handed = await handOver(options.mailer, { ...composed.email, to: account.email });
    if (handed.status === 'skipped') {
      await finish(db, snapshot, handed);
      return outcome('skipped', { reason: handed.reason });
    }
    await finish(db, snapshot, { ...handed, messageId: composed.email.messageId });
    return outcome('sent', { deliveredTo: handed.deliveredTo });
  });
}

/**
 * Sends every due snapshot. A transient delivery failure (the SMTP server unreachable, a 4xx) stops the run
 * with the error: the snapshot stays pending and the next run sends it.
 */
export async function sendDue(options: SendDueOptions): Promise<SendDueSummary> {
  const today = options.today ?? marketToday();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const secret = await linkSecret(options.db, options.config);
  const summary: SendDueSummary = { claimed: 0, sent: 0, skipped: 0, cancelled: 0 };
  // The run's own, sized as the server's (USAGE_CACHE_MB): weekly and monthly snapshots of one account share it.
  const plansCache = createPlansCache(options.config.env.USAGE_CACHE_MB * 2 ** 20);
  await claimThenDeliver({
    claim: async () => ({ claimed: await claimBatch(options.db, options.config, today, batchSize) }),
    deliverOne: () => deliverOne({ ...options, today, secret, plansCache }),
    counts: summary,
    onOutcome: options.onSnapshot,
    signal: options.signal,
  });
  return summary;
}

export interface PreviewResult {
  period: SnapshotPeriod;
  email: Omit<OutgoingEmail, 'to'> & { to: string };
}

/** One account's snapshot as it would be sent on `today`, without sending or recording anything. */
export async function previewSnapshot(options: {
  db: Database;
  config: Config;
  publicId: string;
  today?: string;
  frequency?: EmailFrequency;
  happyHours?: HappyHoursLookup;
}): Promise<PreviewResult | { skip: string }> {
  const today = options.today ?? marketToday();
  const account = await findAccountByPublicId(options.db, options.publicId);
  if (!account) return { skip: `no account ${options.publicId}` };
  const [subscription] = await options.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, account.id));
  const frequency = options.frequency ?? frequencyOf(subscription?.type ?? 'Subscriptions::WeeklyEmail');
  const period = periodBefore(frequency, today);
  const composed = await composeSnapshot({
    db: options.db,
    config: options.config,
    secret: await linkSecret(options.db, options.config),
    account,
    period,
    today,
    happyHours: options.happyHours,
    reference: 'preview',
  });
  if ('skip' in composed) return composed;
  return { period, email: { ...composed.email, to: account.email ?? `${account.publicId}@preview.invalid` } };
}
