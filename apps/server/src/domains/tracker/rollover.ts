/**
 * The server's own roll-over of the Tracker's stored answers (decision 0036): a few minutes after each AEST
 * midnight, one instance (the one that claims the day's `tracker_rollovers` row) builds every account's recent
 * weeks for the new day, so the morning's first customers are sent stored answers, and deletes weeks stored more
 * than RETAINED_WEEKS ago. An interrupted roll-over is
 * not taken up by another instance: readers build what is missing, and `portal tracker refresh` resumes it.
 */
import { MARKET_UTC_OFFSET_MINUTES, marketToday } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/index.ts';
import { trackerRollovers } from '../../db/schema/usage-answers.ts';
import { allAccountIds, pruneOldAnswers, refreshUsageAnswers } from './usage-answers.ts';

/** Minutes after AEST midnight the roll-over starts: the day's last reads are in by then for no one, but the day has turned. */
const ROLLOVER_MINUTE = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds from `now` to the next AEST midnight plus ROLLOVER_MINUTE. */
export function msToNextRollover(now: Date): number {
  const offset = MARKET_UTC_OFFSET_MINUTES * 60_000;
  const local = now.getTime() + offset;
  const next = Math.floor(local / DAY_MS) * DAY_MS + ROLLOVER_MINUTE * 60_000;
  return (next > local ? next : next + DAY_MS) - local;
}

/** Claims the day (one instance of many) and refreshes every account's recent weeks; null if already claimed. */
export async function rollOver(db: Database, today: string = marketToday()) {
  const claimed = await db
    .insert(trackerRollovers)
    .values({ marketDay: today })
    .onConflictDoNothing()
    .returning({ marketDay: trackerRollovers.marketDay });
  if (claimed.length === 0) return null;
  const pruned = await pruneOldAnswers(db, today);
  const summary = { ...(await refreshUsageAnswers(db, await allAccountIds(db), { today })), pruned };
  await db
    .update(trackerRollovers)
    .set({ finishedAt: sql`now()`, accounts: summary.accounts, built: summary.built })
    .where(eq(trackerRollovers.marketDay, today));
  return summary;
}

async function rolloverPlugin(app: FastifyInstance) {
  if (!app.config.env.TRACKER_ROLLOVER) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    timer = setTimeout(() => {
      running = rollOver(app.db)
        .then((summary) => {
          if (summary) app.log.info({ rollover: summary }, 'tracker roll-over done');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'tracker roll-over failed'))
        .finally(schedule);
    }, msToNextRollover(new Date()));
    // The roll-over never keeps the process alive by itself.
    timer.unref();
  };
  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}

export default fp(rolloverPlugin, { name: 'tracker-rollover', dependencies: ['infrastructure'] });
