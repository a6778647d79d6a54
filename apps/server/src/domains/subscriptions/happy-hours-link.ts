/**
 * Whether a snapshot carries the "Change your Happy Hours time slot" link (docs/email-snapshots.md: for participants): an
 * account signed up to Happy Hours (docs/offers.md) and not a solar customer, as the offers domain decides.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { happyHoursParticipants } from '../../db/schema/offers.ts';
import type { AccountRow } from '../../db/schema.ts';
import { isSolarCustomer } from '../offers/happy-hours.ts';

export type HappyHoursLookup = (db: Database, account: AccountRow) => Promise<boolean>;

export const isHappyHoursParticipant: HappyHoursLookup = async (db, account) => {
  const [row] = await db
    .select({ accountId: happyHoursParticipants.accountId })
    .from(happyHoursParticipants)
    .where(and(eq(happyHoursParticipants.accountId, account.id), eq(happyHoursParticipants.optedIn, true)));
  return row !== undefined && !(await isSolarCustomer(db, account));
};
