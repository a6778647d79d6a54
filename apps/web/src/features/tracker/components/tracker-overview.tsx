/**
 * The Tracker overview panel (docs/screens.md, docs/api.md#entities): the week's spend against the budget, the weekly average and the
 * trend, the highest day, the solar credit and Solar Advantage curtailment for solar accounts, and the
 * projected quarterly bill, marked as a projection only (docs/product.md): everything the week's own answer holds,
 * so the panel is whole at the first paint. What arrives later is below the screen (tracker-insights.tsx).
 */
import {
  formatCurrency,
  formatDecimal,
  formatMessage,
  trackerCopy,
  type UsageResponse,
} from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { formatDayMonthYear, formatLongDate } from '../../../shared/lib/dates.ts';
import { useRecordSolarWelcome } from '../api/record-solar-welcome.ts';
import {
  formatCurtailedKwh,
  formatHours,
  showSolarAdvantageWelcome,
  trendDirection,
  weeklyTrendText,
} from '../lib/insights.ts';

import './tracker-overview.css';

function BudgetProgress({ spent, budget }: { spent: number; budget: number }) {
  if (budget <= 0) return <p className="overview-card__note">{trackerCopy.noBudget}</p>;
  const share = Math.min(1, Math.max(0, spent / budget));
  const over = spent > budget;
  return (
    <>
      <div className={over ? 'budget-bar is-over' : 'budget-bar'} aria-hidden="true">
        <span className="budget-bar__fill" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="overview-card__note">
        {formatMessage(trackerCopy.budgetProgress, {
          spent: formatCurrency(spent),
          budget: formatCurrency(budget, 0),
        })}
        {'. '}
        <strong className={over ? 'is-over' : undefined}>
          {over
            ? formatMessage(trackerCopy.budgetOver, { amount: formatCurrency(spent - budget) })
            : formatMessage(trackerCopy.budgetLeft, { amount: formatCurrency(budget - spent) })}
        </strong>
      </p>
    </>
  );
}

/** Up and down are arrows; about the same is "≈", not a triangle pointing right like the table's disclosure. */
const trendArrows = { up: '▲', down: '▼', stable: '≈' } as const;

/**
 * The Solar Advantage welcome shows while the server says it has not been seen; once shown it is recorded
 * as seen (like the hint cookie) but stays on screen for this visit.
 */
function useSolarWelcome(accountId: string, usage: UsageResponse): boolean {
  const [shown] = useState(() => showSolarAdvantageWelcome(usage.current_week.insights.solar_curtailment));
  const record = useRecordSolarWelcome(accountId);
  const recorded = useRef(false);
  const { mutate } = record;
  useEffect(() => {
    if (!shown || recorded.current) return;
    recorded.current = true;
    mutate();
  }, [shown, mutate]);
  return shown;
}

export function TrackerOverview({
  accountId,
  usage,
  isCurrentWeek,
}: {
  accountId: string;
  usage: UsageResponse;
  isCurrentWeek: boolean;
}) {
  const { insights } = usage.current_week;
  const { forecast, customer } = usage;
  const spent = insights.total_spend;
  const curtailment = insights.solar_curtailment;
  const welcome = useSolarWelcome(accountId, usage);

  return (
    <section className="tracker-overview" aria-labelledby="tracker-overview-title">
      <h2 id="tracker-overview-title">{trackerCopy.overviewTitle}</h2>
      <dl className="tracker-overview__grid">
        {spent !== null && (
          <div className="overview-card overview-card--spend">
            <dt>{isCurrentWeek ? trackerCopy.spendThisWeek : trackerCopy.spendThatWeek}</dt>
            <dd>
              <span className="overview-card__figure" data-testid="week-spend">
                {formatCurrency(spent)}
              </span>
              <BudgetProgress spent={spent} budget={customer.budget} />
            </dd>
          </div>
        )}

        {insights.weekly_average_spend !== null && (
          <div className="overview-card">
            <dt>{trackerCopy.weeklyAverage}</dt>
            <dd>
              <span className="overview-card__figure">{formatCurrency(insights.weekly_average_spend)}</span>
              <p className="overview-card__note">{trackerCopy.weeklyAverageNote}</p>
              {insights.trend && (
                <p
                  className={`overview-trend overview-trend--${trendDirection(insights.trend)}`}
                  data-testid="trend"
                >
                  <span aria-hidden="true">{trendArrows[trendDirection(insights.trend)]} </span>
                  {weeklyTrendText(insights.trend, insights.trend_basis)}
                </p>
              )}
            </dd>
          </div>
        )}

        {insights.max_spend && (
          <div className="overview-card">
            <dt>{trackerCopy.highestDay}</dt>
            <dd>
              <span className="overview-card__figure">{formatCurrency(insights.max_spend.value)}</span>
              <p className="overview-card__note">{formatLongDate(insights.max_spend.day)}</p>
            </dd>
          </div>
        )}

        {usage.metadata.has_solar && insights.solar_export !== null && (
          <div className="overview-card overview-card--solar">
            <dt>{trackerCopy.solarCredit}</dt>
            <dd>
              <span className="overview-card__figure">{formatCurrency(insights.solar_export)}</span>
              {insights.solar_export_kwh !== null && (
                <p className="overview-card__note">
                  {formatMessage(trackerCopy.solarExported, {
                    kwh: formatDecimal(insights.solar_export_kwh),
                  })}
                </p>
              )}
            </dd>
          </div>
        )}

        {usage.metadata.has_solar && curtailment?.applicable && (
          <div className="overview-card overview-card--solar overview-card--wide">
            <dt>{trackerCopy.solarAdvantage}</dt>
            <dd>
              {welcome && (
                <p className="overview-card__welcome" data-testid="solar-advantage-welcome">
                  {trackerCopy.solarAdvantageWelcome}
                </p>
              )}
              <p className="overview-card__note" data-testid="curtailment">
                {formatMessage(trackerCopy.curtailmentSummary, {
                  hours: formatHours(curtailment.cumulative_hours_curtailed),
                  kwh: formatCurtailedKwh(curtailment.cumulative_kwh_curtailed),
                  benefit: formatCurrency(curtailment.cumulative_benefit),
                })}
              </p>
            </dd>
          </div>
        )}

        <div className="overview-card overview-card--forecast overview-card--wide" data-testid="forecast">
          <dt>{trackerCopy.forecastTitle}</dt>
          <dd>
            <p className="overview-card__note">
              {formatMessage(trackerCopy.forecastPeriod, {
                start: formatDayMonthYear(forecast.quarter_start),
                end: formatDayMonthYear(forecast.quarter_end),
              })}
            </p>
            {forecast.projected_total !== null && (
              <span className="overview-card__figure">
                <span className="overview-card__tag">{trackerCopy.forecastProjection}</span>{' '}
                {formatCurrency(forecast.projected_total)}
              </span>
            )}
            <p className="overview-card__note">
              {formatMessage(trackerCopy.forecastSpendToDate, {
                amount: formatCurrency(forecast.spend_to_date),
              })}
              {'. '}
              {forecast.method}.
            </p>
            <p className="overview-card__disclaimer">{trackerCopy.forecastDisclaimer}</p>
          </dd>
        </div>
      </dl>
    </section>
  );
}
