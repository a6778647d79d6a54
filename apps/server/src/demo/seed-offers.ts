/**
 * Demo offer states of docs/contracts.md: `demo-home` invited to Happy Hours but not signed up and in Reduce & Be
 * Rewarded; `demo-happy` signed up to Happy Hours (11:00-13:00, in force for the last two months so the
 * Tracker shows its free hours) and opted out of Reduce & Be Rewarded; `demo-solar` is not invited (solar
 * customers are not eligible). Written once: a later run leaves whatever the demo customers changed.
 */
import { addDays, demoAccountIds, marketInstant, slotEffectiveDate } from '@portal/contracts';
import type { Database } from '../db/index.ts';
import {
  happyHoursParticipants,
  happyHoursSlots,
  hereForYouChanges,
  hereForYouParticipants,
} from '../db/schema/offers.ts';
import { findAccountByPublicId } from '../domains/accounts/queries.ts';

/** When demo-happy signed up: 60 days before the seeding day, at 10:00 AEST. */
export const DEMO_HAPPY_SIGNUP_DAYS_AGO = 60;
export const DEMO_HAPPY_SLOT = '11:00-13:00';
/** Invitations date from 120 days before the seeding day, so past weeks can be settled. */
const INVITED_DAYS_AGO = 120;
/** demo-happy opted out of Reduce & Be Rewarded 10 days before the seeding day. */
const OPTED_OUT_DAYS_AGO = 10;

export async function seedDemoOffers(db: Database, today: string): Promise<void> {
  const home = await findAccountByPublicId(db, demoAccountIds.home);
  const happy = await findAccountByPublicId(db, demoAccountIds.happy);
  if (!home || !happy) return;
  const invitedAt = marketInstant(addDays(today, -INVITED_DAYS_AGO), 9 * 60);

  await db.transaction(async (tx) => {
    await tx.insert(happyHoursParticipants).values({ accountId: home.id, invitedAt }).onConflictDoNothing();
    const signedUpAt = marketInstant(addDays(today, -DEMO_HAPPY_SIGNUP_DAYS_AGO), 10 * 60);
    const newHappy = await tx
      .insert(happyHoursParticipants)
      .values({
        accountId: happy.id,
        invitedAt,
        optedIn: true,
        timeSlot: DEMO_HAPPY_SLOT,
        signedUpAt,
      })
      .onConflictDoNothing()
      .returning({ accountId: happyHoursParticipants.accountId });
    if (newHappy.length > 0) {
      await tx
        .insert(happyHoursSlots)
        .values({
          accountId: happy.id,
          effectiveDate: slotEffectiveDate(signedUpAt),
          timeSlot: DEMO_HAPPY_SLOT,
          chosenAt: signedUpAt,
        })
        .onConflictDoNothing();
    }

    const newHome = await tx
      .insert(hereForYouParticipants)
      .values({ accountId: home.id, invitedAt, updatedAt: invitedAt })
      .onConflictDoNothing()
      .returning({ accountId: hereForYouParticipants.accountId });
    if (newHome.length > 0) {
      await tx.insert(hereForYouChanges).values({ accountId: home.id, optedIn: true, changedAt: invitedAt });
    }
    const optedOutAt = marketInstant(addDays(today, -OPTED_OUT_DAYS_AGO), 19 * 60);
    const newHappyHfy = await tx
      .insert(hereForYouParticipants)
      .values({ accountId: happy.id, invitedAt, optedIn: false, updatedAt: optedOutAt })
      .onConflictDoNothing()
      .returning({ accountId: hereForYouParticipants.accountId });
    if (newHappyHfy.length > 0) {
      await tx.insert(hereForYouChanges).values([
        { accountId: happy.id, optedIn: true, changedAt: invitedAt },
        { accountId: happy.id, optedIn: false, changedAt: optedOutAt },
      ]);
    }
  });
}
