/** The budget's one write: the account row's `spend_target` (docs/api.md#calls POST /api/settings/spend_target). */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accounts } from '../../db/schema.ts';

/** The weekly budget in whole dollars; 0 turns it off (docs/rules.md#validation). */
export async function setBudget(db: Database, accountId: string, spendTarget: number): Promise<void> {
  await db.update(accounts).set({ spendTarget, updatedAt: sql`now()` }).where(eq(accounts.id, accountId));
}
