/**
 * Happy Hours (the daytime saver, docs/offers.md): invitations, the retailer's sign-up end, sign-up and slot
 * changes, and the slot history that billing reads. Only invited accounts that are not solar customers take
 * part; every other account gets 404 (the offer-expired page).
 */
import {
  DAYTIME_SAVER_PRODUCT,
  type DaytimeSaverConfig,
  type DaytimeSaverParticipant,
  marketToday,
  nextSlotChangeAt,
  OFFER_ACCOUNT_NOT_FOUND,
  type TimeSlotId,
  timeSlotIdSchema,
} from '@portal/contracts';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  type HappyHoursParticipantRow,
  happyHoursParticipants,
  happyHoursSlots,
  productConfigs,
} from '../../db/schema/offers.ts';
import { type AccountRow, accounts, meterReads, retailers } from '../../db/schema.ts';
import { Conflict, InvalidRequest, NotFound } from '../../lib/errors.ts';
import { repriceOwnChanges } from '../billing/pricing.ts';
import { type SlotHistoryEntry, slotHistory } from '../billing/slot-histories.ts';
import { heldOn } from '../meter-data/queries.ts';
import type { SupplyHolder } from '../meter-data/supply-period.ts';
import { decideSlotChoice, slotOn } from './rules.ts';

/**
 * A solar customer: the account's meter has an export (generation) channel on a day of its own supply period
 * (docs/rules.md#validation eligibility; a previous occupant's panels are not this customer's).
 */
export async function isSolarCustomer(db: Database, holder: SupplyHolder): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(meterReads)
    .where(
      and(eq(meterReads.nmi, holder.nmi), eq(meterReads.kind, 'export'), heldOn(holder, meterReads.readDate)),
    )
    .limit(1);
  return rows.length > 0;
}

/** The account's participation, or a 404 when it was not invited or is not eligible (solar). */
async function eligibleParticipant(db: Database, account: AccountRow): Promise<HappyHoursParticipantRow> {
  const [row] = await db
    .select()
    .from(happyHoursParticipants)
    .where(eq(happyHoursParticipants.accountId, account.id));
  if (!row || (await isSolarCustomer(db, account))) {
    throw new NotFound(OFFER_ACCOUNT_NOT_FOUND);
  }
  return row;
}

function toView(
  row: HappyHoursParticipantRow,
  history: readonly SlotHistoryEntry[],
  now: Date,
): DaytimeSaverParticipant {
  const latest = history.at(-1);
  const nextChange = row.lastChangeAt ? nextSlotChangeAt(row.lastChangeAt) : null;
  return {
    opted_in: row.optedIn,
    time_slot: row.optedIn && row.timeSlot ? timeSlotIdSchema.parse(row.timeSlot) : null,
    effective_date: row.optedIn ? (latest?.effectiveDate ?? null) : null,
    active_time_slot: row.optedIn ? (slotOn(history, marketToday(now)) as TimeSlotId | null) : null,
    next_change_at: nextChange && nextChange.getTime() > now.getTime() ? nextChange.toISOString() : null,
  };
}

/** GET /daytime_saver_participants/{accountId}. */
export async function happyHoursParticipant(
  db: Database,
  account: AccountRow,
  now: Date = new Date(),
): Promise<DaytimeSaverParticipant> {
  const row = await eligibleParticipant(db, account);
  return toView(row, await slotHistory(db, account.id), now);
}

/** GET /product_configs/DaytimeSaver for a retailer: its sign-up end (null while open). */
export async function happyHoursConfig(db: Database, clientCode: string): Promise<DaytimeSaverConfig> {
  const [row] = await db
    .select({ signupEndTime: productConfigs.signupEndTime })
    .from(productConfigs)
    .where(and(eq(productConfigs.clientCode, clientCode), eq(productConfigs.product, DAYTIME_SAVER_PRODUCT)));
  return { signup_end_time: row?.signupEndTime ? row.signupEndTime.toISOString() : null };
}

/** Sets (or with null clears) a retailer's Happy Hours sign-up end. */
export async function setSignupEndTime(db: Database, clientCode: string, end: Date | null): Promise<void> {
  const [retailer] = await db
    .select({ clientCode: retailers.clientCode })
    .from(retailers)
    .where(eq(retailers.clientCode, clientCode));
  if (!retailer) throw new InvalidRequest(`No retailer has the client code ${clientCode}.`);
  await db
    .insert(productConfigs)
    .values({ clientCode, product: DAYTIME_SAVER_PRODUCT, signupEndTime: end })
    .onConflictDoUpdate({
      target: [productConfigs.clientCode, productConfigs.product],
      set: { signupEndTime: end, updatedAt: sql`now()` },
    });
}

export type SlotChoiceResult =
  | { kind: 'unchanged' }
  | { kind: 'signed_up' | 'changed'; participant: DaytimeSaverParticipant };

