/** The accounts an `--account <publicId...>` option names, as internal ids; an unknown one is refused. */
import type { Database } from '../db/index.ts';
import { findAccountByPublicId } from '../domains/accounts/queries.ts';
import { CliError } from './context.ts';

export async function accountIdsOf(db: Database, publicIds: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const publicId of publicIds) {
    const account = await findAccountByPublicId(db, publicId);
    if (!account) throw new CliError(`No account has the id ${publicId}`);
    ids.push(account.id);
  }
  return ids;
}
