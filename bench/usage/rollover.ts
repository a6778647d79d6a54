/**
 * The Tracker's day roll-over timed on the usage benchmark's data set (issue 31 item 6, decision 0036):
 *   1. the recent weeks of every account made current for today (`refreshUsageAnswers`, what `portal tracker
 *      refresh` runs): on a data set without stored weeks, the first fill;
 *   2. the roll-over itself (`rollOver`, what the server runs a few minutes after AEST midnight) for the next
 *      market day: stored weeks past the retention deleted, the weeks that show the day built again;
 *   3. today's weeks made current again, so that the load benchmark finds them as a server would today (the
 *      same work as step 2, measured once more).
 * The day's claim in `tracker_rollovers` is taken out first, so the script can be run again.
 *   node --import tsx bench/usage/rollover.ts [--accounts 1000] [--postgres postgres://…/postgres]
 */
import { parseArgs } from 'node:util';
import { addDays, marketToday } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import { trackerRollovers } from '../../apps/server/src/db/schema/usage-answers.ts';
import { rollOver } from '../../apps/server/src/domains/tracker/rollover.ts';
import { allAccountIds, refreshUsageAnswers } from '../../apps/server/src/domains/tracker/usage-answers.ts';
import { DEFAULT_ADMIN_URL, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
  },
});
const accountCount = Number(args.accounts);
const today = marketToday();
const nextDay = addDays(today, 1);
const handle = await openDatabase({
  databaseUrl: databaseUrl(args.postgres, accountCount),
  dataDir: '',
  poolSize: 2,
});
const ids = await allAccountIds(handle.db);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const built = (result as { built?: number } | null)?.built ?? 0;
  console.info(
    `${label}: ${JSON.stringify(result)} in ${seconds.toFixed(1)} s` +
      (built > 0 ? ` (${((seconds * 1000) / built).toFixed(2)} ms a week built)` : ''),
  );
  return result;
}

await timed(`${ids.length.toLocaleString('en-AU')} accounts made current for ${today}`, () =>
  refreshUsageAnswers(handle.db, ids, { today }),
);
await handle.db.delete(trackerRollovers).where(eq(trackerRollovers.marketDay, nextDay));
await timed(`roll-over to ${nextDay}`, () => rollOver(handle.db, nextDay));
await timed(`back to ${today}`, () => refreshUsageAnswers(handle.db, ids, { today }));
await handle.close();
