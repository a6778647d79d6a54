/**
 * `portal demo remove`: the demo data taken out of a database that is to serve real customers (issue 25 item
 * 3), what a production start asks for when it finds demo accounts. The demo accounts go, and with them (by
 * the schema's cascades) everything kept per account; then what the seed wrote for them alone: the meter data
 * and curtailment of their NMIs, the demo events, and the demo tariffs and plans (which would otherwise be
 * compared with real customers' usage). Anything a real account uses stays: an NMI a real account holds, an
 * event a real account is invited to, a tariff a real account is on or whose prices an operator changed.
 */
import { isDeepStrictEqual } from 'node:util';
import { tariffSchema } from '@portal/contracts';
import { and, eq, inArray, notExists, notInArray } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { drEventInvitations, drEvents } from '../db/schema/reduce-and-reward.ts';
import { accounts, accountTariffs, meterReads, solarCurtailments, tariffs } from '../db/schema.ts';
import { demoPlans, demoTariffs } from '../domains/billing/demo-tariffs.ts';
import { demoAccounts } from './seed.ts';
import { demoEvents } from './seed-reduce-and-reward.ts';

export interface RemoveSummary {
  accounts: number;
  /** Days of meter data (one row per NMI, day and channel). */
  meterReadRows: number;
  events: number;
  tariffs: number;
}

export async function removeDemo(db: Database): Promise<RemoveSummary> {
  return db.transaction(async (tx) => {
    const removedAccounts = await tx
      .delete(accounts)
      .where(
        inArray(
          accounts.publicId,
          demoAccounts.map((account) => account.publicId),
        ),
      )
      .returning({ id: accounts.id });

    const demoNmis = demoAccounts.map((account) => account.nmi);
    const stillHeld = (
      await tx.select({ nmi: accounts.nmi }).from(accounts).where(inArray(accounts.nmi, demoNmis))
    ).map((row) => row.nmi);
    const unheld = demoNmis.filter((nmi) => !stillHeld.includes(nmi));
    const reads =
      unheld.length === 0
        ? []
        : await tx
            .delete(meterReads)
            .where(inArray(meterReads.nmi, unheld))
            .returning({ nmi: meterReads.nmi });
    if (unheld.length > 0) await tx.delete(solarCurtailments).where(inArray(solarCurtailments.nmi, unheld));

    const events = await tx
      .delete(drEvents)
      .where(
        and(
          inArray(
            drEvents.reference,
            demoEvents.map((event) => event.reference),
          ),
          notExists(tx.select().from(drEventInvitations).where(eq(drEventInvitations.eventId, drEvents.id))),
        ),
      )
      .returning({ id: drEvents.id });

    const demoCodes = [...Object.values(demoTariffs), ...demoPlans];
    const inUse = (
      await tx
        .selectDistinct({ code: accountTariffs.tariffCode })
        .from(accountTariffs)
        .where(
          inArray(
            accountTariffs.tariffCode,
            demoCodes.map((tariff) => tariff.code),
          ),
        )
    ).map((row) => row.code);
    const stored = await tx
      .select()
      .from(tariffs)
      .where(
        and(
          inArray(
            tariffs.code,
            demoCodes.map((tariff) => tariff.code),
          ),
          inUse.length > 0 ? notInArray(tariffs.code, inUse) : undefined,
        ),
      );
    const asSeeded = stored.filter((row) =>
      demoCodes.some(
        (tariff) => tariff.code === row.code && isDeepStrictEqual(tariffSchema.parse(row.definition), tariff),
      ),
    );
    if (asSeeded.length > 0) {
      await tx.delete(tariffs).where(
        inArray(
          tariffs.code,
          asSeeded.map((row) => row.code),
        ),
      );
    }
    return {
      accounts: removedAccounts.length,
      meterReadRows: reads.length,
      events: events.length,
      tariffs: asSeeded.length,
    };
  });
}
