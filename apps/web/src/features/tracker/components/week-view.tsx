/**
 * The Tracker's week view: seven daily columns, the overview above them, the budget form below, and last what
 * arrives after the first paint (tracker-insights.tsx).
 */
import { formatMessage, messages, paths, trackerCopy, truncate } from '@portal/contracts';
import { budgetPerDay } from '../lib/chart-model.ts';
import { weekColumnLabels } from '../lib/column-labels.ts';
import { formatWeekRange } from '../lib/dates.ts';
import { weekNavigation } from '../lib/navigation.ts';
import { BudgetForm } from './budget-form.tsx';
import { TrackerInsights } from './tracker-insights.tsx';
import { TrackerOverview } from './tracker-overview.tsx';
import type { TrackerView, TrackerViewInput } from './tracker-view.ts';

export function weekView({
  accountId,
  from,
  data,
  unit,
  isCurrentWeek,
  offerCard,
}: TrackerViewInput): TrackerView {
  const days = data?.current_week.intervals ?? [];
  const heading = formatWeekRange(from);
  return {
    view: 'week',
    entries: days,
    nav: data ? weekNavigation(accountId, from, data) : { previous: null, next: null },
    heading,
    chartTitle: formatMessage(
      unit === 'dollars' ? trackerCopy.weekChartTitle : trackerCopy.weekChartTitleKwh,
      { range: heading, date: heading },
    ),
    totalSpend: data?.current_week.insights.total_spend,
    noDataMessage: messages.weekNoData,
    previousLabel: trackerCopy.previousWeek,
    nextLabel: trackerCopy.nextWeek,
    columnLabels: (columns) => weekColumnLabels(days, columns, unit),
    budgetPerDay: unit === 'dollars' ? budgetPerDay(data?.customer.budget ?? 0) : null,
    actionLabel: trackerCopy.viewDay,
    columnHref: (index) => paths.usage.href(accountId, from, index),
    rowName: (index) => {
      const start = days[index]?.interval_range.starts_at;
      return start ? `${start.day} ${start.date} ${start.month}` : '';
    },
    shortRowName: (index) => {
      const start = days[index]?.interval_range.starts_at;
      return start ? `${truncate(start.day)} ${start.date} ${truncate(start.month)}` : '';
    },
    above: data && <TrackerOverview accountId={accountId} usage={data} isCurrentWeek={isCurrentWeek} />,
    below: data && (
      <TrackerInsights
        accountId={accountId}
        business={data.customer.market_segment === 'sme'}
        offerCard={offerCard}
      />
    ),
    headerAction: null,
    showsHint: true,
    footnote: null,
    moneyParts:
      data?.current_week.insights.money_parts && data.current_week.insights.total_spend !== null
        ? {
            parts: data.current_week.insights.money_parts,
            total: data.current_week.insights.total_spend,
            range: heading,
            daysWithData: days.filter((day) => day.data.total_spend !== null).length,
          }
        : null,
    forms: data && <BudgetForm accountId={accountId} savedBudget={data.customer.budget} />,
  };
}
