/**
 * Tariffs in the database: import (by code), list, and assign to an account from a date (reading them for
 * pricing is tariff-reads.ts). A tariff's prices never change under the same code unless the operator says
 * `--replace`, since that would silently reprice the past.
 */
import { isDeepStrictEqual } from 'node:util';
import { type Tariff, tariffSchema } from '@portal/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accountTariffs, tariffs } from '../../db/schema.ts';
import { Conflict, InvalidRequest, NotFound } from '../../lib/errors.ts';
import { withPricing } from './pricing.ts';

/** An account's tariff from the beginning of its data, when no start date is given. */
export const FROM_THE_START = '1900-01-01';

export interface TariffImportSummary {
  created: string[];
  unchanged: string[];
  replaced: string[];
}

export async function importTariffs(
  db: Database,
  list: readonly Tariff[],
  options: { replace?: boolean } = {},
): Promise<TariffImportSummary> {
  const summary: TariffImportSummary = { created: [], unchanged: [], replaced: [] };
  const codes = list.map((tariff) => tariff.code);
  const duplicate = codes.find((code, index) => codes.indexOf(code) !== index);
  if (duplicate) throw new InvalidRequest(`Tariff ${duplicate} appears twice in the file`);
  // Replacing a tariff's prices reprices every day it applies to, in the same transaction.
  await withPricing(db, async (tx) => {
    for (const tariff of list) {
      const [existing] = await tx.select().from(tariffs).where(eq(tariffs.code, tariff.code)).limit(1);
      if (!existing) {
        await tx.insert(tariffs).values({ code: tariff.code, name: tariff.name, definition: tariff });
        summary.created.push(tariff.code);
      } else if (isDeepStrictEqual(tariffSchema.parse(existing.definition), tariff)) {
        summary.unchanged.push(tariff.code);
      } else if (options.replace) {
        await tx
          .update(tariffs)
          .set({ name: tariff.name, definition: tariff, updatedAt: sql`now()` })
          .where(eq(tariffs.code, tariff.code));
        summary.replaced.push(tariff.code);
      } else {
        throw new Conflict(
          `Tariff ${tariff.code} already exists with other prices; import it under a new code, or use --replace to reprice every day it applies to`,
        );
      }
    }
  });
  return summary;
}

export async function listTariffs(db: Database) {
  const rows = await db
    .select({
      code: tariffs.code,
      name: tariffs.name,
      definition: tariffs.definition,
      accounts:
        sql<number>`(select count(distinct ${accountTariffs.accountId}) from ${accountTariffs} where ${accountTariffs.tariffCode} = ${tariffs.code})`.mapWith(
          Number,
        ),
    })
    .from(tariffs)
    .orderBy(asc(tariffs.code));
  return rows.map((row) => ({ ...row, definition: tariffSchema.parse(row.definition) }));
}

/** Puts an account on a tariff from a date (replacing an assignment that starts the same day). */
export async function assignTariff(db: Database, accountId: string, tariffCode: string, startDate: string) {
  const [tariff] = await db
    .select({ code: tariffs.code })
    .from(tariffs)
    .where(eq(tariffs.code, tariffCode))
    .limit(1);
  if (!tariff) throw new NotFound(`No tariff has the code ${tariffCode} (see: portal tariffs list)`);
  await withPricing(db, (tx) =>
    tx
      .insert(accountTariffs)
      .values({ accountId, tariffCode, startDate })
      .onConflictDoUpdate({
        target: [accountTariffs.accountId, accountTariffs.startDate],
        set: { tariffCode },
      }),
  );
}

/** Inserts an assignment unless the account already has one starting that day (idempotent seeding). */
export async function assignTariffIfAbsent(
  db: Database,
  accountId: string,
  tariffCode: string,
  startDate: string,
) {
  await withPricing(db, (tx) =>
    tx.insert(accountTariffs).values({ accountId, tariffCode, startDate }).onConflictDoNothing(),
  );
}

// The reading half lives in tariff-reads.ts; callers keep importing it from here.
export { listOffers, tariffAssignmentsOf, tariffAssignmentsOfAccounts } from './tariff-reads.ts';
