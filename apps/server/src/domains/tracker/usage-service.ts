/**
 * Loads what one week's usage response needs (reads, tariffs, the forecast) and hands it to `week.ts`. Reads
 * come from LOOKBACK_WEEKS before the week (averages) to the end of the week after it (the next arrow).
 */
import {
  addDays,
  type Forecast,
  marketToday,
  weekStart as mondayOf,
  type UsageResponse,
} from '@portal/contracts';
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
import type { TariffAssignment } from '../billing/tariff.ts';
import { tariffAssignmentsOf } from '../billing/tariff-store.ts';
import { energyReadsForNmi, type StoredDayRead } from '../meter-data/queries.ts';
import { curtailmentFor } from './curtailment.ts';
import { buildUsageResponse, type DayQuality, LOOKBACK_WEEKS } from './week.ts';

export const toChannelDay = (read: StoredDayRead): ChannelDay & { date: string } => ({
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
 * history, so it is kept per account for a few minutes.
 */
const FORECAST_TTL_MS = 10 * 60_000;
const forecastCache = new Map<string, { today: string; expires: number; forecast: Forecast }>();

export async function forecastFor(
  db: Database,
  account: AccountRow,
  assignments: readonly TariffAssignment[],
  today: string,
): Promise<Forecast> {
  const cached = forecastCache.get(account.id);
  if (cached && cached.today === today && cached.expires > Date.now()) return cached.forecast;
  // Last year's remaining quarter (up to 92 days) and the base weeks before it, a year back.
  const from = addDays(today, -(FORECAST_YEAR_DAYS + 92 + FORECAST_LOOKBACK_WEEKS * 7));
  const reads = await energyReadsForNmi(db, account.nmi, from, addDays(today, -1));
  const history = dailyTotals(priceDays({ reads: reads.map(toChannelDay), assignments }).values());
  const result = forecastQuarter({ history, today });
  const forecast: Forecast = {
    quarter_start: result.quarterStart,
    quarter_end: result.quarterEnd,
    spend_to_date: toDollars(result.spendToDate),
    projected_total: result.projectedTotal === null ? null : toDollars(result.projectedTotal),
    days_with_data: result.daysWithData,
    days_projected: result.daysProjected,
    method: result.method,
  };
  if (forecastCache.size > 10_000) forecastCache.clear();
  forecastCache.set(account.id, { today, expires: Date.now() + FORECAST_TTL_MS, forecast });
  return forecast;
}

/** Forgets cached forecasts (after an import or a tariff change in the same process, and in tests). */
export function clearForecastCache(): void {
  forecastCache.clear();
}

export async function usageFor(
  db: Database,
  account: AccountRow,
  from: string | undefined,
  today: string = marketToday(),
): Promise<UsageResponse> {
  const weekStart = mondayOf(from ?? today);
  const assignments = await tariffAssignmentsOf(db, account.id);
  const [reads, forecast, curtailment] = await Promise.all([
    energyReadsForNmi(db, account.nmi, addDays(weekStart, -7 * LOOKBACK_WEEKS), addDays(weekStart, 13)),
    forecastFor(db, account, assignments, today),
    curtailmentFor(db, account, weekStart),
  ]);
  // Nothing after yesterday counts: a day is complete only once it is over.
  const complete = reads.filter((read) => read.readDate < today);
  const days = priceDays({ reads: complete.map(toChannelDay), assignments });
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
