/**
 * Reduce & Reward events for operators (docs/reduce-and-reward.md): creating an event and its invitations, and
 * listing a retailer's events with their settlement counts and credits.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { type DrEventRow, drEventInvitations, drEvents } from '../../db/schema/reduce-and-reward.ts';
import { accounts } from '../../db/schema.ts';
import { someOf } from '../../lib/errors.ts';
import { eventWindowProblem } from './settlement.ts';

export class EventInputError extends Error {}
/** A problem with the accounts to invite: the CLI names the file they came from. */
export class InviteesError extends EventInputError {}

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
      if (unknown.length > 0) throw new InviteesError(`unknown account ids: ${someOf(unknown)}`);
      const foreign = invited.filter((row) => 'clientCode' in row && row.clientCode !== input.clientCode);
      if (foreign.length > 0) {
        throw new InviteesError(
          `accounts of another retailer: ${someOf(foreign.map((row) => row.publicId))}`,
        );
      }
    }
    if (invited.length === 0) throw new InviteesError('no accounts to invite');
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
