/**
 * Reduce & Be Rewarded ("here for you", docs/offers.md): invited accounts are in by default and can opt out and
 * back in; every change is kept so that a week's eligibility for the $20 credit can be known afterwards.
 * The weekly settlement and its credits file are here too.
 */
import {
  addDays,
  eachDate,
  HERE_FOR_YOU_BASELINE_WEEKS,
  type HereForYouParticipant,
  marketInstant,
  weekStart as mondayOf,
  OFFER_ACCOUNT_NOT_FOUND,
} from '@portal/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  type HereForYouParticipantRow,
  hereForYouChanges,
  hereForYouParticipants,
  hereForYouSettlements,
} from '../../db/schema/offers.ts';
import { type AccountRow, accounts } from '../../db/schema.ts';
import { InvalidRequest, NotFound } from '../../lib/errors.ts';
import { storedDailyUsage } from '../billing/priced-days-reads.ts';
import { ensurePriced } from '../billing/pricing.ts';
import { optedInThroughout, settleWeek } from './rules.ts';

async function participantRow(db: Database, account: AccountRow): Promise<HereForYouParticipantRow> {
  const [row] = await db
    .select()
    .from(hereForYouParticipants)
    .where(eq(hereForYouParticipants.accountId, account.id));
  if (!row) throw new NotFound(OFFER_ACCOUNT_NOT_FOUND);
  return row;
}

/** GET /here_for_you_participants/{accountId}; 404 for an account that was not invited. */
export async function hereForYouParticipant(
  db: Database,
  account: AccountRow,
): Promise<HereForYouParticipant> {
  const row = await participantRow(db, account);
  return { opted_in: row.optedIn };
}

/**
 * Opts in (`optedIn` true) or out. Returns false when the participant already was in that state (the opt
 * out's 304). The row is locked so that the change history has one entry per real change, and the change's
 * time is the database's clock read inside that lock (`now` only in tests), so that the history read by
 * time is the order the changes took effect, whichever instance made them (issue 16 item 4).
 */
export async function setHereForYou(
  db: Database,
  account: AccountRow,
  optedIn: boolean,
  now?: Date,
): Promise<boolean> {
  await participantRow(db, account);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(hereForYouParticipants)
      .where(eq(hereForYouParticipants.accountId, account.id))
      .for('update');
    if (!row) throw new NotFound(OFFER_ACCOUNT_NOT_FOUND);
    if (row.optedIn === optedIn) return false;
    // At least a microsecond after the change before: PGlite's clock moves in whole milliseconds, and a
    // clock set back must not put a change before the one it follows.
    const clock = now ? sql`${now.toISOString()}::timestamptz` : sql`clock_timestamp()`;
    const [change] = await tx
      .insert(hereForYouChanges)
      .values({
        accountId: account.id,
        optedIn,
        changedAt: sql`greatest(${clock}, (select max(${hereForYouChanges.changedAt}) + interval '1 microsecond'
          from ${hereForYouChanges} where ${hereForYouChanges.accountId} = ${account.id}))`,
      })
      .returning({ id: hereForYouChanges.id });
    await tx
      .update(hereForYouParticipants)
      .set({
        optedIn,
        updatedAt: sql`(select ${hereForYouChanges.changedAt} from ${hereForYouChanges}
          where ${hereForYouChanges.id} = ${change?.id})`,
      })
      .where(eq(hereForYouParticipants.accountId, account.id));
    return true;
  });
}

/** Invites accounts to Reduce & Be Rewarded (in by default); all or nothing. */
export async function inviteToHereForYou(
  db: Database,
  invitees: readonly AccountRow[],
  clientCode: string,
  now: Date = new Date(),
): Promise<{ invited: string[]; alreadyInvited: string[] }> {
  for (const account of invitees) {
    if (account.clientCode !== clientCode) {
      throw new InvalidRequest(
        `Account ${account.publicId} belongs to ${account.clientCode}, not ${clientCode}; nothing was invited.`,
      );
    }
  }
  return db.transaction(async (tx) => {
    const summary = { invited: [] as string[], alreadyInvited: [] as string[] };
    for (const account of invitees) {
      const inserted = await tx
        .insert(hereForYouParticipants)
        .values({ accountId: account.id, invitedAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ accountId: hereForYouParticipants.accountId });
      if (inserted.length === 0) {
        summary.alreadyInvited.push(account.publicId);
        continue;
      }
      await tx.insert(hereForYouChanges).values({ accountId: account.id, optedIn: true, changedAt: now });
      summary.invited.push(account.publicId);
    }
    return summary;
  });
}

