/**
 * Reduce & Reward events (docs/reduce-and-reward.md): creating events and their invitations, settling them from stored
 * meter data (settlement.ts holds the rules), and the customer's views of an event. Settlement is idempotent:
 * it recomputes every result from the stored reads and writes only what differs, under a row lock on the
 * event so that two `portal events settle` processes never interleave (docs/scaling.md).
 */
import {
  addDays,
  BASELINE_LOOKBACK_DAYS,
  type EventProgressResponse,
  type EventResultResponse,
  type EventResultsResponse,
  marketDateOf,
} from '@portal/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  type DrEventInvitationRow,
  type DrEventRow,
  drEventInvitations,
  drEvents,
} from '../../db/schema/reduce-and-reward.ts';
import { type AccountRow, accounts } from '../../db/schema.ts';
import { microKwhToKwh } from '../billing/money.ts';
import { energyReadsForNmi } from '../meter-data/queries.ts';
import {
  type AccountEvaluation,
  type EventChannelRead,
  evaluateAccount,
  eventWindow,
  eventWindowProblem,
  intervalStartTimes,
  rankAndCredit,
} from './settlement.ts';

export class EventInputError extends Error {}

export interface CreateEventInput {
  clientCode: string;
  startsAt: Date;
  endsAt: Date;
  factor: number;
  reference?: string | undefined;
  /** Public ids of the invited accounts, or 'all' for every account of the retailer. */
  invite: readonly string[] | 'all';
}

/** Creates an event and its invitations in one transaction; nothing is stored when any input is wrong. */
export async function createEvent(db: Database, input: CreateEventInput) {
  const problem = eventWindowProblem(input.startsAt, input.endsAt);
  if (problem) throw new EventInputError(problem);
  if (!(input.factor > -1 && input.factor < 0) || Math.round(input.factor * 1000) !== input.factor * 1000) {
    throw new EventInputError(
      'the factor must be between -1 and 0 (exclusive) with at most 3 decimals, e.g. -0.3',
    );
  }
  return db.transaction(async (tx) => {
    const invited =
      input.invite === 'all'
        ? await tx
            .select({ id: accounts.id, publicId: accounts.publicId })
            .from(accounts)
            .where(eq(accounts.clientCode, input.clientCode))
        : input.invite.length === 0
          ? []
          : await tx
              .select({ id: accounts.id, publicId: accounts.publicId, clientCode: accounts.clientCode })
              .from(accounts)
              .where(inArray(accounts.publicId, [...new Set(input.invite)]));
    if (input.invite !== 'all') {
      const found = new Map(invited.map((row) => [row.publicId, row]));
      const unknown = [...new Set(input.invite)].filter((id) => !found.has(id));
      if (unknown.length > 0) throw new EventInputError(`unknown account ids: ${unknown.join(', ')}`);
      const foreign = invited.filter((row) => 'clientCode' in row && row.clientCode !== input.clientCode);
      if (foreign.length > 0) {
        throw new EventInputError(
          `accounts of another retailer: ${foreign.map((row) => row.publicId).join(', ')}`,
        );
      }
    }
    if (invited.length === 0) throw new EventInputError('no accounts to invite');
    const [event] = await tx
      .insert(drEvents)
      .values({
        clientCode: input.clientCode,
        reference: input.reference ?? null,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        percentDisplacementFactor: input.factor,
      })
      .returning();
    if (!event) throw new Error('event not created');
    await tx
      .insert(drEventInvitations)
      .values(invited.map((row) => ({ accountId: row.id, eventId: event.id })));
    return { event, invited: invited.length };
  });
}

export interface EventListRow {
  event: DrEventRow;
  invited: number;
  settled: number;
  creditCents: number;
}

/** Every event of the retailer, oldest first, with how many invitations are settled and the credits. */
export async function listEvents(db: Database, clientCode: string): Promise<EventListRow[]> {
  const rows = await db
    .select({
      event: drEvents,
      invited: sql<number>`count(${drEventInvitations.accountId})::int`,
      settled: sql<number>`count(${drEventInvitations.settledAt})::int`,
      creditCents: sql<number>`coalesce(sum(${drEventInvitations.creditCents}), 0)::int`,
    })
    .from(drEvents)
    .leftJoin(drEventInvitations, eq(drEventInvitations.eventId, drEvents.id))
    .where(eq(drEvents.clientCode, clientCode))
    .groupBy(drEvents.id)
    .orderBy(asc(drEvents.startsAt), asc(drEvents.id));
  return rows;
}

