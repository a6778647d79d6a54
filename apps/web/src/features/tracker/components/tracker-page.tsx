/**
 * Tracker usage (docs/screens.md): the week view (7 daily columns) and the day view (24 hourly columns) of one
 * account, at /new/usage/:accountId/:from?/:day?. `from` is normalised to its Monday (missing or invalid
 * means this week); a day segment 0 to 6 means the day view. Both views read the same weekly usage
 * response, cached in the browser for an hour (docs/rules.md#states-and-transitions).
 */
import {
  addDays,
  type DayEntry,
  formatCurrency,
  formatMessage,
  type HourEntry,
  messages,
  paths,
  screenTitles,
  trackerCopy,
  type UsageResponse,
} from '@portal/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSwipeable } from 'react-swipeable';
import { useVisitRecord } from '../../../shared/api/record-visit.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { isAccountError, usageErrorMessage, useUsage } from '../api/get-usage.ts';
import { useHint } from '../hooks/use-hint.ts';
import { useTrackerRoute } from '../hooks/use-tracker-route.ts';
import { useUsageErrorAlert } from '../hooks/use-usage-error-alert.ts';
import { budgetPerDay, buildColumns, type ChartUnit, hasAnyData } from '../lib/chart-model.ts';
import { dayColumnLabels, hourLabel, weekColumnLabels } from '../lib/column-labels.ts';
import { currentWeekStart, formatLongDate, formatWeekRange } from '../lib/dates.ts';
import { legendEntries } from '../lib/legend.ts';
import { dayNavigation, type NavTargets, weekNavigation } from '../lib/navigation.ts';
import { shouldShowSurvey } from '../lib/survey-prompt.ts';
import { BudgetForm } from './budget-form.tsx';
import { ChartHeader } from './chart-header.tsx';
import { ChartLegend } from './chart-legend.tsx';
import { ChartTable, type TableRow } from './chart-table.tsx';
import { DayInsights } from './day-insights.tsx';
import { DownloadData } from './download-data.tsx';
import { SurveyPrompt } from './survey-prompt.tsx';
import { TrackerHints } from './tracker-hints.tsx';
import { TrackerOverview } from './tracker-overview.tsx';
import { UnitSwitch } from './unit-switch.tsx';
import { UsageChart } from './usage-chart.tsx';
import './tracker-page.css';

const noNavigation: NavTargets = { previous: null, next: null };

function tableRows(
  entries: ReadonlyArray<DayEntry | HourEntry>,
  view: 'week' | 'day',
  unit: ChartUnit,
): TableRow[] {
  const dollars = unit === 'dollars';
  return entries.map((entry, index) => {
    const { data } = entry;
    const start = entry.interval_range.starts_at;
    return {
      key: String(index),
      name: view === 'week' ? `${start.day} ${start.date} ${start.month}` : hourLabel(entry as HourEntry),
      hasData: data.total_spend !== null,
      usage: dollars ? data.grid_spend : data.usage_kwh,
      supply: data.service_charge,
      concession: data.concession,
      solar: dollars ? data.solar_input : data.solar_kwh,
      total: data.total_spend,
      average: data.average_spend,
      estimatedShare: entry.estimated_share,
    };
  });
}

export function TrackerPage() {
  const route = useTrackerRoute();
  useDocumentTitle(screenTitles.tracker);
  useVisitRecord(route.view === 'day' ? 'day_view' : 'week_view', route.accountId ?? null);

  if (!route.accountId) {
    return (
      <section className="page tracker">
        <h1>{screenTitles.tracker}</h1>
        <p>{messages.missingAccountId}</p>
      </section>
    );
  }
  return (
    <TrackerScreen accountId={route.accountId} from={route.from} day={route.day} rawFrom={route.rawFrom} />
  );
}

