/**
 * The day view's insights (docs/api.md#entities daily insights): the day's spend, how it relates to the hourly columns
 * (which hold usage less any solar credit; the supply charge and a concession are daily), its trend and its
 * biggest diversion. The server rounds the figures so that they add up as shown (docs/tracker-figures.md).
 */
import { type DayEntry, formatCurrency, formatMessage, trackerCopy } from '@portal/contracts';
import { dailyTrendText, trendDirection } from '../lib/insights.ts';

export function DayInsights({ day }: { day: DayEntry }) {
  const { trend, diversion } = day.insights;
  const { total_spend: total, grid_spend, solar_input, service_charge, concession } = day.data;
  if (total === null) return null;
  // In whole cents, so that the figures add up exactly as they are shown.
  const cents = (value: number | null) => Math.round((value ?? 0) * 100);
  const hours = (cents(grid_spend) - cents(solar_input)) / 100;
  const supply = cents(service_charge) / 100;
  const credit = cents(concession) / 100;
  return (
    <section className="tracker-card tracker-day-insights" aria-labelledby="day-insights-title">
      <h2 id="day-insights-title" className="visually-hidden">
        {trackerCopy.dayInsightsTitle}
      </h2>
      <div className="tracker-day-insights__spend">
        <p className="tracker-day-insights__label">{trackerCopy.daySpend}</p>
        <p className="tracker-day-insights__total" data-testid="day-spend">
          {formatCurrency(total)}
        </p>
        <p className="tracker-day-insights__breakdown" data-testid="day-breakdown">
          {formatMessage(credit > 0 ? trackerCopy.dayBreakdownConcession : trackerCopy.dayBreakdown, {
            hours: formatCurrency(hours),
            supply: formatCurrency(supply),
            concession: formatCurrency(credit),
          })}
        </p>
      </div>
      <div className="tracker-day-insights__notes">
        {trend && (
          <p className={`overview-trend overview-trend--${trendDirection(trend)}`}>
            {dailyTrendText(trend, day.interval_range.starts_at.day)}
          </p>
        )}
        {diversion && diversion.value !== 0 && (
          <p className="tracker-day-insights__diversion">
            {formatMessage(
              diversion.trend === 'more' ? trackerCopy.diversionMore : trackerCopy.diversionLess,
              {
                amount: formatCurrency(Math.abs(diversion.value)),
                period: diversion.period,
              },
            )}
          </p>
        )}
      </div>
    </section>
  );
}
