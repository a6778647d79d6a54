/**
 * The customer's views of Reduce & Reward events (docs/api.md#calls dr_events, event results and progress),
 * read from the stored invitations and meter data.
 */
import {
  type AnnouncedTargetResponse,
  aestIsoString,
  type EventProgressResponse,
  type EventResultResponse,
  type EventResultsResponse,
} from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  type DrEventInvitationRow,
  type DrEventRow,
  drEventEmails,
  drEventInvitations,
  drEvents,
} from '../../db/schema/reduce-and-reward.ts';
import type { AccountRow } from '../../db/schema.ts';
import { microKwhToKwh } from '../billing/money.ts';
import { evaluate } from './evaluate-account.ts';
import { eventWindow, intervalStartTimes } from './settlement.ts';

/** The account's events (its invitations), oldest first: the list of docs/api.md#calls dr_events. */
export async function eventsForAccount(db: Database, account: AccountRow) {
  const rows = await db
    .select({ id: drEvents.id, startsAt: drEvents.startsAt })
    .from(drEventInvitations)
    .innerJoin(drEvents, eq(drEvents.id, drEventInvitations.eventId))
    .where(eq(drEventInvitations.accountId, account.id))
    .orderBy(asc(drEvents.startsAt), asc(drEvents.id));
  return {
    dr_events: rows.map((row) => ({ dr_event: { id: row.id, start_time: aestIsoString(row.startsAt) } })),
  };
}

async function invitationOf(db: Database, account: AccountRow, eventId: number) {
  const [row] = await db
    .select({ event: drEvents, invitation: drEventInvitations })
    .from(drEventInvitations)
    .innerJoin(drEvents, eq(drEvents.id, drEventInvitations.eventId))
    .where(and(eq(drEventInvitations.accountId, account.id), eq(drEventInvitations.eventId, eventId)));
  return row ?? null;
}

/** The result of one invitation (docs/api.md#entities): empty until settled; no usage when its meter data never came. */
function resultOf(event: Pick<DrEventRow, 'status'>, invitation: DrEventInvitationRow): EventResultResponse {
  if (event.status !== 'complete') return {};
  const settled = invitation.settledAt !== null;
  return {
    usage: {
      total_rewards: { cents: settled ? (invitation.creditCents ?? 0) : 0 },
      event_usage_exists: settled,
    },
  };
}

/** Null when the account was not invited to the event. */
export async function eventResultFor(
  db: Database,
  account: AccountRow,
  eventId: number,
): Promise<EventResultResponse | null> {
  const row = await invitationOf(db, account, eventId);
  return row ? resultOf(row.event, row.invitation) : null;
}

/** Every event of the account with its result, oldest first, in one query (the overview's batched call). */
export async function eventResultsFor(db: Database, account: AccountRow): Promise<EventResultsResponse> {
  const rows = await db
    .select({ event: drEvents, invitation: drEventInvitations })
    .from(drEventInvitations)
    .innerJoin(drEvents, eq(drEvents.id, drEventInvitations.eventId))
    .where(eq(drEventInvitations.accountId, account.id))
    .orderBy(asc(drEvents.startsAt), asc(drEvents.id));
  return {
    dr_events: rows.map(({ event, invitation }) => ({
      dr_event: { id: event.id, start_time: aestIsoString(event.startsAt) },
      result: resultOf(event, invitation),
    })),
  };
}

const kwh = (micro: number) => microKwhToKwh(micro, 3);
const round4 = (value: number | null) => (value === null ? null : Math.round(value * 1e4) / 1e4);

/**
 * The event's chart data for the account. Settled: the stored result. Not settled yet: what the stored reads
 * say so far (progress during and after the event). Null when not invited; 'no data' when the event is
 * complete but its meter data never came.
 */
export async function eventProgressFor(
  db: Database,
  account: AccountRow,
  eventId: number,
): Promise<EventProgressResponse | null | 'no data'> {
  const row = await invitationOf(db, account, eventId);
  if (!row) return null;
  const { event, invitation } = row;
  const window = eventWindow(event.startsAt, event.endsAt);
  const times = intervalStartTimes(window);
  const challenge = {
    status: event.status,
    date: window.date,
    percent_displacement_factor: event.percentDisplacementFactor,
  };
  if (event.status === 'complete') {
    if (invitation.settledAt === null || invitation.intervalUsage === null) return 'no data';
    return {
      challenge,
      usage: {
        intervals: invitation.intervalUsage.map((value, i) => ({
          local_interval_start_time: times[i] ?? '',
          interval_usage_value: kwh(value),
        })),
        baseline: round4(invitation.baselineKwh),
        average: round4(invitation.averageKwh),
        total_rewards: { cents: invitation.creditCents ?? 0 },
      },
    };
  }
  const evaluation = await evaluate(db, event, account);
  const intervals = evaluation.kind === 'result' ? evaluation.outcome.intervals : evaluation.intervals;
  return {
    challenge,
    usage: {
      intervals: (intervals ?? []).map((value, i) => ({
        local_interval_start_time: times[i] ?? '',
        interval_usage_value: kwh(value),
      })),
      baseline: evaluation.kind === 'result' ? round4(evaluation.outcome.baselineKwh) : null,
      average: evaluation.kind === 'result' ? round4(evaluation.outcome.averageKwh) : null,
      total_rewards: null,
    },
  };
}

/**
 * The target the account's invitation email announced for the event (issue 29 item 3); null when none was
 * sent or it had none, undefined when the account was not invited.
 */
export async function announcedTargetFor(db: Database, account: AccountRow, eventId: number) {
  const row = await invitationOf(db, account, eventId);
  if (!row) return undefined;
  return announcedTarget(db, account.id, eventId);
}

/**
 * The target as the invitation announced it (the upcoming call's figures as sent); null when none was sent or
 * it had none (too little meter data).
 */
export async function announcedTarget(
  db: Database,
  accountId: string,
  eventId: number,
): Promise<AnnouncedTargetResponse['announced']> {
  const [row] = await db
    .select()
    .from(drEventEmails)
    .where(
      and(
        eq(drEventEmails.accountId, accountId),
        eq(drEventEmails.eventId, eventId),
        eq(drEventEmails.kind, 'invitation'),
        eq(drEventEmails.status, 'sent'),
      ),
    );
  if (
    !row ||
    row.targetKwh === null ||
    row.eventTargetKwh === null ||
    row.baselineKwh === null ||
    row.baselineDays === null ||
    row.lastBaselineDay === null
  )
    return null;
  return {
    baseline_kwh: row.baselineKwh,
    event_kwh: row.eventTargetKwh,
    per_interval_kwh: row.targetKwh,
    baseline_days: row.baselineDays,
    last_baseline_day: row.lastBaselineDay,
  };
}
