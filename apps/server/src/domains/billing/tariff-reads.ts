/**
 * Tariffs read from the database for pricing: an account's assignments and the plans on offer, each code parsed
 * once per read. Kept apart from tariff-store.ts (which writes tariffs and so reprices through pricing.ts) so that
 * pricing can read tariffs without an import cycle.
 */
import { type Tariff, tariffSchema } from '@portal/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accountTariffs, tariffs } from '../../db/schema.ts';
import { groupedBy } from '../../lib/grouped-by.ts';
import type { TariffAssignment } from './tariff.ts';

/**
 * A parser for the tariff rows of one read: each code parsed once, so that the accounts of a pricing batch on one
 * plan share one object and the spend engine compiles it once (it caches per tariff object). Nothing is kept
 * between reads: the module-wide cache this replaces was shared by every app in the process (issue 31 item 5),
 * and a parse costs 25-55 µs a tariff with its compilation (measured 2026-11-27), against 10-30 ms for the
 * comparison a plans answer computes and far more for a batch of priced days.
 */
function tariffParser(): (code: string, definition: unknown) => Tariff {
  const parsed = new Map<string, Tariff>();
  return (code, definition) => {
    let tariff = parsed.get(code);
    if (!tariff) {
      tariff = tariffSchema.parse(definition);
      parsed.set(code, tariff);
    }
    return tariff;
  };
}

/**
 * The plans on offer (tariffs with an `offer`, issue 17), by code, each with the time its row last changed
 * (what an answer computed from them is kept for). Each tariff is parsed when first asked for: a plans answer
 * found in its cache reads the codes and times alone.
 */
export async function listOffers(
  db: Database,
): Promise<{ code: string; updatedAt: number; readonly tariff: Tariff }[]> {
  const rows = await db
    .select({ code: tariffs.code, updatedAt: tariffs.updatedAt, definition: tariffs.definition })
    .from(tariffs)
    .where(sql`${tariffs.definition} -> 'offer' is not null`)
    .orderBy(asc(tariffs.code));
  const parse = tariffParser();
  return rows.map((row) => ({
    code: row.code,
    updatedAt: row.updatedAt.getTime(),
    get tariff() {
      return parse(row.code, row.definition);
    },
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
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: accountTariffs.accountId,
      startDate: accountTariffs.startDate,
      code: tariffs.code,
      definition: tariffs.definition,
    })
    .from(accountTariffs)
    .innerJoin(tariffs, eq(tariffs.code, accountTariffs.tariffCode))
    .where(inArray(accountTariffs.accountId, [...accountIds]))
    .orderBy(asc(accountTariffs.accountId), asc(accountTariffs.startDate));
  const parse = tariffParser();
  return groupedBy(
    rows,
    (row) => row.accountId,
    (row) => ({ startDate: row.startDate, tariff: parse(row.code, row.definition) }),
  );
}
