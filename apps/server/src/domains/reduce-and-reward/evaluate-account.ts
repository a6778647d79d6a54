/**
 * One account's evaluation of a Reduce & Reward event from the stored meter data: its reads around the event
 * and its other event days, through the rules of settlement.ts. Settlement stores it; the progress view shows
 * it while the event runs.
 */
import { addDays, BASELINE_LOOKBACK_DAYS, marketDateOf } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { type DrEventRow, drEventInvitations, drEvents } from '../../db/schema/reduce-and-reward.ts';
import { energyReadsOf } from '../meter-data/queries.ts';
import type { SupplyHolder } from '../meter-data/supply-period.ts';
import {
  type AccountEvaluation,
  type Baseline,
  computeBaseline,
  type EventChannelRead,
  evaluateAccount,
  eventWindow,
} from './settlement.ts';

/** The account's reads from the lookback start to the event day, by date. */
async function readsAround(db: Database, holder: SupplyHolder, date: string) {
  const reads = await energyReadsOf(db, holder, addDays(date, -BASELINE_LOOKBACK_DAYS), date);
  const byDate = new Map<string, EventChannelRead[]>();
  for (const read of reads) {
    const list = byDate.get(read.readDate) ?? [];
    list.push(read);
    byDate.set(read.readDate, list);
  }
  return byDate;
}

/** The AEST dates of the account's other events: skipped by its baseline (its usage then was not usual). */
async function otherEventDays(db: Database, accountId: string, eventId: number) {
  const rows = await db
    .select({ id: drEvents.id, startsAt: drEvents.startsAt })
    .from(drEventInvitations)
    .innerJoin(drEvents, eq(drEvents.id, drEventInvitations.eventId))
    .where(eq(drEventInvitations.accountId, accountId));
  return new Set(rows.filter((row) => row.id !== eventId).map((row) => marketDateOf(row.startsAt)));
}

/** An account's evaluation of an event (settlement.ts's rules) from its stored reads. */
export async function evaluate(
  db: Database,
  event: DrEventRow,
  account: SupplyHolder & { id: string },
): Promise<AccountEvaluation> {
  const window = eventWindow(event.startsAt, event.endsAt);
  // One after the other: `db` is a transaction's one connection during settlement.
  const reads = await readsAround(db, account, window.date);
  const eventDays = await otherEventDays(db, account.id, event.id);
  return evaluateAccount(window, event.percentDisplacementFactor, reads, eventDays);
}

/**
 * The account's baseline for an event from the reads stored now (settlement.ts's rule): before the event, the
 * days known at the time; at settlement the same, unless data for more days arrived in between.
 */
export async function baselineFor(
  db: Database,
  event: DrEventRow,
  account: SupplyHolder & { id: string },
): Promise<Baseline | null> {
  const window = eventWindow(event.startsAt, event.endsAt);
  const reads = await readsAround(db, account, window.date);
  const eventDays = await otherEventDays(db, account.id, event.id);
  return computeBaseline(window, reads, eventDays);
}
