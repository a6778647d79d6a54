/**
 * Loads what one week's usage response needs (reads, tariffs, the forecast) and hands it to `week.ts`. Reads
 * come from AVERAGE_WEEKS before the week (averages) to the end of the week after it (the next arrow), and
 * from LOOKBACK_WEEKS before it when those weeks have gaps (averages skip days without data).
 */
import {
  addDays,
  type Forecast,
  marketToday,
  weekStart as mondayOf,
  type UsageResponse,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { type AccountRow, usageVersions } from '../../db/schema.ts';
import { toCustomer } from '../accounts/routes.ts';
import {
  dailyTotals,
  FORECAST_LOOKBACK_WEEKS,
  FORECAST_YEAR_DAYS,
  forecastQuarter,
} from '../billing/forecast.ts';
import { toDollars } from '../billing/money.ts';
import { type ChannelDay, priceDays } from '../billing/spend.ts';
import {
  type FreeWindow,
  freeWindowFromSlot,
  freeWindowsOn,
  type TariffAssignment,
} from '../billing/tariff.ts';
import { tariffAssignmentsOf } from '../billing/tariff-store.ts';
import { energyReadsForNmi, type StoredDayRead } from '../meter-data/queries.ts';
import { type SlotHistoryEntry, slotHistory } from '../offers/happy-hours.ts';
import { curtailmentFor } from './curtailment.ts';
import { AVERAGE_WEEKS, buildUsageWeek, type DayQuality, LOOKBACK_WEEKS, type UsageWeek } from './week.ts';

const toChannelDay = (read: StoredDayRead): ChannelDay & { date: string } => ({
  date: read.readDate,
  suffix: read.suffix,
  kind: read.kind as ChannelDay['kind'],
  intervalMinutes: read.intervalMinutes,
  values: read.intervalValues,
  quality: read.quality,
});

/** The share of each day's and hour's import intervals that are not actual reads. */
export function qualityOf(reads: readonly StoredDayRead[]): Map<string, DayQuality> {
  const counts = new Map<string, { day: [number, number]; hours: [number, number][] }>();
  for (const read of reads) {
    if (read.kind !== 'import') continue;
    let entry = counts.get(read.readDate);
    if (!entry) {
      entry = { day: [0, 0], hours: Array.from({ length: 24 }, () => [0, 0] as [number, number]) };
      counts.set(read.readDate, entry);
    }
    for (let i = 0; i < read.quality.length; i++) {
      const estimated = read.quality.charCodeAt(i) === 65 /* A */ ? 0 : 1;
      const hour = entry.hours[Math.floor((i * read.intervalMinutes) / 60)] as [number, number];
      hour[0] += estimated;
      hour[1]++;
      entry.day[0] += estimated;
      entry.day[1]++;
    }
  }
  const shares = new Map<string, DayQuality>();
  for (const [date, entry] of counts) {
    const share = ([estimated, total]: [number, number]) =>
      total === 0 ? 0 : Math.round((estimated / total) * 100) / 100;
    shares.set(date, { day: share(entry.day), hours: entry.hours.map(share) });
  }
  return shares;
}

/**
 * The account's usage version: raised by the database whenever its reads, tariffs or Happy Hours slots change
 * (migration 0007, decision 0019); 0 before anything raised it. What is computed from those is kept for
 * the version it was computed at.
 */
export async function usageVersionOf(db: Database, accountId: string): Promise<number> {
  const statement = preparedOn(db, 'usage_version', (on) =>
    on
      .select({ version: usageVersions.version })
      .from(usageVersions)
      .where(eq(usageVersions.accountId, sql.placeholder('accountId')))
      .prepare('usage_version'),
  );
  const [row] = await statement.execute({ accountId });
  return row?.version ?? 0;
}

/** An account's usage version, and its pricing, loaded only when something has to be computed again. */
export interface UsageSource {
  version: number;
  pricing: () => Promise<AccountPricing>;
}

export async function usageSourceOf(db: Database, accountId: string): Promise<UsageSource> {
  const version = await usageVersionOf(db, accountId);
  let pricing: Promise<AccountPricing> | undefined;
  return { version, pricing: () => (pricing ??= pricingOf(db, accountId)) };
}

/** What prices an account's days: its tariffs over time and its Happy Hours slots over time. */
export interface AccountPricing {
  assignments: readonly TariffAssignment[];
  slots: readonly SlotHistoryEntry[];
}

export async function pricingOf(db: Database, accountId: string): Promise<AccountPricing> {
  const [assignments, slots] = await Promise.all([
    tariffAssignmentsOf(db, accountId),
    slotHistory(db, accountId),
  ]);
  return { assignments, slots };
}

/** The Happy Hours free windows of each date, from the account's slot history (none when it has none). */
function freeWindowsOf(slots: readonly SlotHistoryEntry[]): ((date: string) => FreeWindow[]) | undefined {
  return slots.length === 0 ? undefined : (date) => freeWindowsOn(slots, date);
}

/**
 * Prices complete days of stored reads (the Tracker, the forecast and the email snapshots all price here):
 * usage charges inside the Happy Hours slot in force on a weekday are free (design §4.3, §4.7).
 */
export function priceAccountDays(reads: readonly StoredDayRead[], { assignments, slots }: AccountPricing) {
  return priceDays({ reads: reads.map(toChannelDay), assignments, freeWindowsFor: freeWindowsOf(slots) });
}

/**
 * The quarter's forecast changes only when a day passes or the account's data changes, and reads a year and
 * more of history, so it is kept per account (the most recently used 10,000) for its usage version and day.
 */
const forecastCache = new LRUCache<string, { today: string; version: number; forecast: Forecast }>({
  max: 10_000,
});

export async function forecastFor(
  db: Database,
  account: AccountRow,
  source: UsageSource,
  today: string,
): Promise<Forecast> {
  const cached = forecastCache.get(account.id);
  if (cached && cached.today === today && cached.version === source.version) return cached.forecast;
  const { assignments, slots } = await source.pricing();
  // Last year's remaining quarter (up to 92 days) and the base weeks before it, a year back.
  const from = addDays(today, -(FORECAST_YEAR_DAYS + 92 + FORECAST_LOOKBACK_WEEKS * 7));
  const reads = await energyReadsForNmi(db, account.nmi, from, addDays(today, -1));
  const channelDays = reads.map(toChannelDay);
  const history = dailyTotals(priceAccountDays(reads, { assignments, slots }).values());
  // The days to come are free in the slot chosen last (from the next weekday): the projection is priced so,
  // which is how a new sign-up or slot change shows in the Tracker's numbers before its first free day.
  const latest = slots.at(-1);
  const projectionHistory = latest
    ? dailyTotals(
        priceDays({
          reads: channelDays,
          assignments,
          freeWindowsFor: () => [freeWindowFromSlot(latest.slot)],
        }).values(),
      )
    : undefined;
  const result = forecastQuarter({ history, today, projectionHistory });
  const forecast: Forecast = {
    quarter_start: result.quarterStart,
    quarter_end: result.quarterEnd,
    spend_to_date: toDollars(result.spendToDate),
    projected_total: result.projectedTotal === null ? null : toDollars(result.projectedTotal),
    days_with_data: result.daysWithData,
    days_projected: result.daysProjected,
    method: result.method,
  };
  forecastCache.set(account.id, { today, version: source.version, forecast });
  return forecast;
}

/**
 * Weeks already built, as the JSON of their 168 hours (most of a 72 KB answer) and the rest as objects: a
 * customer opens this week from the weekly email, then steps back through recent weeks. Kept by size (the
 * most recently used up to 128 MB) for the account's usage version and the day (a day passing completes one).
 */
interface CachedWeek {
  version: number;
  today: string;
  head: Omit<UsageWeek, 'current_week'> & { current_week: Omit<UsageWeek['current_week'], 'intervals'> };
  intervalsJson: string;
}
const WEEK_CACHE_BYTES = 128 * 2 ** 20;
const weekCache = new LRUCache<string, CachedWeek>({
  maxSize: WEEK_CACHE_BYTES,
  // Characters of the JSON (one byte each: it is ASCII) and about 2 KB for the head's objects.
  sizeCalculation: (week) => week.intervalsJson.length + 2048,
});

/** Forgets cached forecasts and weeks (tests that change data behind the triggers' back). */
export function clearUsageCaches(): void {
  forecastCache.clear();
  weekCache.clear();
}

/**
 * The reads of a week's response. The averages take the same weekday of the previous AVERAGE_WEEKS weeks that
 * have data; when every day of those weeks has data, older weeks cannot change a number and are not read.
 */
async function readsAround(db: Database, nmi: string, weekStart: string): Promise<StoredDayRead[]> {
  const nearStart = addDays(weekStart, -7 * AVERAGE_WEEKS);
  const reads = await energyReadsForNmi(db, nmi, nearStart, addDays(weekStart, 13));
  const importDates = new Set(reads.filter((read) => read.kind === 'import').map((read) => read.readDate));
  let complete = true;
  for (let date = nearStart; date < weekStart && complete; date = addDays(date, 1)) {
    complete = importDates.has(date);
  }
  if (complete) return reads;
  const older = await energyReadsForNmi(
    db,
    nmi,
    addDays(weekStart, -7 * LOOKBACK_WEEKS),
    addDays(nearStart, -1),
  );
  return [...older, ...reads];
}

/** The week around `weekStart` from the cache, or built from the account's reads and pricing. */
async function weekOf(
  db: Database,
  account: AccountRow,
  weekStart: string,
  today: string,
  source: UsageSource,
): Promise<CachedWeek> {
  const key = `${account.id}/${weekStart}`;
  const cached = weekCache.get(key);
  if (cached && cached.version === source.version && cached.today === today) return cached;
  const [pricing, reads] = await Promise.all([source.pricing(), readsAround(db, account.nmi, weekStart)]);
  // Nothing after yesterday counts: a day is complete only once it is over.
  const complete = reads.filter((read) => read.readDate < today);
  const { current_week, ...rest } = buildUsageWeek({
    today,
    weekStart,
    days: priceAccountDays(complete, pricing),
    quality: qualityOf(complete),
    solarDates: new Set(complete.filter((read) => read.kind === 'export').map((read) => read.readDate)),
    // The account's own, added to every answer (curtailmentFor): null here.
    curtailment: null,
  });
  const { intervals, ...currentHead } = current_week;
  const week: CachedWeek = {
    version: source.version,
    today,
    head: { ...rest, current_week: currentHead },
    intervalsJson: JSON.stringify(intervals),
  };
  weekCache.set(key, week);
  return week;
}

/**
 * The usage response (spec §3) as JSON text: the week's hours from the cache as they were serialized, the
 * account's settings, curtailment and forecast as they are now. Same fields as `usageResponseSchema`.
 */
export async function usageJsonFor(
  db: Database,
  account: AccountRow,
  from: string | undefined,
  today: string = marketToday(),
): Promise<string> {
  const weekStart = mondayOf(from ?? today);
  const source = await usageSourceOf(db, account.id);
  const [week, forecast, curtailment] = await Promise.all([
    weekOf(db, account, weekStart, today, source),
    forecastFor(db, account, source, today),
    curtailmentFor(db, account, weekStart),
  ]);
  const { metadata, previous_week, next_week, current_week } = week.head;
  const currentHead = JSON.stringify({
    ...current_week,
    insights: { ...current_week.insights, solar_curtailment: curtailment },
  });
  return (
    `{"customer":${JSON.stringify(toCustomer(account))},"metadata":${JSON.stringify(metadata)},` +
    `"previous_week":${JSON.stringify(previous_week)},"next_week":${JSON.stringify(next_week)},` +
    `"current_week":${currentHead.slice(0, -1)},"intervals":${week.intervalsJson}},` +
    `"forecast":${JSON.stringify(forecast)}}`
  );
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
