/**
 * The Tracker's answers kept in the database (issue 31, decision 0036). A week's answer but its forecast is
 * built once, from the account's priced days, and stored with its ETag and its br and gzip forms (each made
 * when first asked for: decision 0052) for the account's usage version, the account's settings it shows and
 * the market day; a request that finds it current sends it as stored, found in the same statement as the
 * account itself, completed by the forecast of the day (the same for every week of the account, computed once
 * per account, version and day and stored beside the weeks: decision 0051; the same statement finds it). A week
 * that ended before the last week started no longer changes with the day, so its stored answer outlives the
 * day. Importers refresh the weeks a customer opens from the weekly email (this one and the five before it) and
 * the forecast right after they commit, and the day's roll-over does the same for every account; any other
 * week, or a week whose data, settings or day moved on, is built by its first reader and stored for every
 * instance.
 */
import { addDays, marketToday, weekStart as mondayOf, USAGE_RESPONSE_VERSION } from '@portal/contracts';
import { and, eq, getTableColumns, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { excludedValues } from '../../db/excluded.ts';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { usageAnswers, usageForecasts } from '../../db/schema/usage-answers.ts';
import { type AccountRow, accounts, usageVersions } from '../../db/schema.ts';
import {
  compressPrefixAs,
  ENCODINGS,
  type Encoding,
  entityTagOf,
  withSuffix,
} from '../../lib/compression.ts';
import { toCustomer } from '../accounts/customer.ts';
import {
  forecastFor,
  forecastSuffix,
  type UsageSource,
  usageSourceOf,
  weekJsonPrefixFor,
} from './usage-service.ts';
import { weekShowsTheDay } from './week.ts';

/** The weeks importers keep ready: this week and the five before it (the email's week and its neighbours). */
export const RECENT_WEEKS = 6;

export type AnswerEncoding = Encoding | 'identity';
/** What a look-up fetches of the stored body: an encoding, or `'none'` to check currency alone. */
export type LookUpBody = AnswerEncoding | 'none';

/**
 * A week's stored answer: the response up to its forecast, as text and in the forms `withSuffix` completes. A
 * form is null until something asks for it (decision 0052): the first reader of an older week builds the form it
 * sends, and the first reader in the other encoding makes that one from the text and stores it.
 */
export interface StoredWeek {
  etag: string;
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/**
 * What a stored answer was built as: 3, the answer up to its forecast as HTML-safe JSON (decision 0050; 2 was
 * the same text unescaped, 1 the whole answer). Raise it when a
 * build gives other text for the same data; the response's shape has its own number (USAGE_RESPONSE_VERSION,
 * pinned by a contracts test). Both are part of the stamp, so a row built otherwise is never current: its next
 * reader builds it again.
 */
const STORED_LAYOUT = 3;

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
    /**
     * Whether `body` is in the encoding asked for. False when that form was not made yet (decision 0052): `body`
     * is then the text, which the reader compresses, sends and stores.
     */
    encoded: boolean;
  } | null;
  /** The account's stored forecast (its latest day's), current or not. */
  forecast: StoredForecast | null;
}

