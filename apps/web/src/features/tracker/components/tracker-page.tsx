/**
 * Tracker usage (docs/screens.md): the week view (7 daily columns) and the day view (24 hourly columns) of one
 * account, at /new/usage/:accountId/:from?/:day?. `from` is normalised to its Monday (missing or invalid
 * means this week); a day segment 0 to 6 means the day view. Both views read the same weekly usage
 * response, cached in the browser for an hour (docs/rules.md#states-and-transitions). This module is the frame the
 * two views share; what differs between them is in week-view.tsx and day-view.tsx.
 */
import {
  type DayEntry,
  formatCurrency,
  type HourEntry,
  messages,
  screenTitles,
  trackerCopy,
  type UsageResponse,
} from '@portal/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useVisitRecord } from '../../../shared/api/record-visit.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useFetchErrorAlert } from '../../../shared/hooks/use-fetch-error-alert.ts';
import { isAccountError, usageErrorMessage, useUsage } from '../api/get-usage.ts';
import { useHint } from '../hooks/use-hint.ts';
import { useSwipe } from '../hooks/use-swipe.ts';
import { useTrackerRoute } from '../hooks/use-tracker-route.ts';
import { buildColumns, type ChartColumn, type ChartUnit, hasAnyData } from '../lib/chart-model.ts';
import { currentWeekStart } from '../lib/dates.ts';
import { legendEntries } from '../lib/legend.ts';
import { shouldShowSurvey } from '../lib/survey-prompt.ts';
import { ChartHeader } from './chart-header.tsx';
import { ChartLegend } from './chart-legend.tsx';
import { ChartTable, type TableRow } from './chart-table.tsx';
import { dayView } from './day-view.tsx';
import { DownloadData } from './download-data.tsx';
import { MoneyPartsCard } from './money-parts.tsx';
import { SurveyPrompt } from './survey-prompt.tsx';
import { TrackerHints } from './tracker-hints.tsx';
import type { OverviewCard } from './tracker-view.ts';
import { UnitSwitch } from './unit-switch.tsx';
import { UsageChart } from './usage-chart.tsx';
import { weekView } from './week-view.tsx';
import './tracker-page.css';

function tableRows(
  entries: ReadonlyArray<DayEntry | HourEntry>,
  columns: readonly ChartColumn[],
  rowName: (index: number) => string,
  shortRowName: ((index: number) => string) | undefined,
  unit: ChartUnit,
): TableRow[] {
  const dollars = unit === 'dollars';
  return entries.map((entry, index) => {
    const { data } = entry;
    const column = columns[index];
    return {
      key: String(index),
      name: rowName(index),
      shortName: shortRowName?.(index),
      hasData: data.total_spend !== null,
      usage: dollars ? data.grid_spend : data.usage_kwh,
      supply: data.service_charge,
      concession: data.concession,
      solar: dollars ? data.solar_input : data.solar_kwh,
      // The chart's figure: in kWh the energy used less the energy exported (lib/chart-model.ts).
      total: dollars ? data.total_spend : (column?.total ?? null),
      average: data.average_spend,
      estimatedShare: entry.estimated_share,
      free: column?.freeSaving != null,
    };
  });
}

/** `offerCard`: a card another feature adds to the week (below it), composed by the app's router. */
export function TrackerPage({ offerCard }: { offerCard?: OverviewCard } = {}) {
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
    <TrackerScreen
      accountId={route.accountId}
      from={route.from}
      day={route.day}
      rawFrom={route.rawFrom}
      offerCard={offerCard}
    />
  );
}

/** The frame both views share: loading and error states, chart, legend, table, navigation and download. */
function TrackerScreen({
  accountId,
  from,
  day,
  rawFrom,
  offerCard,
}: {
  accountId: string;
  from: string;
  day: number | null;
  rawFrom: string | undefined;
  offerCard: OverviewCard | undefined;
}) {
  const usage = useUsage(accountId, from);
  useFetchErrorAlert(usage.error, usageErrorMessage);
  const data: UsageResponse | undefined = usage.data;
  const navigate = useNavigate();
  const [unit, setUnit] = useState<ChartUnit>('dollars');
  const ids = useId();
  const headingId = `${ids}-heading`;
  const chartTitleId = `${ids}-chart-title`;
  const summaryId = `${ids}-summary`;

  const isCurrentWeek = from === currentWeekStart();
  const input = { accountId, from, data, unit, isCurrentWeek, navigate, offerCard };
  const shown = day === null ? weekView(input) : dayView(input, day);
  const { entries, nav, heading, chartTitle, totalSpend } = shown;
  const columns = buildColumns(entries, { view: shown.view, unit });
  const hasData = hasAnyData(columns);
  const budget = data?.customer.budget ?? 0;
  const hasSolar = data?.metadata.has_solar ?? false;

  const hint = useHint();
  const swipe = useSwipe({
    onLeft: () => {
      if (nav.next) navigate(nav.next.href);
    },
    onRight: () => {
      if (nav.previous) navigate(nav.previous.href);
    },
  });

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
        {shown.noDataMessage}
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
          view={shown.view}
          columns={columns}
          labels={shown.columnLabels(columns)}
          budgetPerDay={shown.budgetPerDay}
          actionLabel={shown.actionLabel}
          onActivate={(index) => navigate(shown.columnHref(index))}
          labelledBy={chartTitleId}
          describedBy={unit === 'dollars' && totalSpend != null ? summaryId : undefined}
          noDataLabel={messages.columnNoData}
          freeLabel={trackerCopy.freeMark}
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

      {shown.above}

      <section className="tracker-card tracker-chart" aria-labelledby={headingId}>
        <ChartHeader
          headingId={headingId}
          heading={heading}
          previous={nav.previous}
          next={nav.next}
          previousLabel={shown.previousLabel}
          nextLabel={shown.nextLabel}
        >
          {shown.headerAction}
          {hasData && <UnitSwitch unit={unit} onChange={setUnit} />}
        </ChartHeader>

        {shown.showsHint && hasData && hint.visible && (
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
                view: shown.view,
                unit,
                hasSolar,
                budget,
                hasEstimates: columns.some((column) => column.estimatedShare > 0),
                hasFree: columns.some((column) => column.freeSaving !== null),
              })}
              view={shown.view}
              unit={unit}
              budget={budget}
            />
          </>
        )}
        {shown.footnote}
        {hasData && (
          <ChartTable
            caption={chartTitle}
            rows={tableRows(entries, columns, shown.rowName, shown.shortRowName, unit)}
            view={shown.view}
            unit={unit}
            hasSolar={hasSolar}
          />
        )}
      </section>

      {shown.moneyParts && <MoneyPartsCard {...shown.moneyParts} />}

      <div className="tracker__forms">
        {shown.forms}
        {data && <DownloadData key={from} accountId={accountId} from={from} />}
      </div>

      {shown.below}
    </div>
  );
}
