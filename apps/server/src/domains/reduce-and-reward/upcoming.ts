/**
 * The account's Reduce & Reward events still to come, each with its own target (issue 29 item 2): the
 * settlement's baseline rule on the days known now (`baselineFor`) and its target formula (`targetOf`), so
 * that the target announced equals the one the settlement uses when no new data arrives in between.
 */
import {
  aestIsoString,
  EVENT_CREDIT_CENTS,
  GOLD_PERCENT,
  type UpcomingEventsResponse,
} from '@portal/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { type DrEventRow, drEventInvitations, drEvents } from '../../db/schema/reduce-and-reward.ts';
import type { AccountRow } from '../../db/schema.ts';
import { baselineFor } from './evaluate-account.ts';
import { eventWindow, targetOf } from './settlement.ts';

const round = (kwh: number, places: number) => Math.round(kwh * 10 ** places) / 10 ** places;

/** Events the account is invited to that have not ended and are not settled, soonest first. */
export async function upcomingEventsFor(
  db: Database,
  account: AccountRow,
  now: Date = new Date(),
): Promise<UpcomingEventsResponse> {
  const rows = await db
    .select({ event: drEvents })
    .from(drEventInvitations)
    .innerJoin(drEvents, eq(drEvents.id, drEventInvitations.eventId))
    .where(
      and(
        eq(drEventInvitations.accountId, account.id),
        eq(drEvents.status, 'scheduled'),
        gt(drEvents.endsAt, now),
      ),
    )
    .orderBy(asc(drEvents.startsAt), asc(drEvents.id));
  const events: UpcomingEvent[] = [];
  for (const { event } of rows) events.push(await upcomingEventOf(db, event, account));
  return { events };
}

export type UpcomingEvent = UpcomingEventsResponse['events'][number];

/**
 * One event as announced to the account: when, its own target from the days known now (null until 5 such
 * days exist) and the rewards. The upcoming endpoint's entry, and what the invitation email says.
 */
export async function upcomingEventOf(
  db: Database,
  event: DrEventRow,
  account: AccountRow,
): Promise<UpcomingEvent> {
  const window = eventWindow(event.startsAt, event.endsAt);
  const baseline = await baselineFor(db, event, account);
  const target = baseline ? targetOf(baseline, event.percentDisplacementFactor, window.intervalCount) : null;
  return {
    id: event.id,
    start_time: aestIsoString(event.startsAt),
    end_time: aestIsoString(event.endsAt),
    interval_count: window.intervalCount,
    target:
      baseline && target
        ? {
            baseline_kwh: round(target.baselineKwh, 3),
            event_kwh: round(target.eventKwh, 3),
            per_interval_kwh: round(target.perIntervalKwh, 3),
            baseline_days: baseline.days.length,
            last_baseline_day: baseline.days[0] as string,
          }
        : null,
    rewards: {
      silver_cents: EVENT_CREDIT_CENTS.silver,
      gold_cents: EVENT_CREDIT_CENTS.gold,
      gold_percent: GOLD_PERCENT,
    },
  };
}
