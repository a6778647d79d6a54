/**
 * The figures of one email snapshot (docs/email-snapshots.md), from the same computation the Tracker shows: a weekly
 * snapshot is the Tracker's own week (`usageFor`: total, 4-week average, trend, highest day, solar credit,
 * forecast), so the email and the page it links to agree to the cent; a monthly snapshot sums the month's
 * priced days (decision 0021: the same spend engine, Happy Hours included). Pricing is never done here.
 */
import {
  addDays,
  daysBetween,
  type EmailFrequency,
  eachDate,
  type Forecast,
  type MoneyParts,
  type SimilarHomes,
  weekStart,
} from '@portal/contracts';
import type { Database } from '../../db/index.ts';
import { readTogether } from '../../db/read-together.ts';
import type { AccountRow } from '../../db/schema.ts';
import {
  dollars,
  type Money,
  meanMoney,
  microKwhToKwh,
  moneyRatio,
  sumMoney,
  toDollars,
} from '../billing/money.ts';
import type { DayParts } from '../billing/money-parts.ts';
import { storedDays } from '../billing/priced-days-reads.ts';
import type { DaySpend } from '../billing/spend.ts';
import { similarHomesFor } from '../tracker/similar-homes-batch.ts';
import { forecastFor, usageFor, usageSourceOf } from '../tracker/usage-service.ts';
import {
  moneyPartsOf,
  type ShownDay,
  shownDay,
  shownDayParts,
  sumShownParts,
  TREND_THRESHOLD,
  WEEKLY_AVERAGE_WEEKS,
} from '../tracker/week.ts';
import { periodsBefore, type SnapshotPeriod, samePeriodLastYear } from './schedule.ts';

/** A monthly snapshot compares the month with the mean of this many previous months with data. */
export const MONTHLY_AVERAGE_MONTHS = 3;

export interface SnapshotFigures {
  frequency: EmailFrequency;
  period: SnapshotPeriod;
  daysInPeriod: number;
  daysWithData: number;
  /** Dollars: usage + supply - solar credit - concession, as on the Tracker. */
  totalSpend: number;
  usageKwh: number;
  /** The mean of the previous 4 weeks (weekly) or 3 months (monthly) with data; null without history. */
  average: number | null;
  averageOver: number;
  trend: 'up' | 'down' | 'stable' | null;
  /** The same period a year earlier, when it has data. */
  lastYear: number | null;
  budget: { weekly: number; forPeriod: number; share: number; overBy: number | null } | null;
  highestDay: { date: string; spend: number } | null;
  solar: { credit: number; kwh: number } | null;
  forecast: Forecast | null;
  /** Where the money went, as Tracker shows it for the week (or the month's days summed); null without. */
  moneyParts: MoneyParts | null;
  /** Similar homes as the Tracker shows them (issue 28 item 3). */
  similarHomes: SimilarHomes | null;
  /** The Monday of the Tracker week the email links to. */
  trackerWeek: string;
}

const trendOf = (ratio: number | null): SnapshotFigures['trend'] =>
  ratio === null
    ? null
    : ratio > 1 + TREND_THRESHOLD
      ? 'up'
      : ratio < 1 - TREND_THRESHOLD
        ? 'down'
        : 'stable';

function budgetOf(weeklyBudget: number, days: number, total: number): SnapshotFigures['budget'] {
  if (weeklyBudget <= 0) return null;
  // The weekly budget spread over the period's days (a month of 30 days is 30/7 weeks), in exact money.
  const forPeriod = toDollars((dollars(String(weeklyBudget)) * BigInt(days)) / 7n);
  return {
    weekly: weeklyBudget,
    forPeriod,
    share: Math.round((total / forPeriod) * 100) / 100,
    overBy: total > forPeriod ? Math.round((total - forPeriod) * 100) / 100 : null,
  };
}

/** Sums of the days of one period as the Tracker shows them; null when none of its days has data. */
export function periodTotals(
  days: ReadonlyMap<string, DaySpend>,
  period: SnapshotPeriod,
  parts?: ReadonlyMap<string, DayParts>,
) {
  const priced = eachDate(period.start, period.end).flatMap((date) => {
    const day = days.get(date);
    return day ? [day] : [];
  });
  if (priced.length === 0) return null;
  // The days as the Tracker shows them (whole cents that add up), so the email and the Tracker agree.
  const shown = priced.map((day) => ({ date: day.date, ...shownDay(day) }));
  const highest = shown.reduce((best, day) => (day.totalSpend > best.totalSpend ? day : best));
  return {
    days: priced.length,
    total: sumMoney(shown.map((day) => day.totalSpend)),
    usageMicroKwh: priced.reduce((sum, day) => sum + day.usageMicroKwh, 0),
    solarInput: sumMoney(shown.map((day) => day.solarInput)),
    solarMicroKwh: priced.reduce((sum, day) => sum + day.solarMicroKwh, 0),
    highest,
    // Each day's parts as Tracker shows them, summed: they add up to `total` (docs/tracker-figures.md).
    moneyParts: parts
      ? moneyPartsOf(
          sumShownParts(
            priced.map((day, index) =>
              shownDayParts(day, shown[index] as ShownDay, parts.get(day.date) ?? null),
            ),
          ),
        )
      : null,
  };
}

