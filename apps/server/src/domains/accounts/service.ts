/**
 * Accounts for operators (CLI) and the demo seed: creation, and the supply periods of decision 0034 (an
 * account holds its NMI from a start to an end date; a move-in closes the account before it; a link can be
 * replaced).
 */
import { addDays, type MarketSegment, PUBLIC_ID_PATTERN } from '@portal/contracts';
import type { Database } from '../../db/index.ts';
import type { AccountRow } from '../../db/schema.ts';
import { Conflict, InvalidRequest, Unprocessable } from '../../lib/errors.ts';
import { holdsAnyDayOf } from '../meter-data/supply-period.ts';
import { generatePublicId } from './public-id.ts';
import {
  accountsOfNmi,
  ensureRetailer,
  findAccountByPublicId,
  insertAccount,
  lockNmi,
  replacePublicId,
  setSupplyEnd,
} from './queries.ts';

export interface CreateAccountInput {
  nmi: string;
  publicId?: string | undefined;
  marketSegment: MarketSegment;
  clientCode: string;
  retailerName?: string;
  email?: string | undefined;
  /**
   * The first day the account holds the NMI. Unset: the day after the last account of the retailer that held
   * it, or the meter's whole history when none did.
   */
  supplyFrom?: string | undefined;
}

const periodText = (account: Pick<AccountRow, 'supplyFrom' | 'supplyTo'>) =>
  `${account.supplyFrom ?? 'its first read'} to ${account.supplyTo ?? 'now (open)'}`;

function checkPublicId(publicId: string): void {
  if (!PUBLIC_ID_PATTERN.test(publicId)) {
    throw new Unprocessable(
      `"${publicId}" is not a valid public id (4-64 of A-Z a-z 0-9 _ -)`,
      'INVALID_ACCOUNT_ID',
    );
  }
}

/**
 * Creates an account holding its NMI from `supplyFrom`. Refused while another account of the retailer holds
 * the NMI on any of those days: close it first, or use `moveIn`. Run it in a transaction: the NMI is locked
 * for the rest of it, so two creations on one NMI wait for each other (the database's exclusion constraint
 * refuses an overlap anyway).
 */
export async function createAccount(db: Database, input: CreateAccountInput): Promise<AccountRow> {
  const publicId = input.publicId ?? generatePublicId();
  checkPublicId(publicId);
  if (await findAccountByPublicId(db, publicId)) {
    throw new Conflict(`An account with the id "${publicId}" already exists`);
  }
  await ensureRetailer(db, input.clientCode, input.retailerName ?? input.clientCode);
  await lockNmi(db, input.clientCode, input.nmi);
  const holders = await accountsOfNmi(db, input.clientCode, input.nmi);
  const lastEnd = holders.reduce<string | null>(
    (latest, { supplyTo }) =>
      supplyTo !== null && (latest === null || supplyTo > latest) ? supplyTo : latest,
    null,
  );
  const supplyFrom = input.supplyFrom ?? (lastEnd === null ? null : addDays(lastEnd, 1));
  const holder = holders.find((other) => holdsAnyDayOf(other, supplyFrom, null));
  if (holder) {
    throw new Conflict(
      `NMI ${input.nmi} is held by account ${holder.publicId} (${periodText(holder)}) on days the new account ` +
        'would hold: close it first (portal accounts close), or use portal accounts move-in',
    );
  }
  return insertAccount(db, {
    publicId,
    nmi: input.nmi,
    marketSegment: input.marketSegment,
    clientCode: input.clientCode,
    email: input.email ?? null,
    supplyFrom,
  });
}

/**
 * Closes the account's supply: `to` is its last day at the premises (a correction may move it). Its link keeps
 * working and shows its own days up to `to`; the days after are the next occupant's.
 */
export async function closeAccount(db: Database, publicId: string, to: string): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const account = await findAccountByPublicId(tx, publicId);
    if (!account) throw new InvalidRequest(`No account has the id ${publicId}`, 'UNKNOWN_ACCOUNT');
    await lockNmi(tx, account.clientCode, account.nmi);
    if (account.supplyFrom !== null && to < account.supplyFrom) {
      throw new InvalidRequest(
        `Account ${publicId} holds NMI ${account.nmi} from ${account.supplyFrom}: it cannot close before (--to ${to})`,
      );
    }
    const next = (await accountsOfNmi(tx, account.clientCode, account.nmi)).find(
      (other) => other.id !== account.id && holdsAnyDayOf(other, account.supplyFrom, to),
    );
    if (next) {
      throw new Conflict(
        `NMI ${account.nmi} is held by account ${next.publicId} (${periodText(next)}): account ${publicId} cannot hold it to ${to}`,
      );
    }
    return setSupplyEnd(tx, account, to);
  });
}

/**
 * A new occupant moves in on `from`: the account holding the NMI that day (if any) is closed the day before,
 * and a new account holds the NMI from `from`, in one transaction.
 */
export async function moveIn(
  db: Database,
  input: CreateAccountInput & { supplyFrom: string },
): Promise<{ account: AccountRow; closed: AccountRow | null }> {
  return db.transaction(async (tx) => {
    await ensureRetailer(tx, input.clientCode, input.retailerName ?? input.clientCode);
    await lockNmi(tx, input.clientCode, input.nmi);
    const holders = await accountsOfNmi(tx, input.clientCode, input.nmi);
    const previous = holders.find((holder) => holdsAnyDayOf(holder, input.supplyFrom, input.supplyFrom));
    let closed: AccountRow | null = null;
    if (previous) {
      const lastDay = addDays(input.supplyFrom, -1);
      if (previous.supplyFrom !== null && lastDay < previous.supplyFrom) {
        throw new InvalidRequest(
          `Account ${previous.publicId} holds NMI ${input.nmi} from ${previous.supplyFrom}: a move-in on ` +
            `${input.supplyFrom} would leave it no day; close or correct it first`,
        );
      }
      closed = await setSupplyEnd(tx, previous, lastDay);
    }
    const account = await createAccount(tx, input);
    return { account, closed };
  });
}

/**
 * Gives the account a new unguessable public id: the old one answers as an unknown account from now on, and
 * so do the email links signed with it (the next email carries links signed with the new one).
 */
export async function rotateLink(db: Database, publicId: string): Promise<AccountRow> {
  const account = await findAccountByPublicId(db, publicId);
  if (!account) throw new InvalidRequest(`No account has the id ${publicId}`, 'UNKNOWN_ACCOUNT');
  return replacePublicId(db, account.id, generatePublicId());
}
