/**
 * The chart's numbers as a table (beyond the specification), collapsed under a summary: the text
 * alternative of the chart for screen readers, and handy for anyone who wants the figures. In dollars each
 * row adds up: usage + supply - solar credit - concession = total, the credits shown with a minus sign; in kWh
 * a solar account's rows end with the net (usage less export), the chart's figure.
 */
import { formatCurrency, formatDecimal, formatMessage, messages, trackerCopy } from '@portal/contracts';
import { useId } from 'react';
import type { ChartUnit, ChartView } from '../lib/chart-model.ts';

export interface TableRow {
  key: string;
  name: string;
  hasData: boolean;
  usage: number | null;
  supply: number | null;
  concession: number | null;
  solar: number | null;
  total: number | null;
  average: number | null;
  estimatedShare: number;
}

export function ChartTable({
  caption,
  rows,
  view,
  unit,
  hasSolar,
}: {
  caption: string;
  rows: readonly TableRow[];
  view: ChartView;
  unit: ChartUnit;
  hasSolar: boolean;
}) {
  const captionId = useId();
  const dollars = unit === 'dollars';
  const money = (value: number | null) => (value === null ? '' : formatCurrency(value));
  const kwh = (value: number | null) => (value === null ? '' : formatDecimal(value, 2));
  const showSupply = dollars && view === 'week';
  // A concession is a daily credit: its column appears only when a day has one, so that each row adds up.
  const showConcession = showSupply && rows.some((row) => (row.concession ?? 0) !== 0);
  const showEstimates = rows.some((row) => row.estimatedShare > 0);
  return (
    <details className="chart-table">
      <summary>{trackerCopy.tableSummary}</summary>
      {/* A region that can scroll sideways is focusable, so keyboard users can scroll it (axe
          scrollable-region-focusable); it is named by the table's caption. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard. */}
      <section className="chart-table__scroll" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{view === 'week' ? trackerCopy.tableDay : trackerCopy.tableHour}</th>
              <th scope="col">{dollars ? trackerCopy.tableUsage : trackerCopy.tableUsageKwh}</th>
              {showSupply && <th scope="col">{trackerCopy.tableSupply}</th>}
              {showConcession && <th scope="col">{trackerCopy.tableConcession}</th>}
              {hasSolar && (
                <th scope="col">{dollars ? trackerCopy.tableSolar : trackerCopy.tableSolarKwh}</th>
              )}
              {dollars && <th scope="col">{trackerCopy.tableTotal}</th>}
              {!dollars && hasSolar && <th scope="col">{trackerCopy.tableNetKwh}</th>}
              {dollars && <th scope="col">{trackerCopy.tableAverage}</th>}
              {showEstimates && <th scope="col">{trackerCopy.tableEstimated}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                {row.hasData ? (
                  <>
                    <td>{dollars ? money(row.usage) : kwh(row.usage)}</td>
                    {showSupply && <td>{money(row.supply)}</td>}
                    {showConcession && <td>{money(row.concession === null ? null : -row.concession)}</td>}
                    {hasSolar && (
                      // In dollars the credit is shown as taken off, so that the row adds up to its total.
                      <td>{dollars ? money(row.solar === null ? null : -row.solar) : kwh(row.solar)}</td>
                    )}
                    {dollars && <td>{money(row.total)}</td>}
                    {!dollars && hasSolar && <td>{kwh(row.total)}</td>}
                    {dollars && <td>{money(row.average)}</td>}
                    {showEstimates && (
                      <td>
                        {row.estimatedShare > 0
                          ? formatMessage(trackerCopy.tableEstimatedShare, {
                              percent: Math.round(row.estimatedShare * 100),
                            })
                          : ''}
                      </td>
                    )}
                  </>
                ) : (
                  <td
                    colSpan={
                      1 +
                      Number(showSupply) +
                      Number(showConcession) +
                      Number(hasSolar) +
                      (dollars ? 2 : Number(hasSolar)) +
                      Number(showEstimates)
                    }
                  >
                    {messages.columnNoData}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
