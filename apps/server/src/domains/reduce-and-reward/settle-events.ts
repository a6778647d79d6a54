/**
 * Settling Reduce & Reward events from stored meter data (docs/reduce-and-reward.md; settlement.ts holds the
 * rules, evaluate-account.ts reads them). Settlement is idempotent: it recomputes every result from the stored
 * reads and writes only what differs, under a row lock on the event so that two `portal events settle`
 * processes never interleave (docs/scaling.md).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  type DrEventInvitationRow,
  drEventInvitations,
  drEvents,
} from '../../db/schema/reduce-and-reward.ts';
import { accounts } from '../../db/schema.ts';
import { evaluate } from './evaluate-account.ts';
import { rankAndCredit } from './settlement.ts';

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
      .select({
        invitation: drEventInvitations,
        publicId: accounts.publicId,
        nmi: accounts.nmi,
        supplyFrom: accounts.supplyFrom,
        supplyTo: accounts.supplyTo,
      })
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
        evaluation: await evaluate(tx, event, { ...row, id: row.invitation.accountId }),
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
