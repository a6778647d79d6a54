/** Database reads and writes of accounts and retailers. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { type AccountRow, accounts, type NewAccountRow, retailers } from '../../db/schema.ts';
import { withPricing } from '../billing/priced-days-store.ts';

export async function findAccountByPublicId(db: Database, publicId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.publicId, publicId)).limit(1);
  return row;
}

/** The same, as the access guard asks it on every request: a prepared statement of the app's handle. */
export async function lookUpAccount(db: Database, publicId: string): Promise<AccountRow | undefined> {
  const statement = preparedOn(db, 'account_by_public_id', (on) =>
    on
      .select()
      .from(accounts)
      .where(eq(accounts.publicId, sql.placeholder('publicId')))
      .limit(1)
      .prepare('account_by_public_id'),
  );
  const [row] = await statement.execute({ publicId });
  return row;
}

export async function ensureRetailer(db: Database, clientCode: string, name: string): Promise<void> {
  await db.insert(retailers).values({ clientCode, name }).onConflictDoNothing();
}

/** Inserts an account; the reads its NMI already has are priced for it in the same transaction. */
export async function insertAccount(db: Database, values: NewAccountRow): Promise<AccountRow> {
  const [row] = await withPricing(db, (tx) => tx.insert(accounts).values(values).returning());
  if (!row) throw new Error('insert returned no row');
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