/** The account's reads from the lookback start to the event day, by date. */
async function readsAround(db: Database, nmi: string, date: string) {
  const reads = await energyReadsForNmi(db, nmi, addDays(date, -BASELINE_LOOKBACK_DAYS), date);
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

async function evaluate(
  db: Database,
  event: DrEventRow,
  account: { id: string; nmi: string },
): Promise<AccountEvaluation> {
  const window = eventWindow(event.startsAt, event.endsAt);
  // One after the other: `db` is a transaction's one connection during settlement.
  const reads = await readsAround(db, account.nmi, window.date);
  const eventDays = await otherEventDays(db, account.id, event.id);
  return evaluateAccount(window, event.percentDisplacementFactor, reads, eventDays);
}

export interface SettleSummary {
  eventId: number;
  reference: string | null;
  /** 'not finished' when the event has not ended yet. */
  state: 'settled' | 'not finished';
  invited: number;
  withData: number;
  /** Public ids still missing meter data for the event or its baseline. */
  missing: { publicId: string; reason: string }[];
  /** Invitations whose stored result changed in this run (0 when repeated). */
  changed: number;
}

type ResultFields = Pick<
  DrEventInvitationRow,
  | 'intervalUsage'
  | 'baselineKwh'
  | 'baselineDays'
  | 'averageKwh'
  | 'targetKwh'
  | 'passed'
  | 'reducedKwh'
  | 'rank'
  | 'creditCents'
>;

const emptyResult: ResultFields = {
  intervalUsage: null,
  baselineKwh: null,
  baselineDays: null,
  averageKwh: null,
  targetKwh: null,
  passed: null,
  reducedKwh: null,
  rank: null,
  creditCents: null,
};

/** Rounds away binary noise so that a repeated settlement compares equal (kWh to a millionth). */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function sameResult(row: ResultFields, next: ResultFields) {
  return (
    JSON.stringify(row.intervalUsage) === JSON.stringify(next.intervalUsage) &&
    row.baselineKwh === next.baselineKwh &&
    row.baselineDays === next.baselineDays &&
    row.averageKwh === next.averageKwh &&
    row.targetKwh === next.targetKwh &&
    row.passed === next.passed &&
    row.reducedKwh === next.reducedKwh &&
    row.rank === next.rank &&
    row.creditCents === next.creditCents
  );
}

async function settleOne(db: Database, eventId: number, now: Date): Promise<SettleSummary | null> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(drEvents).where(eq(drEvents.id, eventId)).for('update');
    if (!event) return null;
    const invitations = await tx
      .select({ invitation: drEventInvitations, publicId: accounts.publicId, nmi: accounts.nmi })
      .from(drEventInvitations)
      .innerJoin(accounts, eq(accounts.id, drEventInvitations.accountId))
      .where(eq(drEventInvitations.eventId, eventId))
      .orderBy(asc(accounts.publicId));
    const base = { eventId, reference: event.reference, invited: invitations.length };
    if (event.endsAt.getTime() > now.getTime()) {
      return { ...base, state: 'not finished' as const, withData: 0, missing: [], changed: 0 };
    }
    const evaluations = [];
    for (const row of invitations) {
      evaluations.push({
        row,
        evaluation: await evaluate(tx, event, { id: row.invitation.accountId, nmi: row.nmi }),
      });
    }
    const ranked = new Map(
      rankAndCredit(
        evaluations.flatMap(({ row, evaluation }) =>
          evaluation.kind === 'result'
            ? [
                {
                  key: row.invitation.accountId,
                  passed: evaluation.outcome.passed,
                  reducedNumerator: evaluation.outcome.reducedNumerator,
                  reducedDenominator: BigInt(evaluation.outcome.baseline.days.length),
                },
              ]
            : [],
        ),
      ).map((output) => [output.key, output]),
    );
    let changed = 0;
    const missing: SettleSummary['missing'] = [];
    for (const { row, evaluation } of evaluations) {
      let next: ResultFields = emptyResult;
      if (evaluation.kind === 'result') {
        const { outcome } = evaluation;
        const rank = ranked.get(row.invitation.accountId);
        next = {
          intervalUsage: outcome.intervals,
          baselineKwh: round6(outcome.baselineKwh),
          baselineDays: outcome.baseline.days.length,
          averageKwh: round6(outcome.averageKwh),
          targetKwh: round6(outcome.targetKwh),
          passed: outcome.passed,
          reducedKwh: round6(outcome.reducedKwh),
          rank: rank?.rank ?? null,
          creditCents: rank?.creditCents ?? 0,
        };
      } else {
        missing.push({ publicId: row.publicId, reason: evaluation.reason });
      }
      if (sameResult(row.invitation, next)) continue;
      changed++;
      await tx
        .update(drEventInvitations)
        .set({ ...next, settledAt: evaluation.kind === 'result' ? now : null })
        .where(
          and(
            eq(drEventInvitations.eventId, eventId),
            eq(drEventInvitations.accountId, row.invitation.accountId),
          ),
        );
    }
    if (event.status !== 'complete') {
      await tx.update(drEvents).set({ status: 'complete', completedAt: now }).where(eq(drEvents.id, eventId));
    }
    return {
      ...base,
      state: 'settled' as const,
      withData: evaluations.length - missing.length,
      missing,
      changed,
    };
  });
}

