/**
 * Reads and changes of an account's email subscription (docs/api.md#calls). An account without a row has never
 * subscribed: it answers unsubscribed, weekly.
 */
import { createHash } from 'node:crypto';
import {
  type BudgetAlertSetting,
  frequencyOf,
  marketToday,
  type Subscription,
  type SubscriptionType,
  typeOfFrequency,
  WEEKLY_EMAIL,
} from '@portal/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { emailLinkClicks, type SubscriptionRow, subscriptions } from '../../db/schema/subscriptions.ts';
import { accounts } from '../../db/schema.ts';
import { nextMailingDate, shownMailingDate } from './schedule.ts';

/** The answer of docs/api.md#calls for a row; the next mailing date as the customer is told it (never a past date). */
export const toSubscription = (
  row: SubscriptionRow | undefined,
  today: string = marketToday(),
): Subscription => ({
  subscribed: row?.subscribed ?? false,
  type: row?.type ?? WEEKLY_EMAIL,
  next_mailing_date:
    row?.subscribed && row.nextMailingDate
      ? shownMailingDate(frequencyOf(row.type), row.nextMailingDate, today)
      : null,
});

/** The account's row, locked until the transaction ends so that two changes at once apply one after the other. */
async function lockedSubscriptionRow(tx: Database, accountId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .for('update');
  return row;
}

export async function subscriptionOf(
  db: Database,
  accountId: string,
  today: string = marketToday(),
): Promise<Subscription> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  return toSubscription(row, today);
}

/**
 * Subscribes or unsubscribes. Subscribing schedules the first snapshot for the next mailing day after today;
 * subscribing again while subscribed to the same type keeps the date already scheduled.
 */
export async function setSubscription(
  db: Database,
  accountId: string,
  change: { subscribed: boolean; type?: SubscriptionType | undefined },
  today: string = marketToday(),
): Promise<Subscription> {
  return db.transaction(async (tx) => {
    const current = await lockedSubscriptionRow(tx, accountId);
    const type = change.type ?? current?.type ?? WEEKLY_EMAIL;
    const unchanged = current?.subscribed && change.subscribed && current.type === type;
    const next = !change.subscribed
      ? null
      : unchanged
        ? current.nextMailingDate
        : nextMailingDate(frequencyOf(type), today);
    const values = { type, subscribed: change.subscribed, nextMailingDate: next };
    const [row] = await tx
      .insert(subscriptions)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return toSubscription(row, today);
  });
}

/** Weekly becomes monthly and monthly weekly; the next snapshot moves to the new frequency's next day. */
export async function changeFrequency(
  db: Database,
  accountId: string,
  today: string = marketToday(),
): Promise<Subscription | null> {
  return db.transaction(async (tx) => {
    const current = await lockedSubscriptionRow(tx, accountId);
    if (!current?.subscribed) return null;
    const frequency = frequencyOf(current.type) === 'weekly' ? 'monthly' : 'weekly';
    const [row] = await tx
      .update(subscriptions)
      .set({
        type: typeOfFrequency(frequency),
        nextMailingDate: nextMailingDate(frequency, today),
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.accountId, accountId))
      .returning();
    return toSubscription(row, today);
  });
}

/** The budget alert choice (docs/budget-alerts.md): on unless turned off; the weekly budget beside it. */
export async function budgetAlertOf(
  db: Database,
  account: { id: string; spendTarget: number },
): Promise<BudgetAlertSetting> {
  const [row] = await db
    .select({ enabled: subscriptions.budgetAlerts })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, account.id));
  return { enabled: row?.enabled ?? true, budget: account.spendTarget };
}

/**
 * Turns the budget alert on or off; false when the account is not subscribed (alerts go with the email
 * subscription: decision 0040). Turning it off is kept whatever happens to the subscription later.
 */
export async function setBudgetAlerts(db: Database, accountId: string, enabled: boolean): Promise<boolean> {
  if (!enabled) {
    // Off always works, subscribed or not (an account that never subscribed gets a row that says so): it only
    // ever stops mail, and the choice is kept if the customer subscribes later.
    await db
      .insert(subscriptions)
      .values({ accountId, type: WEEKLY_EMAIL, subscribed: false, budgetAlerts: false })
      .onConflictDoUpdate({
        target: subscriptions.accountId,
        set: { budgetAlerts: false, updatedAt: sql`now()` },
      });
    return true;
  }
  const changed = await db
    .update(subscriptions)
    .set({ budgetAlerts: true, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.subscribed, true)))
    .returning({ accountId: subscriptions.accountId });
  return changed.length > 0;
}

/**
 * Counts a click of a signed email link once per link, account and AEST day (issue 16 item 10): the count
 * prompts the survey, and a link replayed (by a person, a mail scanner or anyone holding it) must not raise
 * it without limit. The account's rows of past days are removed in the same transaction.
 */
export async function countEmailClick(db: Database, accountId: string, token: string): Promise<void> {
  const link = createHash('sha256').update(token).digest('hex');
  const today = marketToday();
  await db.transaction(async (tx) => {
    await tx
      .delete(emailLinkClicks)
      .where(and(eq(emailLinkClicks.accountId, accountId), lt(emailLinkClicks.day, today)));
    const fresh = await tx
      .insert(emailLinkClicks)
      .values({ accountId, link, day: today })
      .onConflictDoNothing()
      .returning({ link: emailLinkClicks.link });
    if (fresh.length === 0) return;
    await tx
      .update(accounts)
      .set({ emailClickCount: sql`${accounts.emailClickCount} + 1` })
      .where(eq(accounts.id, accountId));
  });
}
