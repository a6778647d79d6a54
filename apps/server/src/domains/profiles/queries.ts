/** Database reads and writes of profile survey submissions (docs/surveys.md). */
import type { MarketSegment, SurveyProfile } from '@portal/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accounts, type ProfileRow, profiles } from '../../db/schema.ts';

/**
 * Stores a submission as a new row (the history is kept; the latest row is the profile) and marks the
 * account's survey completed, in one transaction so the Tracker never stops inviting without a stored profile.
 */
export async function saveProfile(
  db: Database,
  input: { accountId: string; segment: MarketSegment; answers: SurveyProfile; source: string },
): Promise<ProfileRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(profiles).values(input).returning();
    if (!row) throw new Error('insert returned no row');
    await tx
      .update(accounts)
      .set({ completedSurvey: true, updatedAt: sql`now()` })
      .where(eq(accounts.id, input.accountId));
    return row;
  });
}

/** Every submission of an account, latest first (the first is the current profile). */
export async function profileHistory(db: Database, accountId: string): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.accountId, accountId))
    .orderBy(desc(profiles.submittedAt), desc(profiles.id));
}
