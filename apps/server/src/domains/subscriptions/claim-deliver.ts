/**
 * The run every email command shares (decision 0012): claim a batch, deliver what is pending (this batch's
 * and any a crashed worker left), and again until a claim finds nothing more to look at; and the hand-over
 * of one message, where a permanent refusal skips the email and anything else stops the run with the error
 * (the email stays pending for the next run). Used by `portal mail send-due`, `alerts` and `events`, each
 * with its own claim and its own checks before sending.
 */
import { isDemoAccountId } from '@portal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { drEventEmails } from '../../db/schema/reduce-and-reward.ts';
import type { budgetAlerts, emailSnapshots } from '../../db/schema/subscriptions.ts';
import { type AccountRow, accounts } from '../../db/schema.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';
import { isPermanentRejection } from './mailer.ts';

export type DeliveryStatus = 'sent' | 'skipped' | 'cancelled';

/** Why an email to a demo account is skipped in production: the same reason in every email's outbox. */
export const DEMO_NOT_MAILED = 'a demo account: never mailed in production';

/** A demo account in production: its emails are skipped, for DEMO_NOT_MAILED. */
export const isDemoNotMailed = (config: Pick<Config, 'env'>, publicId: string): boolean =>
  config.env.NODE_ENV === 'production' && isDemoAccountId(publicId);

export interface DeliveryCounts {
  /** Emails claimed by this run. */
  claimed: number;
  sent: number;
  skipped: number;
  cancelled: number;
}

/** What an email's row is set to after an attempt: its outcome, one attempt more, and the time only once sent. */
export function attemptRecorded<Values extends { status?: string | undefined }>(
  attempts: number,
  values: Values,
) {
  return { ...values, attempts: attempts + 1, sentAt: values.status === 'sent' ? sql`now()` : null };
}

/** The tables of emails waiting to be sent: each row pending, then sent, skipped or cancelled. */
type Outbox = typeof emailSnapshots | typeof budgetAlerts | typeof drEventEmails;

/**
 * The oldest pending email of this client's accounts, with its account, locked until the caller's transaction
 * ends; SKIP LOCKED, so that another worker takes the next one instead of waiting. Undefined when none is left
 * unlocked.
 */
export async function lockNextPending<Table extends Outbox>(
  tx: Database,
  outbox: Table,
  clientCode: string,
): Promise<{ row: Table['$inferSelect']; account: AccountRow } | undefined> {
  const table: Outbox = outbox;
  const [found] = await tx
    .select({ row: table, account: accounts })
    .from(table)
    .innerJoin(accounts, eq(accounts.id, table.accountId))
    .where(and(eq(table.status, 'pending'), eq(accounts.clientCode, clientCode)))
    .orderBy(asc(table.id))
    .limit(1)
    .for('update', { of: table, skipLocked: true });
  return found as { row: Table['$inferSelect']; account: AccountRow } | undefined;
}

/**
 * Claims and delivers until a claim has nothing more to look at (`more`, by default whether it claimed any),
 * or the signal stops it before its next claim or email. Counts the claims and each outcome in `counts` as
 * they happen.
 */
export async function claimThenDeliver<Outcome extends { status: DeliveryStatus }>(steps: {
  claim: () => Promise<{ claimed: number; more?: boolean }>;
  /** Delivers one pending email; null when none is left unlocked. */
  deliverOne: () => Promise<Outcome | null>;
  counts: DeliveryCounts;
  onOutcome?: ((outcome: Outcome) => void) | undefined;
  signal?: AbortSignal | undefined;
}): Promise<void> {
  for (;;) {
    if (steps.signal?.aborted) return;
    const { claimed, more = claimed > 0 } = await steps.claim();
    steps.counts.claimed += claimed;
    for (;;) {
      if (steps.signal?.aborted) return;
      const outcome = await steps.deliverOne();
      if (!outcome) break;
      steps.counts[outcome.status]++;
      steps.onOutcome?.(outcome);
    }
    if (!more) return;
  }
}

/**
 * Hands one message to the mailer: 'sent' with where it went, or 'skipped' with the reason when the server
 * refused it for good. A transient failure is thrown: the caller's transaction rolls back, the email stays
 * pending.
 */
export async function handOver(
  mailer: Mailer,
  email: OutgoingEmail,
): Promise<{ status: 'sent'; deliveredTo: string } | { status: 'skipped'; reason: string }> {
  try {
    const { deliveredTo } = await mailer.send(email);
    return { status: 'sent', deliveredTo };
  } catch (error) {
    if (!isPermanentRejection(error)) throw error;
    return {
      status: 'skipped',
      reason: `refused by the mail server: ${(error as Error).message}`.slice(0, 500),
    };
  }
}
