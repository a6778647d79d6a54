/**
 * Happy Hours slot histories: which free slot an account had from which day (docs/offers.md). Offers writes
 * them (sign-up and slot changes); pricing reads them for each day's free hours, and the offer, Tracker and plan
 * screens for the slot shown. One query for all of them, here below offers so that pricing can read it too.
 */
import { type TimeSlotId, timeSlotIdSchema } from '@portal/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { happyHoursSlots } from '../../db/schema/offers.ts';
import { groupedBy } from '../../lib/grouped-by.ts';

export interface SlotHistoryEntry {
  slot: TimeSlotId;
  effectiveDate: string;
}

/** The slots of several accounts by effective date, oldest first; an account that never signed up is absent. */
export async function slotHistories(
  db: Database,
  accountIds: readonly string[],
): Promise<Map<string, SlotHistoryEntry[]>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: happyHoursSlots.accountId,
      slot: happyHoursSlots.timeSlot,
      effectiveDate: happyHoursSlots.effectiveDate,
    })
    .from(happyHoursSlots)
    .where(inArray(happyHoursSlots.accountId, [...accountIds]))
    .orderBy(asc(happyHoursSlots.effectiveDate));
  return groupedBy(
    rows,
    (row) => row.accountId,
    (row): SlotHistoryEntry => ({ slot: timeSlotIdSchema.parse(row.slot), effectiveDate: row.effectiveDate }),
  );
}

/** One account's slots by effective date, oldest first (empty when it never signed up). */
export async function slotHistory(db: Database, accountId: string): Promise<SlotHistoryEntry[]> {
  return (await slotHistories(db, [accountId])).get(accountId) ?? [];
}
