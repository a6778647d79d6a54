/**
 * The Tracker's day view: 24 hourly columns of one day of the week's answer, the day's insights above them,
 * the way back to the week in the header and the AEST note below.
 */
import { addDays, formatMessage, messages, paths, trackerCopy } from '@portal/contracts';
import { formatLongDate } from '../../../shared/lib/dates.ts';
import { dayColumnLabels, hourLabel } from '../lib/column-labels.ts';
import { dayNavigation } from '../lib/navigation.ts';
import { DayInsights } from './day-insights.tsx';
import type { TrackerView, TrackerViewInput } from './tracker-view.ts';

export function dayView(
  { accountId, from, data, unit, navigate }: TrackerViewInput,
  day: number,
): TrackerView {
  const dayEntry = data?.current_week.intervals[day];
  const hours = dayEntry?.intervals ?? [];
  const heading = formatLongDate(addDays(from, day), true);
  return {
    view: 'day',
    entries: hours,
    nav: data ? dayNavigation(accountId, from, day, data) : { previous: null, next: null },
    heading,
    chartTitle: formatMessage(unit === 'dollars' ? trackerCopy.dayChartTitle : trackerCopy.dayChartTitleKwh, {
      range: heading,
      date: heading,
    }),
    totalSpend: dayEntry?.data.total_spend,
    noDataMessage: messages.dayNoData,
    previousLabel: trackerCopy.previousDay,
    nextLabel: trackerCopy.nextDay,
    columnLabels: (columns) => dayColumnLabels(hours, columns, unit),
    budgetPerDay: null,
    actionLabel: trackerCopy.viewWeek,
    columnHref: () => paths.usage.href(accountId, from),
    rowName: (index) => {
      const hour = hours[index];
      return hour ? hourLabel(hour) : '';
    },
    above: dayEntry && <DayInsights day={dayEntry} />,
    headerAction: (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => navigate(paths.usage.href(accountId, from))}
      >
        {trackerCopy.weekZoom}
      </button>
    ),
    showsHint: false,
    footnote: <p className="tracker-chart__note tracker-chart__aest">{messages.aestNote}</p>,
    moneyParts:
      dayEntry?.money_parts && dayEntry.data.total_spend !== null
        ? { parts: dayEntry.money_parts, total: dayEntry.data.total_spend, range: heading, daysWithData: 1 }
        : null,
    forms: null,
    below: null,
  };
}
