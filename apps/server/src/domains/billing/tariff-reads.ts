/**
 * Tariffs read from the database for pricing: an account's assignments and the plans on offer, parsed once per
 * row version. Kept apart from tariff-store.ts (which writes tariffs and so reprices through pricing.ts) so that
 * pricing can read tariffs without an import cycle.
 */
import { type Tariff, tariffSchema } from '@portal/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accountTariffs, tariffs } from '../../db/schema.ts';
import type { TariffAssignment } from './tariff.ts';

/**
 * Parsed tariffs by code and version: the same object comes back while the row is unchanged, so that neither
 * the schema check nor the spend engine's compilation (cached per tariff object) runs on every request.
 */
const parsedTariffs = new Map<string, { updatedAt: number; tariff: Tariff }>();

function parsedTariff(code: string, updatedAt: Date, definition: unknown): Tariff {
  const cached = parsedTariffs.get(code);
  if (cached && cached.updatedAt === updatedAt.getTime()) return cached.tariff;
  const tariff = tariffSchema.parse(definition);
  parsedTariffs.set(code, { updatedAt: updatedAt.getTime(), tariff });
  return tariff;
}

/**
 * The plans on offer (tariffs with an `offer`, issue 17), by code, each with the time its row last changed
 * (what an answer computed from them is kept for).
 */
export async function listOffers(db: Database): Promise<{ tariff: Tariff; updatedAt: number }[]> {
  const rows = await db
    .select({ code: tariffs.code, updatedAt: tariffs.updatedAt, definition: tariffs.definition })
    .from(tariffs)
    .where(sql`${tariffs.definition} -> 'offer' is not null`)
    .orderBy(asc(tariffs.code));
  return rows.map((row) => ({
    tariff: parsedTariff(row.code, row.updatedAt, row.definition),
    updatedAt: row.updatedAt.getTime(),
  }));
}

/** An account's tariffs with their start dates, oldest first, ready for tariffForDay. */
export async function tariffAssignmentsOf(
  db: Database,
  accountId: string,
): Promise<TariffAssignment<Tariff>[]> {
  return (await tariffAssignmentsOfAccounts(db, [accountId])).get(accountId) ?? [];
}

/** The tariff histories of several accounts (oldest first each), by account id; absent without any. */
export async function tariffAssignmentsOfAccounts(
  db: Database,
  accountIds: readonly string[],
): Promise<Map<string, TariffAssignment<Tariff>[]>> {
  const byAccount = new Map<string, TariffAssignment<Tariff>[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .select({
      accountId: accountTariffs.accountId,
      startDate: accountTariffs.startDate,
      code: tariffs.code,
      updatedAt: tariffs.updatedAt,
      definition: tariffs.definition,
    })
    .from(accountTariffs)
    .innerJoin(tariffs, eq(tariffs.code, accountTariffs.tariffCode))
    .where(inArray(accountTariffs.accountId, [...accountIds]))
    .orderBy(asc(accountTariffs.accountId), asc(accountTariffs.startDate));
  for (const row of rows) {
    const assignment = {
      startDate: row.startDate,
      tariff: parsedTariff(row.code, row.updatedAt, row.definition),
    };
    const list = byAccount.get(row.accountId);
    if (list) list.push(assignment);
    else byAccount.set(row.accountId, [assignment]);
  }
  return byAccount;
}