/** An account's forecast as stored for every instance: the end of its usage answers on a market day. */
export interface StoredForecast {
  marketDay: string;
  usageVersion: number;
  supplyPeriod: string;
  suffix: Buffer;
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
          when 'br' then coalesce(${usageAnswers.br}, ${usageAnswers.body})
          when 'gzip' then coalesce(${usageAnswers.gzip}, ${usageAnswers.body})
          when 'identity' then ${usageAnswers.body} end end`,
        encoded: sql<boolean | null>`case ${sql.placeholder('encoding')}::text
          when 'br' then ${usageAnswers.br} is not null when 'gzip' then ${usageAnswers.gzip} is not null
          else true end`,
        forecastDay: sql<string | null>`${usageForecasts.marketDay}::text`,
        forecastVersion: usageForecasts.usageVersion,
        forecastSupply: usageForecasts.supplyPeriod,
        forecastSuffix: usageForecasts.suffix,
      })
      .from(accounts)
      .leftJoin(usageVersions, eq(usageVersions.accountId, accounts.id))
      .leftJoin(usageForecasts, eq(usageForecasts.accountId, accounts.id))
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
            encoded: row.encoded !== false,
          },
    forecast:
      row.forecastVersion === null
        ? null
        : {
            marketDay: row.forecastDay as string,
            usageVersion: Number(row.forecastVersion),
            supplyPeriod: row.forecastSupply as string,
            suffix: row.forecastSuffix as Buffer,
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
 * Stores a week's answer: one statement, prepared once per handle (as the look-up is), not built by Drizzle for
 * every first read. Both forms are replaced, the one not made by null: a form kept from before would be of the
 * old text. A stored answer of a newer version is kept.
 */
function storeStatement(db: Database) {
  const value = (name: string) => sql.placeholder(name);
  return preparedOn(db, 'usage_answer_store', (on) =>
    on
      .insert(usageAnswers)
      .values({
        accountId: value('accountId'),
        weekStart: value('weekStart'),
        usageVersion: value('usageVersion'),
        marketDay: value('marketDay'),
        accountStamp: value('accountStamp'),
        etag: value('etag'),
        body: value('body'),
        br: value('br'),
        gzip: value('gzip'),
        builtAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: [usageAnswers.accountId, usageAnswers.weekStart],
        set: excludedValues(usageAnswers, [
          'usageVersion',
          'marketDay',
          'accountStamp',
          'etag',
          'body',
          'br',
          'gzip',
          'builtAt',
        ]),
        setWhere: sql`${usageAnswers.usageVersion} <= excluded.usage_version`,
      })
      .prepare('usage_answer_store'),
  );
}

/**
 * Builds the week's answer but its forecast from scratch (pricing first whatever days wait) and stores it for
 * every instance, with the usage version it was built at. A stored answer of a newer version is never replaced
 * by an older one (a build that raced a write). Compressed in `encodings` only (both by default; a reader asks
 * for the one it sends, decision 0052). `known`: the version the caller read with nothing waiting to be priced
 * (the request's look-up), which spares a statement. Read before the days, it is never newer than what they
 * show: a write in between leaves the stored answer stamped older than its data, and its next reader builds it
 * again. `store: false` builds it only (a week outside what is kept: `isKept`).
 */
export async function buildAndStore(
  db: Database,
  account: AccountRow,
  weekStart: string,
  today: string,
  options: { known?: UsageSource; encodings?: readonly Encoding[]; store?: boolean } = {},
): Promise<StoredWeek & { usageVersion: number }> {
  let source = options.known;
  if (!source) {
    source = await usageSourceOf(db, account.id);
    // The account as it stands at that version or later: a row read before it would build, under the new version,
    // what the account showed before (a supply period moved meanwhile: curtailment of days it no longer holds).
    const [now] = await db.select().from(accounts).where(eq(accounts.id, account.id));
    account = now ?? account;
  }
  const body = Buffer.from(await weekJsonPrefixFor(db, account, weekStart, today));
  const encodings = options.encodings ?? ENCODINGS;
  const forms = await Promise.all(encodings.map((encoding) => compressPrefixAs(body, encoding)));
  const formOf = (encoding: Encoding) => forms[encodings.indexOf(encoding)] ?? null;
  const week: StoredWeek = { etag: entityTagOf(body), body, br: formOf('br'), gzip: formOf('gzip') };
  if (options.store === false) return { ...week, usageVersion: source.version };
  await storeStatement(db).execute({
    accountId: account.id,
    weekStart,
    usageVersion: source.version,
    marketDay: today,
    accountStamp: accountStamp(account),
    ...week,
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
 * Stores a form of a week's stored answer made after it (decision 0052), unless the answer changed meanwhile: the
 * ETag names the text it was made from.
 */
async function storeForm(
  db: Database,
  accountId: string,
  weekStart: string,
  etag: string,
  encoding: Encoding,
  form: Buffer,
): Promise<void> {
  await db
    .update(usageAnswers)
    .set(encoding === 'br' ? { br: form } : { gzip: form })
    .where(
      and(
        eq(usageAnswers.accountId, accountId),
        eq(usageAnswers.weekStart, weekStart),
        eq(usageAnswers.etag, etag),
      ),
    );
}

/**
 * The week's stored part for what the look-up found: the stored one when it is current, else built and stored.
 * The body in `encoding` (as the look-up read it, or from the build). A current week without that form yet
 * has it made from its text and stored on `primary` (decision 0052); one that cannot be stored (the primary away
 * while a standby answers) is sent all the same, and `onStoreError` hears of it.
 */
export async function weekPartOf(
  db: Database,
  found: UsageLookUp,
  weekStart: string,
  today: string,
  encoding: AnswerEncoding,
  primary: Database = db,
  onStoreError: (error: unknown) => void = (error) => {
    throw error;
  },
): Promise<WeekPart> {
  if (isCurrent(found, weekStart, today) && found.stored?.body) {
    const { etag, body, encoded } = found.stored;
    if (encoded || encoding === 'identity')
      return { etag, body, usageVersion: found.usageVersion, built: false };
    const form = await compressPrefixAs(body, encoding);
    await storeForm(primary, found.account.id, weekStart, etag, encoding, form).catch(onStoreError);
    return { etag, body: form, usageVersion: found.usageVersion, built: false };
  }
  const week = await buildAndStore(db, found.account, weekStart, today, {
    known: found.stale ? undefined : { version: found.usageVersion },
    // Only the form this reader sends: a reader in the other encoding makes the other.
    encodings: encoding === 'identity' ? [] : [encoding],
    store: isKept(weekStart, today),
  });
  const body = (encoding === 'identity' ? week.body : week[encoding]) as Buffer;
  return { etag: week.etag, body, usageVersion: week.usageVersion, built: true };
}

/** What a forecast depends on besides the day and the usage version: the supply period it counts. */
const supplyPeriodOf = (account: AccountRow) => `${account.supplyFrom}|${account.supplyTo ?? ''}`;

/** Whether the stored forecast is the one of this day, usage version and supply period. */
export const forecastIsCurrent = (
  stored: StoredForecast | null,
  account: AccountRow,
  usageVersion: number,
  today: string,
): stored is StoredForecast =>
  stored !== null &&
  stored.marketDay === today &&
  stored.usageVersion === usageVersion &&
  stored.supplyPeriod === supplyPeriodOf(account);

/**
 * The forecast that ends every answer of an account on a day, as bytes (decision 0051): the stored one when it is
 * current, else computed from `db` and stored on `primary` for every instance, so that each account's forecast is
 * computed once a day and version, not once per instance or per restart. A forecast that cannot be stored (the
 * primary away while a standby answers) is sent all the same: `onStoreError` hears of it.
 */
export async function forecastSuffixOf(
  db: Database,
  primary: Database,
  account: AccountRow,
  usageVersion: number,
  today: string,
  stored: StoredForecast | null,
  onStoreError: (error: unknown) => void = (error) => {
    throw error;
  },
): Promise<{ suffix: Buffer; computed: boolean }> {
  if (forecastIsCurrent(stored, account, usageVersion, today))
    return { suffix: stored.suffix, computed: false };
  const suffix = Buffer.from(forecastSuffix(await forecastFor(db, account, today)));
  const row = {
    accountId: account.id,
    marketDay: today,
    usageVersion,
    supplyPeriod: supplyPeriodOf(account),
    suffix,
  };
  await primary
    .insert(usageForecasts)
    .values(row)
    // The last writer's stays: each row is right for its own day, version and supply period, which every reader
    // checks, so a reader that raced a writer (or an instance whose clock is still on yesterday) costs the next
    // reader one computation, no more. A rule keeping the later day instead left an instance behind on the clock
    // unable to store its day's forecast at all, and computing it on every request.
    .onConflictDoUpdate({ target: usageForecasts.accountId, set: { ...row, builtAt: sql`now()` } })
    .catch(onStoreError);
  return { suffix, computed: true };
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
  primary: Database,
  onStoreError?: (error: unknown) => void,
): Promise<{ etag: string; body: Buffer; built: boolean; week: WeekPart; suffix: Buffer }> {
  const week = await weekPartOf(db, found, weekStart, today, encoding, primary, onStoreError);
  const { suffix } = await forecastSuffixOf(
    db,
    primary,
    found.account,
    week.usageVersion,
    today,
    found.forecast,
    onStoreError,
  );
  return { ...completeAnswer(week, suffix, encoding), built: week.built, week, suffix };
}

export interface RefreshSummary {
  accounts: number;
  /** Weeks built and stored. */
  built: number;
  /** Weeks already current. */
  current: number;
  /** Forecasts computed and stored (the others were current). */
  forecasts: number;
}

/**
 * Makes the accounts' recent weeks (this week and the RECENT_WEEKS - 1 before it) and their forecasts current for
 * `today`: those already current are left, the others built and stored. Idempotent, and resumable after an interruption.
 */
export async function refreshUsageAnswers(
  db: Database,
  accountIds: readonly string[],
  options: { today?: string; weeks?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<RefreshSummary> {
  const today = options.today ?? marketToday();
  const weeks = options.weeks ?? RECENT_WEEKS;
  const summary: RefreshSummary = { accounts: 0, built: 0, current: 0, forecasts: 0 };
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
        // Built from the account as the look-up read it with its version, not as the batch found it before: a
        // supply period moved since would otherwise be built under the new version (found by the concurrent
        // writers' test).
        const known = found && !found.stale ? found : undefined;
        // Both forms: a recent week is read by the page (gzip) and the calls (br) alike.
        await buildAndStore(db, known?.account ?? account, weekStart, today, {
          known: known && { version: known.usageVersion },
        });
        summary.built++;
      }
      // Looked up after the builds, which may have priced days (a new usage version).
      const found = await lookUpUsage(db, account.publicId, thisWeek, 'none');
      if (found) {
        const forecast = await forecastSuffixOf(
          db,
          db,
          found.account,
          found.usageVersion,
          today,
          found.forecast,
        );
        if (forecast.computed) summary.forecasts++;
      }
      summary.accounts++;
    }
    options.onProgress?.(Math.min(start + batch.length, accountIds.length), accountIds.length);
  }
  return summary;
}

/** Stored weeks older than this are deleted by the roll-over; their next reader builds them again. */
export const RETAINED_WEEKS = 13;

/**
 * Whether a week's answer is stored: from RETAINED_WEEKS before this week to next week. Any other week a link
 * may name (from 1900 to 9999) is built and sent but not stored: one link holder asking for week after week
 * would otherwise fill the disk, a stored week being some 80 KB (issue 46 item 3).
 */
export function isKept(weekStart: string, today: string): boolean {
  const thisWeek = mondayOf(today);
  return weekStart >= addDays(thisWeek, -7 * RETAINED_WEEKS) && weekStart <= addDays(thisWeek, 7);
}

/** Deletes the stored answers of the weeks not kept (`isKept`) on `today`; returns how many. */
export async function pruneOldAnswers(db: Database, today: string = marketToday()): Promise<number> {
  const thisWeek = mondayOf(today);
  const deleted = await db
    .delete(usageAnswers)
    .where(
      or(
        lt(usageAnswers.weekStart, addDays(thisWeek, -7 * RETAINED_WEEKS)),
        gt(usageAnswers.weekStart, addDays(thisWeek, 7)),
      ),
    )
    .returning({ accountId: usageAnswers.accountId });
  return deleted.length;
}

/** Every account's id, oldest first: what the day's roll-over refreshes. */
export async function allAccountIds(db: Database): Promise<string[]> {
  return (await db.select({ id: accounts.id }).from(accounts).orderBy(accounts.createdAt, accounts.id)).map(
    (row) => row.id,
  );
}
