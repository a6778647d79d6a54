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
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/index.ts';
import type { AccountRow } from '../../db/schema.ts';
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
import { AVERAGE_WEEKS, buildUsageResponse, type DayQuality, LOOKBACK_WEEKS } from './week.ts';

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
 * The quarter's forecast changes only when a day passes or data arrives, and reads a year and more of
 * history, so it is kept per account for a few minutes (the most recently used 10,000 accounts).
 */
const FORECAST_TTL_MS = 10 * 60_000;
const forecastCache = new LRUCache<string, { today: string; slots: string; forecast: Forecast }>({
  max: 10_000,
  ttl: FORECAST_TTL_MS,
});

/** The Happy Hours free windows of each date, from the account's slot history (none when it has none). */
function freeWindowsOf(slots: readonly SlotHistoryEntry[]): ((date: string) => FreeWindow[]) | undefined {
  return slots.length === 0 ? undefined : (date) => freeWindowsOn(slots, date);
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

/**
 * Prices complete days of stored reads (the Tracker, the forecast and the email snapshots all price here):
 * usage charges inside the Happy Hours slot in force on a weekday are free (design §4.3, §4.7).
 */
export function priceAccountDays(reads: readonly StoredDayRead[], { assignments, slots }: AccountPricing) {
  return priceDays({ reads: reads.map(toChannelDay), assignments, freeWindowsFor: freeWindowsOf(slots) });
}

export async function forecastFor(
  db: Database,
  account: AccountRow,
  { assignments, slots }: AccountPricing,
  today: string,
): Promise<Forecast> {
  // A Happy Hours slot change reprices days, so the cached forecast is valid only for the same slot history.
  const slotKey = slots.map((entry) => `${entry.effectiveDate}=${entry.slot}`).join(',');
  const cached = forecastCache.get(account.id);
  if (cached && cached.today === today && cached.slots === slotKey) return cached.forecast;
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
  forecastCache.set(account.id, { today, slots: slotKey, forecast });
  return forecast;
}

/** Forgets cached forecasts (after an import or a tariff change in the same process, and in tests). */
export function clearForecastCache(): void {
  forecastCache.clear();
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

export async function usageFor(
  db: Database,
  account: AccountRow,
  from: string | undefined,
  today: string = marketToday(),
): Promise<UsageResponse> {
  const weekStart = mondayOf(from ?? today);
  const pricing = await pricingOf(db, account.id);
  const [reads, forecast, curtailment] = await Promise.all([
    readsAround(db, account.nmi, weekStart),
    forecastFor(db, account, pricing, today),
    curtailmentFor(db, account, weekStart),
  ]);
  // Nothing after yesterday counts: a day is complete only once it is over.
  const complete = reads.filter((read) => read.readDate < today);
  const days = priceAccountDays(complete, pricing);
  const solarDates = new Set(complete.filter((read) => read.kind === 'export').map((read) => read.readDate));
  return buildUsageResponse({
    today,
    weekStart,
    customer: toCustomer(account),
    days,
    quality: qualityOf(complete),
    solarDates,
    forecast,
    curtailment,
  });
}