/**
 * POST /daytime_saver_participants: signs up, or changes the slot of a participant already signed up. The
 * participant's row is locked for the decision, so two requests at once cannot both change the slot; the
 * time of the choice is read once the lock is held (`at` only in tests), so choices are timed in the order
 * they took effect (issue 16 item 4).
 */
export async function chooseSlot(
  db: Database,
  account: AccountRow,
  slot: TimeSlotId,
  at?: Date,
): Promise<SlotChoiceResult> {
  await eligibleParticipant(db, account);
  const config = await happyHoursConfig(db, account.clientCode);
  const signupEnd = config.signup_end_time ? new Date(config.signup_end_time) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(happyHoursParticipants)
      .where(eq(happyHoursParticipants.accountId, account.id))
      .for('update');
    if (!row) throw new NotFound(OFFER_ACCOUNT_NOT_FOUND);
    const now = at ?? new Date();
    const decision = decideSlotChoice(row, slot, now, signupEnd);
    switch (decision.kind) {
      case 'unchanged':
        return { kind: 'unchanged' };
      case 'closed':
        throw new Conflict('Sign-up to Happy Hours has closed.');
      case 'too_soon':
        throw new Conflict(
          `The time slot can be changed once every 24 hours. It can be changed again after ${decision.nextChangeAt.toISOString()}.`,
        );
      default: {
        const signingUp = decision.kind === 'sign_up';
        const [updated] = await tx
          .update(happyHoursParticipants)
          .set(
            signingUp
              ? { optedIn: true, timeSlot: decision.slot, signedUpAt: now, lastChangeAt: null }
              : { timeSlot: decision.slot, lastChangeAt: now },
          )
          .where(eq(happyHoursParticipants.accountId, account.id))
          .returning();
        // A second choice before the same weekday replaces the first.
        await tx
          .insert(happyHoursSlots)
          .values({
            accountId: account.id,
            effectiveDate: decision.effectiveDate,
            timeSlot: decision.slot,
            chosenAt: now,
          })
          .onConflictDoUpdate({
            target: [happyHoursSlots.accountId, happyHoursSlots.effectiveDate],
            set: { timeSlot: decision.slot, chosenAt: now },
          });
        if (!updated) throw new Error('participant update returned no row');
        // The days from the slot's effective date are priced again before the change commits.
        await repriceOwnChanges(tx);
        const history = await slotHistory(tx, account.id);
        return { kind: signingUp ? 'signed_up' : 'changed', participant: toView(updated, history, now) };
      }
    }
  });
}

export interface InviteSummary {
  invited: string[];
  alreadyInvited: string[];
}

/**
 * Invites accounts to Happy Hours. All or nothing: an account that is solar (not eligible) or of another
 * retailer is refused before anything is stored.
 */
export async function inviteToHappyHours(
  db: Database,
  invitees: readonly AccountRow[],
  clientCode: string,
): Promise<InviteSummary> {
  for (const account of invitees) {
    if (account.clientCode !== clientCode) {
      throw new InvalidRequest(
        `Account ${account.publicId} belongs to ${account.clientCode}, not ${clientCode}; nothing was invited.`,
      );
    }
    if (await isSolarCustomer(db, account)) {
      throw new InvalidRequest(
        `Account ${account.publicId} is a solar customer and not eligible for Happy Hours; nothing was invited.`,
      );
    }
  }
  return db.transaction(async (tx) => {
    const summary: InviteSummary = { invited: [], alreadyInvited: [] };
    for (const account of invitees) {
      const inserted = await tx
        .insert(happyHoursParticipants)
        .values({ accountId: account.id })
        .onConflictDoNothing()
        .returning({ accountId: happyHoursParticipants.accountId });
      (inserted.length > 0 ? summary.invited : summary.alreadyInvited).push(account.publicId);
    }
    return summary;
  });
}

export interface HappyHoursListRow {
  publicId: string;
  optedIn: boolean;
  timeSlot: string | null;
  effectiveDate: string | null;
  invitedAt: Date;
}

/** Every participant of a retailer, for `portal offers happy-hours list`. */
export async function listHappyHoursParticipants(
  db: Database,
  clientCode: string,
): Promise<HappyHoursListRow[]> {
  const latest = db
    .select({
      accountId: happyHoursSlots.accountId,
      effectiveDate: max(happyHoursSlots.effectiveDate).as('effective_date'),
    })
    .from(happyHoursSlots)
    .groupBy(happyHoursSlots.accountId)
    .as('latest');
  return db
    .select({
      publicId: accounts.publicId,
      optedIn: happyHoursParticipants.optedIn,
      timeSlot: happyHoursParticipants.timeSlot,
      effectiveDate: latest.effectiveDate,
      invitedAt: happyHoursParticipants.invitedAt,
    })
    .from(happyHoursParticipants)
    .innerJoin(accounts, eq(accounts.id, happyHoursParticipants.accountId))
    .leftJoin(latest, eq(latest.accountId, happyHoursParticipants.accountId))
    .where(eq(accounts.clientCode, clientCode))
    .orderBy(asc(happyHoursParticipants.invitedAt), asc(accounts.publicId));
}
