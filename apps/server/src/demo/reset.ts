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
import { withPricing } from '../domains/billing/pricing.ts';
import { demoAccounts, giveDemoTariffs, type SeedOptions, type SeedSummary, seedDemo } from './seed.ts';
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
    const rows = await tx
      .select({ id: accounts.id, publicId: accounts.publicId })
      .from(accounts)
      .where(
        inArray(
          accounts.publicId,
          demoAccounts.map((account) => account.publicId),
        ),
      );
    if (rows.length === 0) return 0;
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
    for (const row of rows) {
      const demo = demoAccounts.find((account) => account.publicId === row.publicId);
      if (!demo) continue;
      await tx
        .update(accounts)
        .set({
          email: `${demo.publicId}@customers.example`,
          spendTarget: demo.spendTarget,
          noEmail: false,
          emailClickCount: 0,
          completedSurvey: false,
          solarTrial: false,
          solarWelcomeSeen: false,
          updatedAt: sql`now()`,
        })
        .where(eq(accounts.id, row.id));
      await giveDemoTariffs(tx, demo, row.id, today);
    }
    return rows.length;
  });
  const seeded = await seedDemo(db, config, { ...options, today });
  return { ...seeded, accountsReset };
}
