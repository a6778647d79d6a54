/**
 * `portal mail events`: the Reduce & Reward emails (issue 29, docs/reduce-and-reward.md#emails, decision 0041),
 * claimed then delivered as `send-due` and `alerts` are (decision 0012, claim-deliver.ts), so that workers can
 * run in parallel and again after a crash.
 *
 * - The invitation, once per account and event, before the event starts: when it is (AEST), the account's own
 *   target and the rewards, the upcoming endpoint's entry as it is when sent (`upcomingEventOf`). The target
 *   sent is recorded on the email's row: the target as announced.
 * - The results, once per account and event, when the account's result is settled (within RESULTS_DAYS of the
 *   event's end): the event detail's answer (`eventProgressFor`) in its words (`eventOutcomeOf`), and whether
 *   the target it was measured against is the one announced.
 *
 * 1. Claim: one statement per kind records a pending email for every invitation due one (subscribed, an
 *    address, this retailer, none of that kind yet) under the key (account, event, kind): a second claim,
 *    or a parallel one, adds nothing.
 * 2. Deliver: one email at a time, lock a pending email (SKIP LOCKED) and the account's subscription (FOR
 *    SHARE, so that an unsubscribe waits for a send in progress and is never overtaken by one), check again,
 *    compose, hand over and mark it sent in the same transaction.
 */
import { aestIsoString } from '@portal/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import {
  type DrEventEmailRow,
  type DrEventRow,
  drEventEmails,
  drEventInvitations,
  drEvents,
} from '../../db/schema/reduce-and-reward.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { type AccountRow, accounts } from '../../db/schema.ts';
import { type UpcomingEvent, upcomingEventOf } from '../reduce-and-reward/upcoming.ts';
import { announcedTarget, eventProgressFor } from '../reduce-and-reward/views.ts';
import {
  attemptRecorded,
  claimThenDeliver,
  DEMO_NOT_MAILED,
  type DeliveryStatus,
  handOver,
  isDemoNotMailed,
  lockNextPending,
} from './claim-deliver.ts';
import { invitationView, resultsView } from './email/event-view.ts';
import { renderEventEmail } from './email/render.tsx';
import { retailerOf } from './email/view.ts';
import { linkBuilder, linkSecret, unsubscribeHeaders } from './links.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';

export type EventEmailKind = DrEventEmailRow['kind'];
export const EVENT_EMAIL_KINDS: readonly EventEmailKind[] = ['invitation', 'results'];

/** Results are sent for events that ended at most this many days before the run: never a flood of old news. */
export const RESULTS_DAYS = 14;

export interface EventEmailOutcome {
  publicId: string;
  eventId: number;
  kind: EventEmailKind;
  status: DeliveryStatus;
  reason?: string | undefined;
  deliveredTo?: string | undefined;
}

export interface EventEmailsSummary {
  claimed: number;
  sent: number;
  skipped: number;
  cancelled: number;
}

export interface SendEventEmailsOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** The run's time: invitations for events that start after it, results for events ended within RESULTS_DAYS. */
  now?: Date;
  onEmail?: (outcome: EventEmailOutcome) => void;
  signal?: AbortSignal;
}

/** The invitations due an email of `kind` at `now` and without one yet (account_id, event_id). */
function dueInvitations(config: Config, kind: EventEmailKind, now: Date): SQL {
  const at = now.toISOString();
  const when =
    kind === 'invitation'
      ? sql`e.status = 'scheduled' and e.starts_at > ${at}::timestamptz`
      : sql`e.status = 'complete' and i.settled_at is not null and e.ends_at <= ${at}::timestamptz
          and e.ends_at > ${at}::timestamptz - make_interval(days => ${RESULTS_DAYS})`;
  return sql`
    select i.account_id, i.event_id
    from ${drEventInvitations} i
    join ${drEvents} e on e.id = i.event_id
    join ${accounts} a on a.id = i.account_id
    join ${subscriptions} s on s.account_id = i.account_id
    where e.client_code = ${config.client.clientCode} and s.subscribed and a.email is not null and ${when}
      and not exists (
        select 1 from ${drEventEmails} m
        where m.account_id = i.account_id and m.event_id = i.event_id and m.kind = ${kind})`;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** How many emails a run would send now: those due and those still pending (for a progress bar). */
export async function countEventEmailsDue(db: Database, config: Config, now: Date): Promise<number> {
  let total = 0;
  for (const kind of EVENT_EMAIL_KINDS) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from (${dueInvitations(config, kind, now)}) d`),
    );
    total += Number(row?.n ?? 0);
  }
  const [pending] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from ${drEventEmails} m join ${accounts} a on a.id = m.account_id
      where m.status = 'pending' and a.client_code = ${config.client.clientCode}`),
  );
  return total + Number(pending?.n ?? 0);
}

/** Records a pending email for every invitation due one; returns how many were new. */
async function claim(db: Database, config: Config, now: Date): Promise<number> {
  let claimed = 0;
  for (const kind of EVENT_EMAIL_KINDS) {
    const inserted = await db.execute(sql`
      insert into ${drEventEmails} (account_id, event_id, kind)
      select account_id, event_id, ${kind} from (${dueInvitations(config, kind, now)}) d
      order by event_id, account_id
      on conflict do nothing
      returning id`);
    claimed += rowsOf(inserted).length;
  }
  return claimed;
}

interface Composed {
  email: Omit<OutgoingEmail, 'to'>;
  /** The invitation's target as sent (recorded with the email). */
  announced?: UpcomingEvent['target'];
}

