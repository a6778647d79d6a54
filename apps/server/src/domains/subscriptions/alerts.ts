/**
 * `portal mail alerts`: the budget alert (issue 29, docs/budget-alerts.md, decision 0040), claimed then
 * delivered as `send-due` does (decision 0012), so that workers can run in parallel and again after a crash.
 *
 * 1. Claim: in short transactions of up to a batch, lock the candidates (subscribed, alert on, a budget, an
 *    address, no alert row this week) with FOR UPDATE SKIP LOCKED, walking the accounts in id order so that
 *    one run looks at each once; read each one's week as the Tracker shows it, and when it is on track to
 *    exceed the budget record a pending alert under the key (account, week): a second claim adds nothing.
 * 2. Deliver: one alert at a time, lock a pending alert (SKIP LOCKED) and its subscription (FOR SHARE, so
 *    that an unsubscribe or an alert turned off waits for a send in progress and is never overtaken by one),
 *    check again (the week not over, still subscribed with the alert on, still on track), compose, hand over
 *    and mark it sent in the same transaction.
 * A crash leaves the alert pending for the next run; the one window left is a crash between the SMTP
 * server's acceptance and the commit, which resends the same message with the same Message-ID.
 */
import { marketToday } from '@portal/contracts';
import { and, asc, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { type BudgetAlertRow, budgetAlerts, subscriptions } from '../../db/schema/subscriptions.ts';
import { type AccountRow, accounts } from '../../db/schema.ts';
import { findAccountByPublicId } from '../accounts/queries.ts';
import { trackerWeekFor } from '../tracker/usage-service.ts';
import { AVERAGE_WEEKS } from '../tracker/week.ts';
import { alertWeekOf, isWeekOver, projectWeek, type WeekProjection } from './budget-alert.ts';
import {
  attemptRecorded,
  claimThenDeliver,
  DEMO_NOT_MAILED,
  handOver,
  isDemoNotMailed,
  lockNextPending,
} from './claim-deliver.ts';
import { budgetAlertView } from './email/alert-view.ts';
import { renderBudgetAlert } from './email/render.tsx';
import { retailerOf } from './email/view.ts';
import { linkBuilder, linkSecret } from './links.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';

export const DEFAULT_ALERT_BATCH_SIZE = 25;

/** The week of the account as the Tracker shows it on `today`, projected; null without data or budget. */
export async function projectionFor(
  db: Database,
  account: AccountRow,
  weekStart: string,
  today: string,
): Promise<WeekProjection | null> {
  if (account.spendTarget <= 0) return null;
  const week = await trackerWeekFor(db, account, weekStart, today);
  return projectWeek(week.current_week.intervals, account.spendTarget);
}

/** The alert's email for a projection. */
export function composeBudgetAlert(input: {
  config: Config;
  secret: string;
  account: AccountRow;
  projection: WeekProjection;
  reference: string;
}): Omit<OutgoingEmail, 'to'> {
  const { config, account, projection } = input;
  const links = linkBuilder(config, input.secret, account.publicId);
  const rendered = renderBudgetAlert(
    budgetAlertView({
      projection,
      averageWeeks: AVERAGE_WEEKS,
      retailer: retailerOf(config),
      publicId: account.publicId,
      links,
    }),
  );
  const host = new URL(config.publicUrl).hostname;
  return {
    ...rendered,
    messageId: `<budget-alert.${projection.weekStart}.${input.reference}@${host}>`,
    fileName: `budget-alert-${projection.weekStart}-${account.publicId}.eml`,
    headers: {
      // The alert's own list: one click turns the alert off, the snapshot stays (decision 0040).
      'List-Unsubscribe': `<${links.budgetAlertsOff()}>, <mailto:${config.mail.unsubscribeEmail}?subject=budget%20alerts%20off%20${account.publicId}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface AlertOutcome {
  publicId: string;
  weekStart: string;
  status: 'sent' | 'skipped' | 'cancelled';
  reason?: string | undefined;
  deliveredTo?: string | undefined;
}

export interface AlertsSummary {
  /** Accounts whose week was looked at, and those of them found on track to exceed (alerts claimed). */
  checked: number;
  claimed: number;
  sent: number;
  skipped: number;
  cancelled: number;
}

export interface SendAlertsOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
  today?: string;
  batchSize?: number;
  /** Called as each account's week has been looked at (the progress bar counts accounts). */
  onChecked?: (publicId: string) => void;
  onAlert?: (outcome: AlertOutcome) => void;
  signal?: AbortSignal;
}

/** Who may get an alert this week: subscribed, alert on, a budget and an address, of this retailer. */
const candidates = (config: Config) =>
  and(
    eq(subscriptions.subscribed, true),
    eq(subscriptions.budgetAlerts, true),
    gt(accounts.spendTarget, 0),
    isNotNull(accounts.email),
    eq(accounts.clientCode, config.client.clientCode),
  );

const noAlertThisWeek = (weekStart: string) =>
  sql`not exists (select 1 from ${budgetAlerts} b where b.account_id = ${accounts.id} and b.week_start = ${weekStart})`;

/** How many accounts a run would look at now (for a progress bar), and the alerts still pending. */
export async function countAlertCandidates(db: Database, config: Config, today: string): Promise<number> {
  const weekStart = alertWeekOf(today);
  const [due] = await db
    .select({ n: count() })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(and(candidates(config), noAlertThisWeek(weekStart)));
  return due?.n ?? 0;
}

/** Looks at up to a batch of candidates after `after` (account id); returns them and the alerts claimed. */
async function claimBatch(
  options: Required<Pick<SendAlertsOptions, 'db' | 'config'>> & {
    today: string;
    after: string | null;
    batchSize: number;
    onChecked?: ((publicId: string) => void) | undefined;
  },
): Promise<{ looked: number; claimed: number; last: string | null }> {
  const { config, today } = options;
  const weekStart = alertWeekOf(today);
  return options.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const rows = await tx
      .select({ account: accounts })
      .from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .where(
        and(
          candidates(config),
          noAlertThisWeek(weekStart),
          options.after ? gt(accounts.id, options.after) : undefined,
        ),
      )
      .orderBy(asc(accounts.id))
      .limit(options.batchSize)
      .for('update', { of: subscriptions, skipLocked: true });
    let claimed = 0;
    for (const { account } of rows) {
      const projection = await projectionFor(db, account, weekStart, today);
      if (projection?.onTrackToExceed) {
        const inserted = await tx
          .insert(budgetAlerts)
          .values({
            accountId: account.id,
            weekStart,
            spentCents: projection.spentCents,
            projectedCents: projection.projectedCents,
            budgetCents: projection.budgetCents,
          })
          .onConflictDoNothing()
          .returning({ id: budgetAlerts.id });
        claimed += inserted.length;
      }
      options.onChecked?.(account.publicId);
    }
    return { looked: rows.length, claimed, last: rows.at(-1)?.account.id ?? null };
  });
}

async function finish(
  db: Database,
  row: BudgetAlertRow,
  values: Partial<Pick<BudgetAlertRow, 'status' | 'reason' | 'messageId' | 'deliveredTo'>>,
) {
  await db.update(budgetAlerts).set(attemptRecorded(row.attempts, values)).where(eq(budgetAlerts.id, row.id));
}

/** Delivers one pending alert; null when none is left unlocked. */
async function deliverOne(
  options: Required<Pick<SendAlertsOptions, 'db' | 'config' | 'mailer'>> & { today: string; secret: string },
): Promise<AlertOutcome | null> {
  const { config, today } = options;
  return options.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const found = await lockNextPending(db, budgetAlerts, config.client.clientCode);
    if (!found) return null;
    const { row: alert, account } = found;
    const end = async (status: AlertOutcome['status'], reason: string): Promise<AlertOutcome> => {
      await finish(db, alert, { status, reason });
      return { publicId: account.publicId, weekStart: alert.weekStart, status, reason };
    };
    // Held until this transaction ends: an unsubscribe or an alert turned off waits for this send.
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, account.id))
      .for('share');
    if (isWeekOver(alert.weekStart, today)) return end('cancelled', 'the week is over');
    if (!subscription?.subscribed) return end('cancelled', 'unsubscribed before sending');
    if (!subscription.budgetAlerts) return end('cancelled', 'budget alerts turned off before sending');
    if (isDemoNotMailed(config, account.publicId)) return end('skipped', DEMO_NOT_MAILED);
    if (!account.email) return end('skipped', 'no email address');
    // The figures as they are now: data may have arrived since the claim.
    const projection = await projectionFor(db, account, alert.weekStart, today);
    if (!projection?.onTrackToExceed) return end('cancelled', 'no longer on track to exceed the budget');
    const email = composeBudgetAlert({
      config,
      secret: options.secret,
      account,
      projection,
      reference: String(alert.id),
    });
    const handed = await handOver(options.mailer, { ...email, to: account.email });
    if (handed.status === 'skipped') return end('skipped', handed.reason);
    await finish(db, alert, { ...handed, messageId: email.messageId });
    return { publicId: account.publicId, weekStart: alert.weekStart, ...handed };
  });
}

/**
 * Looks at every candidate's week and sends the alerts due. A transient delivery failure stops the run with
 * the error: the alert stays pending and the next run sends it.
 */
export async function sendBudgetAlerts(options: SendAlertsOptions): Promise<AlertsSummary> {
  const today = options.today ?? marketToday();
  const batchSize = options.batchSize ?? DEFAULT_ALERT_BATCH_SIZE;
  const secret = await linkSecret(options.db, options.config);
  const summary: AlertsSummary = { checked: 0, claimed: 0, sent: 0, skipped: 0, cancelled: 0 };
  let after: string | null = null;
  await claimThenDeliver({
    claim: async () => {
      const batch = await claimBatch({ ...options, today, after, batchSize });
      summary.checked += batch.looked;
      after = batch.last ?? after;
      return { claimed: batch.claimed, more: batch.looked > 0 };
    },
    deliverOne: () => deliverOne({ ...options, today, secret }),
    counts: summary,
    onOutcome: options.onAlert,
    signal: options.signal,
  });
  return summary;
}

/** One account's alert as it would be sent on `today`, whether or not it is due; nothing sent or recorded. */
export async function previewBudgetAlert(options: {
  db: Database;
  config: Config;
  publicId: string;
  today?: string;
}): Promise<{ email: OutgoingEmail; projection: WeekProjection } | { skip: string }> {
  const today = options.today ?? marketToday();
  const account = await findAccountByPublicId(options.db, options.publicId);
  if (!account) return { skip: `no account ${options.publicId}` };
  const projection = await projectionFor(options.db, account, alertWeekOf(today), today);
  if (!projection) return { skip: 'no budget, or no meter data this week yet' };
  const email = composeBudgetAlert({
    config: options.config,
    secret: await linkSecret(options.db, options.config),
    account,
    projection,
    reference: 'preview',
  });
  return { projection, email: { ...email, to: account.email ?? `${account.publicId}@preview.invalid` } };
}
