/** Account creation for operators (CLI) and the demo seed. */
import { type MarketSegment, PUBLIC_ID_PATTERN } from '@portal/contracts';
import type { Database } from '../../db/index.ts';
import type { AccountRow } from '../../db/schema.ts';
import { Conflict, Unprocessable } from '../../lib/errors.ts';
import { generatePublicId } from './public-id.ts';
import { ensureRetailer, findAccountByPublicId, insertAccount } from './queries.ts';

export interface CreateAccountInput {
  nmi: string;
  publicId?: string | undefined;
  marketSegment: MarketSegment;
  clientCode: string;
  retailerName?: string;
  email?: string | undefined;
}

export async function createAccount(db: Database, input: CreateAccountInput): Promise<AccountRow> {
  const publicId = input.publicId ?? generatePublicId();
  if (!PUBLIC_ID_PATTERN.test(publicId)) {
    throw new Unprocessable(
      `"${publicId}" is not a valid public id (4-64 of A-Z a-z 0-9 _ -)`,
      'INVALID_ACCOUNT_ID',
    );
  }
  if (await findAccountByPublicId(db, publicId)) {
    throw new Conflict(`An account with the id "${publicId}" already exists`);
  }
  await ensureRetailer(db, input.clientCode, input.retailerName ?? input.clientCode);
  return insertAccount(db, {
    publicId,
    nmi: input.nmi,
    marketSegment: input.marketSegment,
    clientCode: input.clientCode,
    email: input.email ?? null,
  });
}
