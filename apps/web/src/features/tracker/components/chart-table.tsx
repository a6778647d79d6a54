/**
 * The chart's numbers as a table (beyond the specification), collapsed under a summary: the text
 * alternative of the chart for screen readers, and handy for anyone who wants the figures. In dollars each
 * row adds up: usage + supply - solar credit - concession = total, the credits shown with a minus sign; in kWh
 * a solar account's rows end with the net (usage less export), the chart's figure.
 */
import { formatCurrency, formatDecimal, formatMessage, messages, trackerCopy } from '@portal/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ChartUnit, ChartView } from '../lib/chart-model.ts';

export interface TableRow {
  key: string;
  name: string;
  /** A shorter name for narrow screens ("Mon 23 Nov" for "Monday 23 November"). */
  shortName?: string;
  hasData: boolean;
  usage: number | null;
  supply: number | null;
  concession: number | null;
  solar: number | null;
  total: number | null;
  average: number | null;
  estimatedShare: number;
  /** An hour of free Happy Hours: its usage cell is marked Free. */
  free?: boolean;
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
      {/* The title is outside the region that scrolls, so it wraps to the screen's width (a caption is as wide
          as its table, and was cut on a phone: issue 26 item 8); it names the region and the table. */}
      <p id={captionId} className="chart-table__caption">
        {caption}
      </p>
      <ScrollRegion labelledBy={captionId}>
        <table aria-labelledby={captionId}>
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
                <th scope="row">
                  {row.shortName ? (
                    <>
                      <span className="chart-table__long-name">{row.name}</span>
                      {/* The full name is what a screen reader reads, at every width. */}
                      <span className="chart-table__short-name" aria-hidden="true">
                        {row.shortName}
                      </span>
                    </>
                  ) : (
                    row.name
                  )}
                </th>
                {row.hasData ? (
                  <>
                    <td>
                      {dollars ? money(row.usage) : kwh(row.usage)}
                      {row.free && <span className="chart-table__free"> {trackerCopy.freeMark}</span>}
                    </td>
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
      </ScrollRegion>
    </details>
  );
}

/**
 * The region the table scrolls in, sideways where it is wider than the screen: then it says so above the table
 * and the stylesheet shades the edge that has more (issue 26 item 8: on a phone the Supply and Total columns were off-screen
 * with no sign). A region that can scroll is focusable, so keyboard users can scroll it (axe
 * scrollable-region-focusable); the first column stays in view while it scrolls.
 */
function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const region = useRef<HTMLElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    // jsdom has no ResizeObserver; a browser measures again when the region or the table changes size (the
    // details opened, the unit switched, the screen turned).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    const table = element.firstElementChild;
    if (table) observer?.observe(table);
    return () => observer?.disconnect();
  }, []);
  return (
    <>
      {overflowing && (
        <p className="chart-table__cue" data-testid="table-scroll-cue">
          {trackerCopy.tableScrollCue} <span aria-hidden="true">→</span>
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard. */}
      <section ref={region} className="chart-table__scroll" aria-labelledby={labelledBy} tabIndex={0}>
        {children}
      </section>
    </>
  );
}
