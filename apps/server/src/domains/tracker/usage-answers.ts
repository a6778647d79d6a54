/**
 * The Tracker's answers kept in the database (issue 31, decision 0036). A week's answer but its forecast is
 * built once, from the account's priced days, and stored with its ETag and its br and gzip forms for the
 * account's usage version, the account's settings it shows and the market day; a request that finds it current
 * sends it as stored, found in the same statement as the account itself, completed by the forecast of the day
 * (the same for every week of the account, computed once per account, version and day). A week that ended
 * before the last week started no longer changes with the day, so its stored answer outlives the day. Importers
 * refresh the weeks a customer opens from the weekly email (this one and the five before it) right after they
 * commit; any other week, or a week whose data, settings or day moved on, is built by its first reader and
 * stored for every instance.
 */
import { addDays, marketToday, weekStart as mondayOf, USAGE_RESPONSE_VERSION } from '@portal/contracts';
import { and, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { usageAnswers } from '../../db/schema/usage-answers.ts';
import { type AccountRow, accounts, usageVersions } from '../../db/schema.ts';
import { compressPrefix, type Encoding, entityTagOf, withSuffix } from '../../lib/compression.ts';
import { toCustomer } from '../accounts/customer.ts';
import { forecastFor, forecastSuffix, usageSourceOf, weekJsonPrefixFor } from './usage-service.ts';
import { weekShowsTheDay } from './week.ts';

/** The weeks importers keep ready: this week and the five before it (the email's week and its neighbours). */
export const RECENT_WEEKS = 6;

export type AnswerEncoding = Encoding | 'identity';
/** What a look-up fetches of the stored body: an encoding, or `'none'` to check currency alone. */
export type LookUpBody = AnswerEncoding | 'none';

/** A week's stored answer: the response up to its forecast, as text and in the forms `withSuffix` completes. */
export interface StoredWeek {
  etag: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * What a stored answer was built as: 2, the answer up to its forecast (1 was the whole answer). Raise it when a
 * build gives other text for the same data; the response's shape has its own number (USAGE_RESPONSE_VERSION,
 * pinned by a contracts test). Both are part of the stamp, so a row built otherwise is never current: its next
 * reader builds it again.
 */
const STORED_LAYOUT = 2;

/** What of the account, outside its usage version, an answer shows (its settings), and how it was built. */
export const accountStamp = (account: AccountRow) =>
  JSON.stringify([
    STORED_LAYOUT,
    USAGE_RESPONSE_VERSION,
    toCustomer(account),
    account.solarTrial,
    account.solarWelcomeSeen,
  ]);

/** An account as the usage request finds it, with its stored answer of the week when it has one. */
export interface UsageLookUp {
  account: AccountRow;
  usageVersion: number;
  stale: boolean;
  /** The stored answer; its body null when it is the one the caller said it holds (`knownEtag`), or not asked for. */
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
 * body in the encoding asked for, left out when its ETag is `knownEtag`, as the caller holds those bytes, or when
 * `'none'` is asked for, as the roll-over only checks currency): one statement, prepared once per handle.
 */
export async function lookUpUsage(
  db: Database,
  publicId: string,
  weekStart: string,
  encoding: LookUpBody,
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
          when 'br' then ${usageAnswers.br} when 'gzip' then ${usageAnswers.gzip}
          when 'identity' then ${usageAnswers.body} end end`,
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

/**
 * Whether the stored answer is what a build would give now: same version and settings, and the same day unless
 * the week no longer shows the day, neither now nor when it was built (`weekShowsTheDay`).
 */
export function isCurrent(found: UsageLookUp, weekStart: string, today: string): boolean {
  const { stored } = found;
  return (
    stored !== null &&
    !found.stale &&
    stored.usageVersion === found.usageVersion &&
    stored.accountStamp === accountStamp(found.account) &&
    (stored.marketDay === today ||
      (!weekShowsTheDay(weekStart, stored.marketDay) && !weekShowsTheDay(weekStart, today)))
  );
}

/**
 * Builds the week's answer but its forecast from scratch (pricing first whatever days wait) and stores it for
 * every instance, with the usage version it was built at. A stored answer of a newer version is never replaced
 * by an older one (a build that raced a write).
 */
export async function buildAndStore(
  db: Database,
  account: AccountRow,
  weekStart: string,
  today: string,
): Promise<StoredWeek & { usageVersion: number }> {
  const source = await usageSourceOf(db, account.id);
  const body = Buffer.from(await weekJsonPrefixFor(db, account, weekStart, today));
  const week: StoredWeek = { etag: entityTagOf(body), body, ...(await compressPrefix(body)) };
  const row = {
    accountId: account.id,
    weekStart,
    usageVersion: source.version,
    marketDay: today,
    accountStamp: accountStamp(account),
    ...week,
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
  return { ...week, usageVersion: source.version };
}

/** A week's stored part in one encoding, with the usage version it shows. */
export interface WeekPart {
  etag: string;
  body: Buffer;
  usageVersion: number;
  built: boolean;
}

/**
 * The week's stored part for what the look-up found: the stored one when it is current, else built and stored.
 * The body in `encoding` (as the look-up read it, or from the build).
 */
export async function weekPartOf(
  db: Database,
  found: UsageLookUp,
  weekStart: string,
  today: string,
  encoding: AnswerEncoding,
): Promise<WeekPart> {
  if (isCurrent(found, weekStart, today) && found.stored?.body) {
    const { etag, body } = found.stored;
    return { etag, body, usageVersion: found.usageVersion, built: false };
  }
  const week = await buildAndStore(db, found.account, weekStart, today);
  const body = encoding === 'br' ? week.br : encoding === 'gzip' ? week.gzip : week.body;
  return { etag: week.etag, body, usageVersion: week.usageVersion, built: true };
}

/**
 * The forecast that ends every answer of an account on a day, as bytes, computed once per account, usage
 * version and day (and supply period, which the forecast counts) by each instance and kept on it: a value these
 * determine, so two instances cannot answer differently. `entries` 0 keeps none.
 */
export class ForecastSuffixes {
  private readonly held: LRUCache<string, Buffer> | null;

  constructor(entries: number) {
    this.held = entries > 0 ? new LRUCache({ max: entries }) : null;
  }

  async of(db: Database, account: AccountRow, usageVersion: number, today: string): Promise<Buffer> {
    const key = `${account.id}|${usageVersion}|${today}|${account.supplyFrom}|${account.supplyTo}`;
    const held = this.held?.get(key);
    if (held) return held;
    const suffix = Buffer.from(forecastSuffix(await forecastFor(db, account, today)));
    this.held?.set(key, suffix);
    return suffix;
  }
}

/** The whole answer: the week's part completed by the forecast, with an ETag of both. */
export function completeAnswer(
  week: { etag: string; body: Buffer },
  suffix: Buffer,
  encoding: AnswerEncoding,
): { etag: string; body: Buffer } {
  return {
    etag: entityTagOf(Buffer.concat([Buffer.from(week.etag), suffix])),
    body: withSuffix(encoding, week.body, suffix),
  };
}

/**
 * The week's whole answer for what the look-up found (`weekPartOf` completed by the forecast): what the usage
 * call sends, in `encoding`.
 */
export async function answerOf(
  db: Database,
  found: UsageLookUp,
  weekStart: string,
  today: string,
  encoding: AnswerEncoding,
  forecasts: ForecastSuffixes,
): Promise<{ etag: string; body: Buffer; built: boolean; week: WeekPart }> {
  const week = await weekPartOf(db, found, weekStart, today, encoding);
  const suffix = await forecasts.of(db, found.account, week.usageVersion, today);
  return { ...completeAnswer(week, suffix, encoding), built: week.built, week };
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
        // Currency alone: fetching the 74 KB text of every current week cost the roll-over more than its builds.
        const found = await lookUpUsage(db, account.publicId, weekStart, 'none');
        if (found && isCurrent(found, weekStart, today)) {
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