/**
 * Settles one event, or every ended event of the retailer that still has an invitation without a result.
 * Returns null when the given event does not exist.
 */
export async function settleEvents(
  db: Database,
  options: {
    clientCode: string;
    eventId?: number | undefined;
    now?: Date;
    /** Called once the events to settle are known, and after each (for a progress bar). */
    onProgress?: (settled: number, total: number) => void;
  },
): Promise<SettleSummary[] | null> {
  const now = options.now ?? new Date();
  if (options.eventId !== undefined) {
    const [event] = await db
      .select({ id: drEvents.id })
      .from(drEvents)
      .where(and(eq(drEvents.id, options.eventId), eq(drEvents.clientCode, options.clientCode)));
    if (!event) return null;
    options.onProgress?.(0, 1);
    const summary = await settleOne(db, event.id, now);
    options.onProgress?.(1, 1);
    return summary ? [summary] : null;
  }
  const due = await db
    .selectDistinct({ id: drEvents.id, startsAt: drEvents.startsAt })
    .from(drEvents)
    .innerJoin(drEventInvitations, eq(drEventInvitations.eventId, drEvents.id))
    .where(
      and(
        eq(drEvents.clientCode, options.clientCode),
        sql`${drEvents.endsAt} <= ${now}`,
        sql`(${drEvents.status} <> 'complete' or ${drEventInvitations.settledAt} is null)`,
      ),
    )
    .orderBy(asc(drEvents.startsAt));
  const summaries: SettleSummary[] = [];
  options.onProgress?.(0, due.length);
  for (const [index, { id }] of due.entries()) {
    const summary = await settleOne(db, id, now);
    if (summary) summaries.push(summary);
    options.onProgress?.(index + 1, due.length);
  }
  return summaries;
}

/** The bill credits of a settled event, one CSV line per invited account with a result. */
export async function creditsCsv(
  db: Database,
  clientCode: string,
  eventId: number,
): Promise<string[] | null> {
  const [event] = await db
    .select()
    .from(drEvents)
    .where(and(eq(drEvents.id, eventId), eq(drEvents.clientCode, clientCode)));
  if (!event) return null;
  const rows = await db
    .select({ publicId: accounts.publicId, nmi: accounts.nmi, invitation: drEventInvitations })
    .from(drEventInvitations)
    .innerJoin(accounts, eq(accounts.id, drEventInvitations.accountId))
    .where(eq(drEventInvitations.eventId, eventId))
    .orderBy(asc(accounts.publicId));
  const date = marketDateOf(event.startsAt);
  return [
    'event_id,event_date,account_id,nmi,result,rank,baseline_kwh,event_kwh,reduced_kwh,credit_cents,credit_dollars',
    ...rows.map(({ publicId, nmi, invitation: i }) => {
      const result =
        i.settledAt === null
          ? 'missing'
          : i.passed
            ? (i.creditCents ?? 0) >= 9500
              ? 'gold'
              : 'silver'
            : 'bronze';
      const eventKwh =
        i.intervalUsage === null ? '' : (i.intervalUsage.reduce((s, v) => s + v, 0) / 1e6).toFixed(3);
      const cents = i.creditCents ?? 0;
      return [
        event.id,
        date,
        publicId,
        nmi,
        result,
        i.rank ?? '',
        i.baselineKwh?.toFixed(3) ?? '',
        eventKwh,
        i.reducedKwh?.toFixed(3) ?? '',
        cents,
        (cents / 100).toFixed(2),
      ].join(',');
    }),
  ];
}

/** An AEST instant with its offset: '2026-11-10T18:00:00+10:00'. */
export function aestIsoString(instant: Date): string {
  const shifted = new Date(instant.getTime() + 10 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+10:00`;
}

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
  const evaluation = await evaluate(db, event, { id: account.id, nmi: account.nmi });
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
