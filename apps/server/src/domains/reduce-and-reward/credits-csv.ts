/**
 * The bill credits of a settled Reduce & Reward event as CSV lines, for the retailer's billing
 * (docs/reduce-and-reward.md); the result column is the reward tier of rewardTierOf (packages/contracts).
 */
import { marketDateOf, rewardTierOf } from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { drEventInvitations, drEvents } from '../../db/schema/reduce-and-reward.ts';
import { accounts } from '../../db/schema.ts';

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
      // The tier of the credit, as the customer's screens name it (a pass earns Silver's credit at least).
      const result = i.settledAt === null ? 'missing' : rewardTierOf(i.creditCents ?? 0);
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
