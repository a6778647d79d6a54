/** The day view's insights (spec §3 daily insights): the day's spend, its trend and its biggest diversion. */
import { type DayEntry, formatCurrency, formatMessage, trackerCopy } from '@portal/contracts';
import { dailyTrendText, trendDirection } from '../lib/insights.ts';

export function DayInsights({ day }: { day: DayEntry }) {
  const { trend, diversion } = day.insights;
  const total = day.data.total_spend;
  if (total === null) return null;
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
