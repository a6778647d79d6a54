/** Database reads and writes of accounts and retailers. */
import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { type AccountRow, accounts, type NewAccountRow, retailers } from '../../db/schema.ts';
import { Conflict } from '../../lib/errors.ts';
import { withPricing } from '../billing/pricing.ts';

const accountByPublicId = (db: Database, publicId: string | Placeholder) =>
  db.select().from(accounts).where(eq(accounts.publicId, publicId)).limit(1);

/**
 * The account of a public id. `prepared`, as the access guard asks it on every request: a statement built once
 * per handle and prepared on each connection (db/prepared.ts), for the app's own handle only, never a
 * transaction's.
 */
export async function findAccountByPublicId(
  db: Database,
  publicId: string,
  options: { prepared?: boolean } = {},
): Promise<AccountRow | undefined> {
  const [row] = options.prepared
    ? await preparedOn(db, 'account_by_public_id', (on) =>
        accountByPublicId(on, sql.placeholder('publicId')).prepare('account_by_public_id'),
      ).execute({ publicId })
    : await accountByPublicId(db, publicId);
  return row;
}

export async function ensureRetailer(db: Database, clientCode: string, name: string): Promise<void> {
  await db.insert(retailers).values({ clientCode, name }).onConflictDoNothing();
}

/** The database's refusal of two accounts of one retailer holding one NMI on the same day (migration 0010). */
const ONE_HOLDER_PER_DAY = 'accounts_one_holder_per_day';

/** Runs a write of supply periods, refusing an overlap the database found with a clear message. */
async function refusingOverlaps<T>(nmi: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
      if ((cause as { constraint?: unknown }).constraint === ONE_HOLDER_PER_DAY) {
        throw new Conflict(`Another account of this retailer holds NMI ${nmi} on some of these days`);
      }
    }
    throw error;
  }
}

/** Inserts an account; the reads its NMI already has in its supply period are priced for it in the same transaction. */
export async function insertAccount(db: Database, values: NewAccountRow): Promise<AccountRow> {
  const [row] = await refusingOverlaps(values.nmi, () =>
    withPricing(db, (tx) => tx.insert(accounts).values(values).returning()),
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Locks the retailer's NMI until the transaction ends, so that two writers of its supply periods take turns and
 * each sees what the other wrote (the exclusion constraint refuses an overlap whatever happens).
 */
export async function lockNmi(tx: Database, clientCode: string, nmi: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`supply|${clientCode}|${nmi}`}, 0))`);
}

/** The retailer's accounts of an NMI, earliest supply first. */
export async function accountsOfNmi(db: Database, clientCode: string, nmi: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientCode, clientCode), eq(accounts.nmi, nmi)))
    .orderBy(sql`${accounts.supplyFrom} asc nulls first`, asc(accounts.createdAt));
}

/** Sets the account's last day of supply; its days after it are priced away in the same transaction. */
export async function setSupplyEnd(
  db: Database,
  account: Pick<AccountRow, 'id' | 'nmi'>,
  to: string,
): Promise<AccountRow> {
  const [row] = await refusingOverlaps(account.nmi, () =>
    withPricing(db, (tx) =>
      tx
        .update(accounts)
        .set({ supplyTo: to, updatedAt: new Date() })
        .where(eq(accounts.id, account.id))
        .returning(),
    ),
  );
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Gives the account another public id: the old one names no account from now on. */
export async function replacePublicId(
  db: Database,
  accountId: string,
  publicId: string,
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ publicId, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Inserts unless the public id exists; returns whether a row was written. */
export async function insertAccountIfAbsent(db: Database, values: NewAccountRow): Promise<boolean> {
  const written = await withPricing(db, (tx) =>
    tx
      .insert(accounts)
      .values(values)
      .onConflictDoNothing({ target: accounts.publicId })
      .returning({ id: accounts.id }),
  );
  return written.length > 0;
}

export async function listAccounts(
  db: Database,
  options: { clientCode?: string; limit: number; offset: number },
) {
  const query = db
    .select({
      publicId: accounts.publicId,
      clientCode: accounts.clientCode,
      nmi: accounts.nmi,
      supplyFrom: accounts.supplyFrom,
      supplyTo: accounts.supplyTo,
      marketSegment: accounts.marketSegment,
      email: accounts.email,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .orderBy(asc(accounts.createdAt), asc(accounts.publicId))
    .limit(options.limit)
    .offset(options.offset);
  return options.clientCode ? query.where(eq(accounts.clientCode, options.clientCode)) : query;
}
