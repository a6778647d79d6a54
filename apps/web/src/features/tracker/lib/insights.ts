/** Insights in words (docs/api.md#entities, docs/rules.md#limits): trends, curtailment rounding and the Solar Advantage welcome. */
import {
  formatCurrency,
  formatMessage,
  type SolarCurtailment,
  type Trend,
  trackerCopy,
  type WeeklyInsights,
} from '@portal/contracts';

/** How far value_to_times is from 1, as a whole percentage (1.25 is 25, 0.8 is 20). */
export function trendPercent(trend: Trend): number {
  return Math.round(Math.abs(trend.value_to_times - 1) * 100);
}

/**
 * "25% more than your weekly average", "20% less than ...", "About the same as ..."; for a week in progress,
 * what is compared: "9% more than $15.98, your weekly average for 2 of 7 days".
 */
export function weeklyTrendText(trend: Trend, basis: WeeklyInsights['trend_basis'] = null): string {
  const percent = trendPercent(trend);
  const direction = trendDirection(trend);
  if (basis && basis.days < 7) {
    const values = { percent, amount: formatCurrency(basis.spend), days: basis.days };
    if (direction === 'up') return formatMessage(trackerCopy.trendUpSoFar, values);
    if (direction === 'down') return formatMessage(trackerCopy.trendDownSoFar, values);
    return formatMessage(trackerCopy.trendStableSoFar, values);
  }
  if (direction === 'up') return formatMessage(trackerCopy.trendUp, { percent });
  if (direction === 'down') return formatMessage(trackerCopy.trendDown, { percent });
  return trackerCopy.trendStable;
}

export function dailyTrendText(trend: Trend, day: string): string {
  const percent = trendPercent(trend);
  if (trend.up && percent > 0) return formatMessage(trackerCopy.dayTrendUp, { percent, day });
  if (trend.down && percent > 0) return formatMessage(trackerCopy.dayTrendDown, { percent, day });
  return formatMessage(trackerCopy.dayTrendStable, { day });
}

export type TrendDirection = 'up' | 'down' | 'stable';
export function trendDirection(trend: Trend): TrendDirection {
  if (trend.up && trendPercent(trend) > 0) return 'up';
  if (trend.down && trendPercent(trend) > 0) return 'down';
  return 'stable';
}

/** Curtailed hours to the nearest half hour (docs/rules.md#limits). */
export function roundToHalfHour(hours: number): number {
  return Math.round(hours * 2) / 2;
}

/** Curtailed energy to 2 decimals (docs/rules.md#limits). */
export function formatCurtailedKwh(kwh: number): string {
  return (Math.round(kwh * 100) / 100).toFixed(2);
}

/** Hours as "3", "3.5" (never "3.0"). */
export function formatHours(hours: number): string {
  const rounded = roundToHalfHour(hours);
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** The helper of docs/api.md#entities: the trial applies and its welcome has not been seen yet. */
export function showSolarAdvantageWelcome(curtailment: SolarCurtailment | null): boolean {
  return curtailment?.applicable === true && !curtailment.welcome_banner;
}