/** Every participant of a retailer with its state, for `portal offers here-for-you list`. */
export async function listHereForYouParticipants(db: Database, clientCode: string) {
  return db
    .select({
      publicId: accounts.publicId,
      optedIn: hereForYouParticipants.optedIn,
      invitedAt: hereForYouParticipants.invitedAt,
      updatedAt: hereForYouParticipants.updatedAt,
    })
    .from(hereForYouParticipants)
    .innerJoin(accounts, eq(accounts.id, hereForYouParticipants.accountId))
    .where(eq(accounts.clientCode, clientCode))
    .orderBy(asc(hereForYouParticipants.invitedAt), asc(accounts.publicId));
}

export interface SettlementSummary {
  weekStart: string;
  weekEnd: string;
  /** Participants of the retailer. */
  participants: number;
  /** Not opted in for the whole week (or invited during it). */
  notEligible: number;
  /** Settled by an earlier run (left as they were). */
  alreadySettled: number;
  /** Settled now: with a credit, and without. */
  credited: number;
  notCredited: number;
  /** The week's meter data is not complete yet: settle again once it has arrived. */
  awaitingData: number;
  /** Fewer than 4 complete weeks before it: no average to compare with. */
  noBaseline: number;
}

/**
 * Settles one week (Monday to Sunday, AEST) of Reduce & Be Rewarded for a retailer: every participant
 * opted in for the whole week gets a result, a $20 credit when the week's usage is at least 10% below the mean
 * of the 4 weeks before it. Idempotent: a result once written is never changed (it may already have been
 * billed), and a week whose data has not arrived is left for a later run.
 */
