/**
 * Demo email subscriptions (docs/contracts.md): demo-home gets the weekly snapshot; demo-happy weekly too (its
 * snapshot shows the Happy Hours participant's link once that offer is built); demo-solar monthly, so both
 * frequencies are on show; demo-business, demo-new and demo-other are not subscribed. Each subscriber's first
 * snapshot is due at once (this week's Monday, or this month's 1st), so `portal mail send-due` right after
 * `npm start` sends last week's and last month's snapshots. Idempotent: an existing row is never changed, so
 * a customer's own choice on the Settings screen survives a reseed.
 */
import { demoAccountIds, type EmailFrequency, typeOfFrequency, weekStart } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { subscriptions } from '../db/schema/subscriptions.ts';
import { accounts } from '../db/schema.ts';

export const demoSubscriptions: Record<string, EmailFrequency> = {
  [demoAccountIds.home]: 'weekly',
  [demoAccountIds.happy]: 'weekly',
  [demoAccountIds.solar]: 'monthly',
};

export async function seedDemoSubscriptions(db: Database, today: string): Promise<void> {
  const rows = await db
    .select({ id: accounts.id, publicId: accounts.publicId })
    .from(accounts)
    .where(inArray(accounts.publicId, Object.keys(demoSubscriptions)));
  if (rows.length === 0) return;
  await db
    .insert(subscriptions)
    .values(
      rows.map((row) => {
        const frequency = demoSubscriptions[row.publicId] as EmailFrequency;
        return {
          accountId: row.id,
          type: typeOfFrequency(frequency),
          subscribed: true,
          nextMailingDate: frequency === 'weekly' ? weekStart(today) : `${today.slice(0, 8)}01`,
        };
      }),
    )
    .onConflictDoNothing({ target: subscriptions.accountId });
}
