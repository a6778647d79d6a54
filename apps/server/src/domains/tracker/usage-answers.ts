/**
 * The Tracker's answers kept in the database (issue 31, decision 0036). A week's answer is built once, from the
 * account's priced days, and stored with its ETag and its br and gzip bodies for the account's usage version,
 * the market day and the account's settings it shows; a request that finds all three current sends it as
 * stored, found in the same statement as the account itself. Importers refresh the weeks a customer opens from
 * the weekly email (this one and the five before it) right after they commit; any other week, or a week whose
 * data, settings or day moved on, is built by its first reader and stored for every instance.
 */
import { addDays, isMarketDate, marketToday, weekStart as mondayOf } from '@portal/contracts';
import { and, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { usageAnswers } from '../../db/schema/usage-answers.ts';
import { type AccountRow, accounts, usageVersions } from '../../db/schema.ts';
import { brotli, entityTagOf, gzip } from '../../lib/compression.ts';
import { toCustomer } from '../accounts/customer.ts';
import { usageJsonFor, usageSourceOf } from './usage-service.ts';

/** The weeks importers keep ready: this week and the five before it (the email's week and its neighbours). */
export const RECENT_WEEKS = 6;

export type AnswerEncoding = 'br' | 'gzip' | 'identity';

export interface UsageAnswer {
  etag: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** What of the account, outside its usage version, an answer shows: its settings, as JSON. */
export const accountStamp = (account: AccountRow) =>
  JSON.stringify([toCustomer(account), account.solarTrial, account.solarWelcomeSeen]);

/** The week of `from` (any date of it), or this week for a missing or malformed date (validation answers it). */
export function weekOfRequest(from: unknown, today: string): string {
  return mondayOf(typeof from === 'string' && isMarketDate(from) ? from : today);
}

/** An account as the usage request finds it, with its stored answer of the week when it has one. */
export interface UsageLookUp {
  account: AccountRow;
  usageVersion: number;
  stale: boolean;
  /** The stored answer; its body null when it is the one the caller said it holds (`knownEtag`). */
  stored: {
    usageVersion: number;
    marketDay: string;
    accountStamp: string;
    etag: string;
    body: Buffer | null;
  } | null;
}

/**
 * The account, its usage version, whether its days wait to be priced, and its stored answer of the week (the
 * body in the encoding asked for, left out when its ETag is `knownEtag`: the caller holds those bytes): one
 * statement, prepared once per handle.
 */
export async function lookUpUsage(
  db: Database,
  publicId: string,
  weekStart: string,
  encoding: AnswerEncoding,
  knownEtag = '',
): Promise<UsageLookUp | undefined> {
  const statement = preparedOn(db, 'usage_look_up', (on) =>
    on
      .select({
        account: getTableColumns(accounts),
        usageVersion: sql<string | number>`coalesce(${usageVersions.version}, 0)`,
        stale: sql<boolean>`exists (select 1 from priced_days_stale s where s.account_id = "accounts"."id")`,
        storedVersion: usageAnswers.usageVersion,
        marketDay: sql<string | null>`${usageAnswers.marketDay}::text`,
        accountStamp: usageAnswers.accountStamp,
        etag: usageAnswers.etag,
        body: sql<
          Buffer | Uint8Array | null
        >`case when ${usageAnswers.etag} = ${sql.placeholder('knownEtag')}::text
          then null else case ${sql.placeholder('encoding')}::text
          when 'br' then ${usageAnswers.br} when 'gzip' then ${usageAnswers.gzip} else ${usageAnswers.body} end end`,
      })
      .from(accounts)
      .leftJoin(usageVersions, eq(usageVersions.accountId, accounts.id))
      .leftJoin(
        usageAnswers,
        and(
          eq(usageAnswers.accountId, accounts.id),
          eq(usageAnswers.weekStart, sql.placeholder('weekStart')),
        ),
      )
      .where(eq(accounts.publicId, sql.placeholder('publicId')))
      .limit(1)
      .prepare('usage_look_up'),
  );
  const [row] = await statement.execute({ publicId, weekStart, encoding, knownEtag });
  if (!row) return undefined;
  return {
    account: row.account,
    usageVersion: Number(row.usageVersion),
    stale: row.stale,
    stored:
      row.storedVersion === null
        ? null
        : {
            usageVersion: Number(row.storedVersion),
            marketDay: row.marketDay as string,
            accountStamp: row.accountStamp as string,
            etag: row.etag as string,
            body: row.body === null ? null : Buffer.isBuffer(row.body) ? row.body : Buffer.from(row.body),
          },
  };
}

/** Whether the stored answer is what a build would give now: same version, same day, same settings. */
export function isCurrent(found: UsageLookUp, today: string): boolean {
  const { stored } = found;
  return (
    stored !== null &&
    !found.stale &&
    stored.usageVersion === found.usageVersion &&
    stored.marketDay === today &&
    stored.accountStamp === accountStamp(found.account)
  );
}

/**
 * Builds the week's answer from scratch (pricing first whatever days wait) and stores it for every instance. A
 * stored answer of a newer version is never replaced by an older one (a build that raced a write).
 */
export async function buildAndStore(
  db: Database,
  account: AccountRow,
  weekStart: string,
  today: string,
): Promise<UsageAnswer> {
  const source = await usageSourceOf(db, account.id);
  const json = await usageJsonFor(db, account, weekStart, today, source);
  const body = Buffer.from(json);
  const [br, gz] = await Promise.all([brotli(body), gzip(body)]);
  const answer: UsageAnswer = { etag: entityTagOf(body), body, br, gzip: gz };
  const row = {
    accountId: account.id,
    weekStart,
    usageVersion: source.version,
    marketDay: today,
    accountStamp: accountStamp(account),
    ...answer,
    builtAt: new Date(),
  };
  await db
    .insert(usageAnswers)
    .values(row)
    .onConflictDoUpdate({
      target: [usageAnswers.accountId, usageAnswers.weekStart],
      set: {
        usageVersion: row.usageVersion,
        marketDay: row.marketDay,
        accountStamp: row.accountStamp,
        etag: row.etag,
        body: row.body,
        br: row.br,
        gzip: row.gzip,
        builtAt: row.builtAt,
      },
      setWhere: sql`${usageAnswers.usageVersion} <= ${row.usageVersion}`,
    });
  return answer;
}

/**
 * The week's answer for what the look-up found: the stored one when it is current, else built and stored. The
 * body in `encoding` (as the look-up read it, or from the build).
 */
export async function answerOf(
  db: Database,
  found: UsageLookUp,
  weekStart: string,
  today: string,
  encoding: AnswerEncoding,
): Promise<{ etag: string; body: Buffer; built: boolean }> {
  if (isCurrent(found, today) && found.stored?.body) {
    return { etag: found.stored.etag, body: found.stored.body, built: false };
  }
  const answer = await buildAndStore(db, found.account, weekStart, today);
  const body = encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.body;
  return { etag: answer.etag, body, built: true };
}

export interface RefreshSummary {
  accounts: number;
  built: number;
  current: number;
}

/**
 * Makes the accounts' recent weeks (this week and the RECENT_WEEKS - 1 before it) current for `today`: those
 * already current are left, the others built and stored. Idempotent, and resumable after an interruption.
 */
export async function refreshUsageAnswers(
  db: Database,
  accountIds: readonly string[],
  options: { today?: string; weeks?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<RefreshSummary> {
  const today = options.today ?? marketToday();
  const weeks = options.weeks ?? RECENT_WEEKS;
  const summary: RefreshSummary = { accounts: 0, built: 0, current: 0 };
  const thisWeek = mondayOf(today);
  for (let start = 0; start < accountIds.length; start += 100) {
    const batch = accountIds.slice(start, start + 100);
    const rows = await db
      .select()
      .from(accounts)
      .where(inArray(accounts.id, [...batch]));
    for (const account of rows) {
      for (let back = 0; back < weeks; back++) {
        const weekStart = addDays(thisWeek, -7 * back);
        const found = await lookUpUsage(db, account.publicId, weekStart, 'identity');
        if (found && isCurrent(found, today)) {
          summary.current++;
          continue;
        }
        await buildAndStore(db, account, weekStart, today);
        summary.built++;
      }
      summary.accounts++;
    }
    options.onProgress?.(Math.min(start + batch.length, accountIds.length), accountIds.length);
  }
  return summary;
}

/** Stored weeks older than this are deleted by the roll-over; their next reader builds them again. */
export const RETAINED_WEEKS = 13;

/** Deletes the stored answers of weeks more than RETAINED_WEEKS before this week's; returns how many. */
export async function pruneOldAnswers(db: Database, today: string = marketToday()): Promise<number> {
  const deleted = await db
    .delete(usageAnswers)
    .where(lt(usageAnswers.weekStart, addDays(mondayOf(today), -7 * RETAINED_WEEKS)))
    .returning({ accountId: usageAnswers.accountId });
  return deleted.length;
}

/** Every account's id, oldest first: what the day's roll-over refreshes. */
export async function allAccountIds(db: Database): Promise<string[]> {
  return (await db.select({ id: accounts.id }).from(accounts).orderBy(accounts.createdAt, accounts.id)).map(
    (row) => row.id,
  );
}