/** One email of `kind` for the account and event, or why there is none. */
export async function composeEventEmail(input: {
  db: Database;
  config: Config;
  secret: string;
  account: AccountRow;
  event: DrEventRow;
  kind: EventEmailKind;
  /** Distinguishes the Message-ID; the email row's id when sending. */
  reference: string;
}): Promise<Composed | { skip: string }> {
  const { db, config, account, event, kind } = input;
  const links = linkBuilder(config, input.secret, account.publicId);
  const common = {
    retailer: retailerOf(config),
    publicId: account.publicId,
    links,
  };
  const host = new URL(config.publicUrl).hostname;
  const envelope = {
    messageId: `<event-${kind}.${event.id}.${input.reference}@${host}>`,
    fileName: `event-${kind}-${event.id}-${account.publicId}.eml`,
    headers: unsubscribeHeaders(config, links, account.publicId),
  };
  if (kind === 'invitation') {
    const upcoming = await upcomingEventOf(db, event, account);
    return {
      email: { ...renderEventEmail(invitationView({ ...common, event: upcoming })), ...envelope },
      announced: upcoming.target,
    };
  }
  const progress = await eventProgressFor(db, account, event.id);
  if (progress === null) return { skip: 'not invited' };
  if (progress === 'no data' || progress.usage.total_rewards === null)
    return { skip: 'no result: the meter data never covered the event' };
  const view = resultsView({
    ...common,
    eventId: event.id,
    startTime: aestIsoString(event.startsAt),
    endTime: aestIsoString(event.endsAt),
    progress,
    announcedTargetKwh: (await announcedTarget(db, account.id, event.id))?.per_interval_kwh ?? null,
  });
  return { email: { ...renderEventEmail(view), ...envelope } };
}

async function finish(
  db: Database,
  row: DrEventEmailRow,
  values: Partial<
    Pick<
      DrEventEmailRow,
      | 'status'
      | 'reason'
      | 'messageId'
      | 'deliveredTo'
      | 'targetKwh'
      | 'eventTargetKwh'
      | 'baselineKwh'
      | 'baselineDays'
      | 'lastBaselineDay'
    >
  >,
) {
  await db
    .update(drEventEmails)
    .set(attemptRecorded(row.attempts, values))
    .where(eq(drEventEmails.id, row.id));
}

/** Why a claimed email is no longer due, or null when it still is. */
function noLongerDue(row: DrEventEmailRow, event: DrEventRow, now: Date): string | null {
  if (row.kind === 'invitation' && (event.status !== 'scheduled' || event.startsAt <= now))
    return 'the event has started';
  return null;
}

/** Delivers one pending email; null when none is left unlocked. */
async function deliverOne(
  options: Required<Pick<SendEventEmailsOptions, 'db' | 'config' | 'mailer'>> & { now: Date; secret: string },
): Promise<EventEmailOutcome | null> {
  const { config, now } = options;
  return options.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const found = await lockNextPending(db, drEventEmails, config.client.clientCode);
    if (!found) return null;
    const { row, account } = found;
    const [event] = await tx.select().from(drEvents).where(eq(drEvents.id, row.eventId));
    if (!event) throw new Error(`event email ${row.id} names no event`); // its invitation's foreign keys keep this from happening
    const base = { publicId: account.publicId, eventId: event.id, kind: row.kind };
    const end = async (status: DeliveryStatus, reason: string): Promise<EventEmailOutcome> => {
      await finish(db, row, { status, reason });
      return { ...base, status, reason };
    };
    // Held until this transaction ends: an unsubscribe waits for this send.
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, account.id))
      .for('share');
    const stale = noLongerDue(row, event, now);
    if (stale) return end('cancelled', stale);
    if (!subscription?.subscribed) return end('cancelled', 'unsubscribed before sending');
    if (isDemoNotMailed(config, account.publicId)) return end('skipped', DEMO_NOT_MAILED);
    if (!account.email) return end('skipped', 'no email address');
    const composed = await composeEventEmail({
      db,
      config,
      secret: options.secret,
      account,
      event,
      kind: row.kind,
      reference: String(row.id),
    });
    if ('skip' in composed) return end('skipped', composed.skip);
    const handed = await handOver(options.mailer, { ...composed.email, to: account.email });
    if (handed.status === 'skipped') return end('skipped', handed.reason);
    const target = composed.announced;
    await finish(db, row, {
      ...handed,
      messageId: composed.email.messageId,
      ...(target
        ? {
            targetKwh: target.per_interval_kwh,
            eventTargetKwh: target.event_kwh,
            baselineKwh: target.baseline_kwh,
            baselineDays: target.baseline_days,
            lastBaselineDay: target.last_baseline_day,
          }
        : {}),
    });
    return { ...base, ...handed };
  });
}

/**
 * Sends every Reduce & Reward email due. A transient delivery failure stops the run with the error: the email
 * stays pending and the next run sends it.
 */
export async function sendEventEmails(options: SendEventEmailsOptions): Promise<EventEmailsSummary> {
  const now = options.now ?? new Date();
  const secret = await linkSecret(options.db, options.config);
  const summary: EventEmailsSummary = { claimed: 0, sent: 0, skipped: 0, cancelled: 0 };
  await claimThenDeliver({
    claim: async () => ({ claimed: await claim(options.db, options.config, now) }),
    deliverOne: () => deliverOne({ ...options, now, secret }),
    counts: summary,
    onOutcome: options.onEmail,
    signal: options.signal,
  });
  return summary;
}