function TrackerScreen({
  accountId,
  from,
  day,
  rawFrom,
}: {
  accountId: string;
  from: string;
  day: number | null;
  rawFrom: string | undefined;
}) {
  const view = day === null ? 'week' : 'day';
  const usage = useUsage(accountId, from);
  useUsageErrorAlert(usage.error, usage.errorUpdatedAt);
  const data: UsageResponse | undefined = usage.data;
  const navigate = useNavigate();
  const [unit, setUnit] = useState<ChartUnit>('dollars');
  const ids = useId();
  const headingId = `${ids}-heading`;
  const chartTitleId = `${ids}-chart-title`;
  const summaryId = `${ids}-summary`;

  const isCurrentWeek = from === currentWeekStart();
  const nav = !data
    ? noNavigation
    : day === null
      ? weekNavigation(accountId, from, data)
      : dayNavigation(accountId, from, day, data);

  const dayEntry = data && day !== null ? data.current_week.intervals[day] : undefined;
  const entries: ReadonlyArray<DayEntry | HourEntry> =
    (view === 'week' ? data?.current_week.intervals : dayEntry?.intervals) ?? [];
  const columns = buildColumns(entries, { view, unit });
  const hasData = hasAnyData(columns);
  const budget = data?.customer.budget ?? 0;
  const hasSolar = data?.metadata.has_solar ?? false;

  const hint = useHint();
  const swipe = useSwipeable({
    onSwipedLeft: () => {
      if (nav.next) navigate(nav.next.href);
    },
    onSwipedRight: () => {
      if (nav.previous) navigate(nav.previous.href);
    },
    delta: 50,
    preventScrollOnSwipe: false,
    trackMouse: false,
  });

  const heading = view === 'week' ? formatWeekRange(from) : formatLongDate(addDays(from, day ?? 0), true);
  const chartTitle = formatMessage(
    view === 'week'
      ? unit === 'dollars'
        ? trackerCopy.weekChartTitle
        : trackerCopy.weekChartTitleKwh
      : unit === 'dollars'
        ? trackerCopy.dayChartTitle
        : trackerCopy.dayChartTitleKwh,
    { range: heading, date: heading },
  );
  const totalSpend = view === 'week' ? data?.current_week.insights.total_spend : dayEntry?.data.total_spend;

  let body: ReactNode;
  if (usage.isPending) {
    body = (
      <p className="tracker-chart__state" role="status">
        {messages.chartLoading}
      </p>
    );
  } else if (!data) {
    body = (
      <div className="tracker-chart__state">
        <p data-testid="usage-error">{usageErrorMessage(usage.error)}</p>
        {!isAccountError(usage.error) && (
          <button type="button" className="button button--secondary" onClick={() => void usage.refetch()}>
            {trackerCopy.tryAgain}
          </button>
        )}
      </div>
    );
  } else if (!hasData) {
    body = (
      <p className="tracker-chart__state" data-testid="no-data">
        {view === 'week' ? messages.weekNoData : messages.dayNoData}
      </p>
    );
  } else {
    body = (
      <>
        <p id={chartTitleId} className="visually-hidden">
          {chartTitle}
        </p>
        {totalSpend !== null && totalSpend !== undefined && unit === 'dollars' && (
          <p id={summaryId} className="visually-hidden">
            {`${trackerCopy.tableTotal}: ${formatCurrency(totalSpend)}.`}
          </p>
        )}
        <UsageChart
          view={view}
          columns={columns}
          labels={
            view === 'week'
              ? weekColumnLabels(entries as DayEntry[], columns, unit)
              : dayColumnLabels(entries as HourEntry[], columns, unit)
          }
          budgetPerDay={view === 'week' && unit === 'dollars' ? budgetPerDay(budget) : null}
          actionLabel={view === 'week' ? trackerCopy.viewDay : trackerCopy.viewWeek}
          onActivate={(index) =>
            navigate(
              view === 'week' ? paths.usage.href(accountId, from, index) : paths.usage.href(accountId, from),
            )
          }
          labelledBy={chartTitleId}
          describedBy={unit === 'dollars' && totalSpend != null ? summaryId : undefined}
          noDataLabel={messages.columnNoData}
        />
      </>
    );
  }

  return (
    <div className="page tracker">
      <h1>{screenTitles.tracker}</h1>

      {data && shouldShowSurvey(data.customer, isCurrentWeek) && (
        <SurveyPrompt customer={data.customer} accountId={accountId} from={rawFrom ? from : undefined} />
      )}

      {view === 'week' && data && (
        <TrackerOverview accountId={accountId} usage={data} isCurrentWeek={isCurrentWeek} />
      )}
      {view === 'day' && dayEntry && <DayInsights day={dayEntry} />}

      <section className="tracker-card tracker-chart" aria-labelledby={headingId}>
        <ChartHeader
          headingId={headingId}
          heading={heading}
          previous={nav.previous}
          next={nav.next}
          previousLabel={view === 'week' ? trackerCopy.previousWeek : trackerCopy.previousDay}
          nextLabel={view === 'week' ? trackerCopy.nextWeek : trackerCopy.nextDay}
        >
          {view === 'day' && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => navigate(paths.usage.href(accountId, from))}
            >
              {trackerCopy.weekZoom}
            </button>
          )}
          {hasData && <UnitSwitch unit={unit} onChange={setUnit} />}
        </ChartHeader>

        {view === 'week' && hasData && hint.visible && (
          <TrackerHints ref={hint.ref} onDismiss={hint.dismiss} />
        )}

        <div className="tracker-chart__body" data-testid="chart-swipe-area" {...swipe}>
          {body}
        </div>

        {hasData && (
          <>
            {unit === 'kwh' && <p className="tracker-chart__note">{trackerCopy.kwhNote}</p>}
            <ChartLegend
              entries={legendEntries({
                view,
                unit,
                hasSolar,
                budget,
                hasEstimates: columns.some((column) => column.estimatedShare > 0),
              })}
              view={view}
              unit={unit}
              budget={budget}
            />
          </>
        )}
        {view === 'day' && <p className="tracker-chart__note tracker-chart__aest">{messages.aestNote}</p>}
        {hasData && (
          <ChartTable
            caption={chartTitle}
            rows={tableRows(entries, view, unit)}
            view={view}
            unit={unit}
            hasSolar={hasSolar}
          />
        )}
      </section>

      <div className="tracker__forms">
        {view === 'week' && data && (
          <BudgetForm key={data.customer.budget} accountId={accountId} savedBudget={data.customer.budget} />
        )}
        {data && <DownloadData key={from} accountId={accountId} from={from} />}
      </div>
    </div>
  );
}
