/** Visit records (docs/api.md#entities web interaction record). */
import type { Database } from '../../db/index.ts';
import { webInteractions } from '../../db/schema.ts';

export async function insertWebInteraction(
  db: Database,
  values: {
    accountId: string | null;
    type: string;
    source: string;
    pageName: string;
    url: string;
    eventTime: Date;
  },
): Promise<void> {
  await db.insert(webInteractions).values(values);
}