export async function settleHereForYouWeek(
  db: Database,
  clientCode: string,
  anyDateOfWeek: string,
  today: string,
  options: { onProgress?: (done: number, total: number) => void } = {},
): Promise<SettlementSummary> {
  const weekStart = mondayOf(anyDateOfWeek);
  const weekEnd = addDays(weekStart, 6);
  if (weekEnd >= today) {
    throw new InvalidRequest(
      `The week of ${weekStart} to ${weekEnd} is not over yet (today is ${today}, AEST); settle it from ${addDays(weekEnd, 1)}.`,
    );
  }
  const participants = await db
    .select({ accountId: accounts.id, nmi: accounts.nmi })
    .from(hereForYouParticipants)
    .innerJoin(accounts, eq(accounts.id, hereForYouParticipants.accountId))
    .where(eq(accounts.clientCode, clientCode))
    .orderBy(asc(accounts.publicId));
  const summary: SettlementSummary = {
    weekStart,
    weekEnd,
    participants: participants.length,
    notEligible: 0,
    alreadySettled: 0,
    credited: 0,
    notCredited: 0,
    awaitingData: 0,
    noBaseline: 0,
  };
  if (participants.length === 0) return summary;
  const ids = participants.map((row) => row.accountId);
  await ensurePriced(db, ids);
  const changes = await db
    .select({
      accountId: hereForYouChanges.accountId,
      optedIn: hereForYouChanges.optedIn,
      changedAt: hereForYouChanges.changedAt,
    })
    .from(hereForYouChanges)
    .where(inArray(hereForYouChanges.accountId, ids))
    // In the order they took effect: a Date keeps milliseconds only, and the rule's sort keeps ties in this order.
    .orderBy(asc(hereForYouChanges.changedAt), asc(hereForYouChanges.id));
  const settled = new Set(
    (
      await db
        .select({ accountId: hereForYouSettlements.accountId })
        .from(hereForYouSettlements)
        .where(
          and(eq(hereForYouSettlements.weekStart, weekStart), inArray(hereForYouSettlements.accountId, ids)),
        )
    ).map((row) => row.accountId),
  );
  const start = marketInstant(weekStart);
  const end = marketInstant(addDays(weekStart, 7));
  const weekDates = Array.from({ length: HERE_FOR_YOU_BASELINE_WEEKS + 1 }, (_, i) =>
    eachDate(addDays(weekStart, -7 * i), addDays(weekStart, -7 * i + 6)),
  );
  const firstDate = addDays(weekStart, -7 * HERE_FOR_YOU_BASELINE_WEEKS);

  for (const [index, participant] of participants.entries()) {
    options.onProgress?.(index, participants.length);
    if (settled.has(participant.accountId)) {
      summary.alreadySettled++;
      continue;
    }
    const own = changes.filter((change) => change.accountId === participant.accountId);
    if (!optedInThroughout(own, start, end)) {
      summary.notEligible++;
      continue;
    }
    // Each day's import, as priced (decision 0021): null data ('N') is no data, as in billing.
    const daily = await storedDailyUsage(
      db,
      { id: participant.accountId, nmi: participant.nmi },
      firstDate,
      weekEnd,
    );
    const result = settleWeek(daily, weekDates);
    if (result.kind === 'incomplete') {
      summary.awaitingData++;
      continue;
    }
    if (result.kind === 'no_baseline') {
      summary.noBaseline++;
      continue;
    }
    const inserted = await db
      .insert(hereForYouSettlements)
      .values({
        accountId: participant.accountId,
        weekStart,
        weekMicroKwh: result.weekMicroKwh,
        averageMicroKwh: result.averageMicroKwh,
        creditCents: result.creditCents,
      })
      .onConflictDoNothing()
      .returning({ accountId: hereForYouSettlements.accountId });
    // Another run settled it meanwhile: its result stands.
    if (inserted.length === 0) summary.alreadySettled++;
    else if (result.creditCents > 0) summary.credited++;
    else summary.notCredited++;
  }
  options.onProgress?.(participants.length, participants.length);
  return summary;
}

export interface CreditRow {
  publicId: string;
  nmi: string;
  weekStart: string;
  weekMicroKwh: number;
  averageMicroKwh: number;
  creditCents: number;
}

/** The credits earned (credit above 0) of a retailer, for one week or every week, for billing. */
export async function hereForYouCredits(
  db: Database,
  clientCode: string,
  weekStart?: string,
): Promise<CreditRow[]> {
  return db
    .select({
      publicId: accounts.publicId,
      nmi: accounts.nmi,
      weekStart: hereForYouSettlements.weekStart,
      weekMicroKwh: hereForYouSettlements.weekMicroKwh,
      averageMicroKwh: hereForYouSettlements.averageMicroKwh,
      creditCents: hereForYouSettlements.creditCents,
    })
    .from(hereForYouSettlements)
    .innerJoin(accounts, eq(accounts.id, hereForYouSettlements.accountId))
    .where(
      and(
        eq(accounts.clientCode, clientCode),
        gt(hereForYouSettlements.creditCents, 0),
        weekStart ? eq(hereForYouSettlements.weekStart, mondayOf(weekStart)) : sql`true`,
      ),
    )
    .orderBy(asc(hereForYouSettlements.weekStart), asc(accounts.publicId));
}

const kwh = (micro: number) => (micro / 1e6).toFixed(3);

/** The credits as CSV lines (header first), `HERE_FOR_YOU_CREDITS_HEADER`. */
export function creditsCsv(rows: readonly CreditRow[], header: readonly string[]): string[] {
  return [
    header.join(','),
    ...rows.map((row) =>
      [
        row.publicId,
        row.nmi,
        row.weekStart,
        addDays(row.weekStart, 6),
        kwh(row.weekMicroKwh),
        kwh(row.averageMicroKwh),
        row.averageMicroKwh > 0
          ? (((row.averageMicroKwh - row.weekMicroKwh) / row.averageMicroKwh) * 100).toFixed(1)
          : '0.0',
        String(row.creditCents),
      ].join(','),
    ),
  ];
}
