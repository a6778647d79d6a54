/**
 * Loads what one week's usage response needs (priced days, the forecast) and hands it to `week.ts`. Days are
 * read priced (decision 0021): from LOOKBACK_WEEKS before the week to the end of the week after it (the next
 * arrow); when the AVERAGE_WEEKS before the week all have data, older weeks cannot change a number and are
 * left out, as they always were.
 */
import {
  addDays,
  type Forecast,
  marketToday,
  weekStart as mondayOf,
  type UsageResponse,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { readTogether } from '../../db/read-together.ts';
import { type AccountRow, usageVersions } from '../../db/schema.ts';
import { htmlSafeJson } from '../../lib/html-safe-json.ts';
import { toCustomer } from '../accounts/customer.ts';
import { forecastQuarter, forecastReadRanges } from '../billing/forecast.ts';
import { type Money, toDollars } from '../billing/money.ts';
import { storedDailyTotals, storedWeekDays } from '../billing/priced-days-reads.ts';
import { repriceStale } from '../billing/pricing.ts';
import { slotHistory } from '../billing/slot-histories.ts';
import { freeWindowFromSlot } from '../billing/tariff.ts';
import { curtailmentFor } from './curtailment.ts';
import {
  AVERAGE_WEEKS,
  buildUsageWeek,
  type UsageWeek,
  type WeekDays,
  weekDaysOf,
  weekReadFrom,
} from './week.ts';

/**
 * The account's usage version: raised by the database whenever its reads, tariffs or Happy Hours slots change
 * (migrations 0007 and 0008, decisions 0019 and 0021); 0 before anything raised it. What is computed from
 * those is kept for the version it was computed at. Also whether any of its days wait to be priced again.
 */
async function versionAndStaleness(db: Database, accountId: string) {
  const statement = preparedOn(db, 'usage_version', (on) =>
    on
      .select({
        version: usageVersions.version,
        // Stale days always come with a version row: the triggers that record them raise the version too.
        // Written out with its tables: Drizzle names a column of a one-table select without its table, and
        // "account_id" = "account_id" in the subquery was true for any account's stale days (every read of
        // every account then repriced itself and raised its version).
        stale: sql<boolean>`exists (select 1 from priced_days_stale s where s.account_id = "usage_versions"."account_id")`,
      })
      .from(usageVersions)
      .where(eq(usageVersions.accountId, sql.placeholder('accountId')))
      .prepare('usage_version'),
  );
  const [row] = await statement.execute({ accountId });
  return { version: row?.version ?? 0, stale: row?.stale ?? false };
}

/** What a usage answer is computed from: the account's usage version, its priced days current. */
export interface UsageSource {
  version: number;
}

/**
 * The account's usage version, once its priced days are current: days a writer left stale (never the
 * portal's own writers, which price in their transaction) are priced first.
 */
export async function usageSourceOf(db: Database, accountId: string): Promise<UsageSource> {
  let found = await versionAndStaleness(db, accountId);
  if (found.stale) {
    await repriceStale(db, [accountId]);
    found = await versionAndStaleness(db, accountId);
  }
  return { version: found.version };
}

/**
 * The quarter's forecast (docs/tracker-figures.md) from the account's priced days: a year and more of daily totals. The
 * days to come are free in the Happy Hours slot chosen last (from the next weekday), so a participant's
 * projection prices the past days as if that slot had applied throughout, which is how a new sign-up or slot
 * change shows in the Tracker's numbers before its first free day.
 */
export async function forecastFor(db: Database, account: AccountRow, today: string): Promise<Forecast> {
  const slots = await slotHistory(db, account.id);
  const latest = slots.at(-1);
  const window = latest ? freeWindowFromSlot(latest.slot) : null;
  const totals = await storedDailyTotals(db, account, forecastReadRanges(today), window);
  const history = new Map<string, Money>();
  const projectionHistory = window ? new Map<string, Money>() : undefined;
  for (const [date, day] of totals) {
    history.set(date, day.total);
    if (day.withOnlyWindow !== null) projectionHistory?.set(date, day.withOnlyWindow);
  }
  const result = forecastQuarter({
    history,
    today,
    projectionHistory,
    supply: { from: account.supplyFrom, to: account.supplyTo },
  });
  const forecast: Forecast = {
    quarter_start: result.quarterStart,
    quarter_end: result.quarterEnd,
    spend_to_date: toDollars(result.spendToDate),
    projected_total: result.projectedTotal === null ? null : toDollars(result.projectedTotal),
    days_with_data: result.daysWithData,
    days_projected: result.daysProjected,
    method: result.method,
  };
  return forecast;
}

/**
 * The days a week's response reads: the AVERAGE_WEEKS before it and the week after it, and the older weeks
 * to LOOKBACK_WEEKS only when those have gaps (`weekReadFrom`: averages skip days without data). Nothing from
 * today on counts: a day is complete only once it is over. The days outside the week carry only what the week
 * shows of them (`storedWeekDays`: totals and hours' money before it, whether it has data after it).
 */
export async function daysAround(
  db: Database,
  account: AccountRow,
  weekStart: string,
  today: string,
): Promise<WeekDays> {
  const nearStart = addDays(weekStart, -7 * AVERAGE_WEEKS);
  // In full only the week's own days; of the others what the week shows of them (`storedWeekDays`).
  const weekEnd = addDays(weekStart, 6);
  // The AVERAGE_WEEKS before the week first: when every one of their days has data, older days cannot
  // change an average, and a week reads 49 days instead of 84.
  let stored = await storedWeekDays(db, account, nearStart, addDays(weekStart, 13), weekStart, weekEnd);
  const importDates = new Set(stored.filter((day) => day.hasImport).map((day) => day.date));
  const from = weekReadFrom(weekStart, (date) => importDates.has(date));
  if (from < nearStart) {
    const older = await storedWeekDays(db, account, from, addDays(nearStart, -1), weekStart, weekEnd);
    stored = [...older, ...stored];
  }
  return weekDaysOf(stored, { today, before: from });
}

/** The week around `weekStart`, built from the account's priced days. */
async function weekOf(db: Database, account: AccountRow, weekStart: string, today: string) {
  const { current_week, ...rest } = buildUsageWeek({
    today,
    weekStart,
    ...(await daysAround(db, account, weekStart, today)),
    // The account's own, added to every answer (curtailmentFor): null here.
    curtailment: null,
  });
  const { intervals, ...currentHead } = current_week;
  return { head: { ...rest, current_week: currentHead }, intervalsJson: JSON.stringify(intervals) };
}

/**
 * The Tracker's week alone (no settings, forecast or curtailment), its priced days current first: what the
 * budget alert reads (docs/budget-alerts.md), the same days and averages as the usage answer's week.
 */
export async function trackerWeekFor(
  db: Database,
  account: AccountRow,
  weekStart: string,
  today: string,
): Promise<UsageWeek> {
  await usageSourceOf(db, account.id);
  return buildUsageWeek({
    today,
    weekStart: mondayOf(weekStart),
    ...(await daysAround(db, account, mondayOf(weekStart), today)),
    curtailment: null,
  });
}

/**
 * The usage response (docs/api.md#entities) up to its forecast, as JSON text ending in `"forecast":`: the week
 * from the account's priced days, its settings and curtailment as they are now. What the Tracker stores per
 * week (decision 0036); `forecastSuffix` completes it.
 */
export async function weekJsonPrefixFor(
  db: Database,
  account: AccountRow,
  weekStart: string,
  today: string,
): Promise<string> {
  const [week, curtailment] = await readTogether(db, [
    () => weekOf(db, account, weekStart, today),
    () => curtailmentFor(db, account, weekStart),
  ]);
  const { metadata, previous_week, next_week, current_week } = week.head;
  const currentHead = JSON.stringify({
    ...current_week,
    insights: { ...current_week.insights, solar_curtailment: curtailment },
  });
  // HTML-safe, so that a page can carry the stored week as its bytes (decision 0050).
  return htmlSafeJson(
    `{"customer":${JSON.stringify(toCustomer(account))},"metadata":${JSON.stringify(metadata)},` +
      `"previous_week":${JSON.stringify(previous_week)},"next_week":${JSON.stringify(next_week)},` +
      `"current_week":${currentHead.slice(0, -1)},"intervals":${week.intervalsJson}},"forecast":`,
  );
}

/** The end of the usage response: the forecast of the day, and the brace that closes the answer (HTML-safe). */
export const forecastSuffix = (forecast: Forecast) => htmlSafeJson(`${JSON.stringify(forecast)}}`);

/**
 * The usage response (docs/api.md#entities) built from scratch as JSON text: the week, its settings,
 * curtailment and forecast as they are now. Same fields as `usageResponseSchema`. `source` is the usage version
 * it is built at, once its priced days are current (`usageSourceOf`).
 */
export async function usageJsonFor(
  db: Database,
  account: AccountRow,
  from: string | undefined,
  today: string = marketToday(),
  source?: UsageSource,
): Promise<string> {
  const weekStart = mondayOf(from ?? today);
  // Its priced days current first (the caller may have seen to it: `source`).
  if (!source) await usageSourceOf(db, account.id);
  const [prefix, forecast] = await readTogether(db, [
    () => weekJsonPrefixFor(db, account, weekStart, today),
    () => forecastFor(db, account, today),
  ]);
  return prefix + forecastSuffix(forecast);
}

/** The usage response as an object (the email snapshots read a week's figures from it). */
export async function usageFor(
  db: Database,
  account: AccountRow,
  from: string | undefined,
  today: string = marketToday(),
): Promise<UsageResponse> {
  return JSON.parse(await usageJsonFor(db, account, from, today)) as UsageResponse;
}
