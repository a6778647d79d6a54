/**
 * `portal demo reset`: the demo accounts back as a first start makes them, after someone has tried the demo
 * (signed up to Happy Hours, opted out, answered the survey, changed the budget or the email settings...).
 * Everything the portal keeps per demo account is cleared, then the seed writes the demo state again, as of
 * today. The demo meter data, the demo events and their results (which come from that data) and the tariffs
 * themselves stay: no customer changes them, and loading 15 months of data again would take minutes.
 */

import { marketToday } from '@portal/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import {
  happyHoursParticipants,
  happyHoursSlots,
  hereForYouChanges,
  hereForYouParticipants,
  hereForYouSettlements,
} from '../db/schema/offers.ts';
import { drEventEmails, drEventInvitations, drEvents } from '../db/schema/reduce-and-reward.ts';
import { budgetAlerts, emailLinkClicks, emailSnapshots, subscriptions } from '../db/schema/subscriptions.ts';
import { accounts, accountTariffs, profiles, webInteractions } from '../db/schema.ts';
import { findAccountByPublicId } from '../domains/accounts/queries.ts';
import { withPricing } from '../domains/billing/pricing.ts';
import { DemoDataError } from './production.ts';
import {
  type DemoAccount,
  demoAccountRow,
  demoAccounts,
  giveDemoTariffs,
  type SeedOptions,
  type SeedSummary,
  seedDemo,
} from './seed.ts';
import { demoEvents } from './seed-reduce-and-reward.ts';

export interface ResetSummary extends SeedSummary {
  /** Demo accounts found and put back (the others, if any were missing, are created by the seed). */
  accountsReset: number;
}

export async function resetDemo(
  db: Database,
  config: Config,
  options: SeedOptions = {},
): Promise<ResetSummary> {
  const today = options.today ?? marketToday();
  // Removing tariffs and slots makes days stale: they are priced again before the reset commits.
  const accountsReset = await withPricing(db, async (tx) => {
    // Each demo account's own row, under its demo link or one an operator rotated it to.
    const rows: { id: string; demo: DemoAccount }[] = [];
    for (const demo of demoAccounts) {
      const row = await demoAccountRow(tx, demo, config.client.clientCode);
      if (row) rows.push({ id: row.id, demo });
    }
    if (rows.length === 0) return 0;
    // A demo link given to another account since (rotated away, then `accounts create --id`): the reset would
    // take it from that account. Said in one line before anything changes.
    for (const { id, demo } of rows) {
      const holder = await findAccountByPublicId(tx, demo.publicId);
      if (holder && holder.id !== id) {
        throw new DemoDataError(
          `The demo link ${demo.publicId} now belongs to another account (meter ${holder.nmi}): give that ` +
            `account a link of its own first ("portal accounts rotate-link --account ${demo.publicId}").`,
        );
      }
    }
    const ids = rows.map((row) => row.id);
    // What customers and the portal's runs leave per account.
    for (const table of [
      profiles,
      webInteractions,
      happyHoursParticipants,
      happyHoursSlots,
      hereForYouChanges,
      hereForYouParticipants,
      hereForYouSettlements,
      emailSnapshots,
      budgetAlerts,
      drEventEmails,
      subscriptions,
      accountTariffs,
    ]) {
      await tx.delete(table).where(inArray(table.accountId, ids));
    }
    // Invitations to events an operator made since; the demo events keep theirs.
    const demoEventIds = tx
      .select({ id: drEvents.id })
      .from(drEvents)
      .where(
        inArray(
          drEvents.reference,
          demoEvents.map((event) => event.reference),
        ),
      );
    // The clicks counted today go with the count, so that a link counts again after a reset.
    await tx.delete(emailLinkClicks).where(inArray(emailLinkClicks.accountId, ids));
    await tx
      .delete(drEventInvitations)
      .where(
        and(inArray(drEventInvitations.accountId, ids), notInArray(drEventInvitations.eventId, demoEventIds)),
      );
    for (const { id, demo } of rows) {
      await tx
        .update(accounts)
        .set({
          // The published demo link back: one an operator rotated to answers as unknown from now on.
          publicId: demo.publicId,
          email: `${demo.publicId}@customers.example`,
          spendTarget: demo.spendTarget,
          noEmail: false,
          emailClickCount: 0,
          completedSurvey: false,
          solarTrial: false,
          solarWelcomeSeen: false,
          updatedAt: sql`now()`,
        })
        .where(eq(accounts.id, id));
      await giveDemoTariffs(tx, demo, id, today);
    }
    return rows.length;
  });
  const seeded = await seedDemo(db, config, { ...options, today });
  return { ...seeded, accountsReset };
}
