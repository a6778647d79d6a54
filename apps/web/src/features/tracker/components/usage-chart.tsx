/**
 * The Tracker's column chart (docs/screens.md), for 7 days or 24 hours. The bars are an SVG drawn from linear
 * and band scales in plot units (see lib/chart-model.ts) and stretched to the width; over it, each column is an HTML button with
 * its labels and a hover and focus overlay naming what it opens (VIEW DAY or VIEW WEEK). The buttons form a
 * toolbar with one tab stop: arrow keys, Home and End move between columns, Enter or Space opens.
 * The SVG is decorative for assistive technology: each button's accessible name carries its numbers, and the
 * table beside the chart carries all of them.
 */
import { type CSSProperties, type KeyboardEvent, useId, useRef, useState } from 'react';
import { type ChartColumn, type ChartView, layoutChart } from '../lib/chart-model.ts';
import type { ColumnLabel } from '../lib/column-labels.ts';
import './usage-chart.css';
import { rovingIndex } from '../../../shared/lib/roving-focus.ts';

export interface UsageChartProps {
  view: ChartView;
  columns: readonly ChartColumn[];
  labels: readonly ColumnLabel[];
  budgetPerDay: number | null;
  /** What a column opens, shown on its overlay: VIEW DAY or VIEW WEEK. */
  actionLabel: string;
  onActivate(index: number): void;
  /** Ids of the chart's title and text summary. */
  labelledBy: string;
  describedBy?: string;
  noDataLabel: string;
  /** The mark on an hour of free Happy Hours. */
  freeLabel: string;
}

export function UsageChart({
  view,
  columns,
  labels,
  budgetPerDay,
  actionLabel,
  onActivate,
  labelledBy,
  describedBy,
  noDataLabel,
  freeLabel,
}: UsageChartProps) {
  const stripesId = `${useId()}-stripes`;
  const geometry = layoutChart(columns, { budgetPerDay, barShare: view === 'week' ? 0.56 : 0.66 });
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, columns.length - 1);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = rovingIndex(event.key, activeIndex, columns.length, 'ArrowDown');
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  }

  return (
    <div className={`usage-chart usage-chart--${view}`}>
      <svg
        className="usage-chart__svg"
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          {/* Horizontal stripes survive the horizontal stretch unchanged. */}
          <pattern id={stripesId} patternUnits="userSpaceOnUse" width="100" height="3">
            <rect className="usage-chart__stripe" width="100" height="1.3" />
          </pattern>
        </defs>
        {/* The plot, which the stylesheet turns a quarter (value axis left to right) where the day's hours are
            rows: on screens too narrow for 24 columns with labels that read across. */}
        <g className="usage-chart__plot">
          {geometry.columns.map((column, index) => {
            const data = columns[index];
            if (!data) return null;
            return (
              <g key={data.index} className={data.isMax ? 'usage-chart__bar is-max' : 'usage-chart__bar'}>
                {column.supply && (
                  <rect
                    className="usage-chart__supply"
                    x={column.x}
                    y={column.supply.y}
                    width={column.width}
                    height={column.supply.height}
                  />
                )}
                {column.usage && (
                  <rect
                    className="usage-chart__usage"
                    x={column.x}
                    y={column.usage.y}
                    width={column.width}
                    height={column.usage.height}
                  />
                )}
                {column.usage && data.estimatedShare > 0 && (
                  <rect
                    className="usage-chart__estimated"
                    data-testid="estimated-marker"
                    fill={`url(#${stripesId})`}
                    x={column.x}
                    y={column.usage.y}
                    width={column.width}
                    height={column.usage.height}
                  />
                )}
                {column.solar && (
                  <rect
                    className="usage-chart__solar"
                    x={column.x}
                    y={column.solar.y}
                    width={column.width}
                    height={column.solar.height}
                  />
                )}
              </g>
            );
          })}
          <line
            className="usage-chart__axis"
            x1="0"
            x2="100"
            y1={geometry.zeroY}
            y2={geometry.zeroY}
            vectorEffect="non-scaling-stroke"
          />
          {geometry.columns.map((column, index) =>
            column.averageY === null ? null : (
              <g
                key={columns[index]?.index ?? index}
                className="usage-chart__average"
                data-testid="average-marker"
              >
                <line
                  className="usage-chart__average-casing"
                  x1={column.x - column.width * 0.15}
                  x2={column.x + column.width * 1.15}
                  y1={column.averageY}
                  y2={column.averageY}
                  vectorEffect="non-scaling-stroke"
                />
                <line
                  className="usage-chart__average-line"
                  x1={column.x - column.width * 0.15}
                  x2={column.x + column.width * 1.15}
                  y1={column.averageY}
                  y2={column.averageY}
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            ),
          )}
          {geometry.budgetY !== null && (
            <line
              className="usage-chart__budget"
              data-testid="budget-line"
              x1="0"
              x2="100"
              y1={geometry.budgetY}
              y2={geometry.budgetY}
              vectorEffect="non-scaling-stroke"
            />
          )}
        </g>
      </svg>
      <div
        className="usage-chart__columns"
        role="toolbar"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
        style={{ '--chart-count': columns.length } as CSSProperties}
      >
        {columns.map((column, index) => {
          const label = labels[index];
          if (!label) return null;
          const classes = ['usage-chart__column'];
          if (column.isMax) classes.push('is-max');
          if (!column.hasData) classes.push('is-empty');
          if (label.major) classes.push('is-major');
          return (
            <button
              key={column.index}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              className={classes.join(' ')}
              tabIndex={index === activeIndex ? 0 : -1}
              aria-label={label.name}
              onFocus={() => setActive(index)}
              onClick={() => onActivate(column.index)}
            >
              {/* The document order is the name's order (title, figure, then the plot's texts): the stylesheet
                  shows the plot first and the figure above the title. Spaces keep the words apart for text
                  that is read without the layout (axe's label-in-name check). */}
              <span className="usage-chart__labels" aria-hidden="true">
                <span className="usage-chart__primary">{label.primary}</span>{' '}
                {label.secondary && (
                  <>
                    <span className="usage-chart__secondary">{label.secondary}</span>{' '}
                    {label.secondaryExtra && (
                      <>
                        <span className="usage-chart__secondary-extra">{label.secondaryExtra}</span>{' '}
                      </>
                    )}
                  </>
                )}
                <ColumnValue value={label.value} />
              </span>{' '}
              <span className="usage-chart__column-plot" aria-hidden="true">
                {!column.hasData && <span className="usage-chart__no-data">{noDataLabel}</span>}{' '}
                {column.freeSaving !== null && (
                  <>
                    <span className="usage-chart__free">{freeLabel}</span>{' '}
                  </>
                )}
                <span className="usage-chart__action">{actionLabel}</span>
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * A column's figure: "$6.42", or "24.1 kWh" with the unit in a span of its own, which the stylesheet puts on a
 * line of its own where columns are narrow (the week on a phone, the day's 24 columns).
 */
function ColumnValue({ value }: { value: string | null }) {
  if (value === null) return <span className="usage-chart__value">{'\u00a0'}</span>;
  const unit = / kWh$/.exec(value);
  if (!unit) return <span className="usage-chart__value">{value}</span>;
  return (
    <span className="usage-chart__value">
      <span className="usage-chart__figure">{value.slice(0, unit.index)}</span>{' '}
      <span className="usage-chart__unit">kWh</span>
    </span>
  );
}