async function weeklyFigures(
  db: Database,
  account: AccountRow,
  period: SnapshotPeriod,
  today: string,
): Promise<SnapshotFigures | null> {
  const [usage, lastYearUsage, similarHomes] = await readTogether(db, [
    () => usageFor(db, account, period.start, today),
    () => usageFor(db, account, samePeriodLastYear(period).start, today),
    () => similarHomesFor(db, account),
  ]);
  const week = usage.current_week;
  const insights = week.insights;
  if (insights.total_spend === null) return null;
  const daysWithData = week.intervals.filter((day) => day.data.total_spend !== null).length;
  const trend = insights.trend;
  return {
    frequency: 'weekly',
    period,
    daysInPeriod: 7,
    daysWithData,
    totalSpend: insights.total_spend,
    usageKwh: insights.usage_kwh ?? 0,
    average: insights.weekly_average_spend,
    averageOver: WEEKLY_AVERAGE_WEEKS,
    trend: trend ? (trend.up ? 'up' : trend.down ? 'down' : 'stable') : null,
    lastYear: lastYearUsage.current_week.insights.total_spend,
    budget: budgetOf(account.spendTarget, 7, insights.total_spend),
    highestDay: insights.max_spend ? { date: insights.max_spend.day, spend: insights.max_spend.value } : null,
    solar:
      insights.solar_export !== null && (insights.solar_export_kwh ?? 0) > 0
        ? { credit: insights.solar_export, kwh: insights.solar_export_kwh ?? 0 }
        : null,
    forecast: usage.forecast,
    moneyParts: insights.money_parts,
    similarHomes,
    trackerWeek: period.start,
  };
}

async function monthlyFigures(
  db: Database,
  account: AccountRow,
  period: SnapshotPeriod,
  today: string,
): Promise<SnapshotFigures | null> {
  const previous = periodsBefore(period, MONTHLY_AVERAGE_MONTHS * 2);
  const lastYear = samePeriodLastYear(period);
  const earliest = previous[previous.length - 1]?.start ?? period.start;
  // The account's priced days current before they are read.
  await usageSourceOf(db, account.id);
  const [recent, lastYearDays, forecast, similarHomes] = await readTogether(db, [
    () => storedDays(db, account, earliest, period.end),
    () => storedDays(db, account, lastYear.start, lastYear.end),
    () => forecastFor(db, account, today),
    () => similarHomesFor(db, account),
  ]);
  // Nothing from today on counts: a day is complete only once it is over.
  const days = new Map<string, DaySpend>();
  const parts = new Map<string, DayParts>();
  for (const day of [...recent, ...lastYearDays]) {
    if (!day.spend || day.date >= today) continue;
    days.set(day.date, day.spend);
    if (day.parts) parts.set(day.date, day.parts);
  }
  const totals = periodTotals(days, period, parts);
  if (!totals) return null;
  const history: Money[] = [];
  for (const earlier of previous) {
    if (history.length === MONTHLY_AVERAGE_MONTHS) break;
    const found = periodTotals(days, earlier);
    if (found) history.push(found.total);
  }
  const average = meanMoney(history);
  const ratio = average !== null && average > 0n ? moneyRatio(totals.total, average) : null;
  const lastYearTotals = periodTotals(days, lastYear);
  const total = toDollars(totals.total);
  const daysInPeriod = daysBetween(period.start, period.end) + 1;
  return {
    frequency: 'monthly',
    period,
    daysInPeriod,
    daysWithData: totals.days,
    totalSpend: total,
    usageKwh: microKwhToKwh(totals.usageMicroKwh),
    average: average === null ? null : toDollars(average),
    averageOver: history.length,
    trend: trendOf(ratio),
    lastYear: lastYearTotals ? toDollars(lastYearTotals.total) : null,
    budget: budgetOf(account.spendTarget, daysInPeriod, total),
    highestDay: { date: totals.highest.date, spend: toDollars(totals.highest.totalSpend) },
    solar:
      totals.solarMicroKwh > 0
        ? { credit: toDollars(totals.solarInput), kwh: microKwhToKwh(totals.solarMicroKwh, 2) }
        : null,
    forecast,
    moneyParts: totals.moneyParts,
    similarHomes,
    trackerWeek: weekStart(addDays(period.end, 0)),
  };
}

/** The snapshot's figures, or null when the period has no meter data at all. */
export async function snapshotFigures(
  db: Database,
  account: AccountRow,
  period: SnapshotPeriod,
  today: string,
): Promise<SnapshotFigures | null> {
  return period.frequency === 'weekly'
    ? weeklyFigures(db, account, period, today)
    : monthlyFigures(db, account, period, today);
}
