/**
 * The event chart (docs/screens.md): one bar per 30-minute interval (blue at zero or more, yellow below zero for
 * solar export), a black zero line, a solid green line for the event average and a dashed orange line for
 * the target, with about 5 y ticks in kWh to 2 decimals. Keyboard: the bars are one tab stop; arrow keys,
 * Home and End move between them and the readout below says the interval and its usage (also on hover).
 * Screen readers get each bar's name, the chart's summary, and the table of every value.
 */
import { type EventProgressResponse, eventCopy, formatDecimal, formatMessage } from '@portal/contracts';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { rovingIndex } from '../../../shared/lib/roving-focus.ts';
import { CHART_HEIGHT, CHART_WIDTH, eventChartModel } from '../lib/event-chart.ts';

const barName = (bar: { time: string; end: string; value: number }) =>
  `${bar.time} to ${bar.end}: ${formatDecimal(bar.value, 2)} kWh`;

export function EventChart({ progress }: { progress: EventProgressResponse }) {
  const model = eventChartModel(progress);
  const titleId = useId();
  const summaryId = useId();
  const bars = useRef<Array<SVGRectElement | null>>([]);
  const [active, setActive] = useState<number | null>(null);
  // Whether a bar has the keyboard's focus: the focused interval is then framed from the top of the plot to its
  // bottom, which a bar a pixel high could not show by its own outline (issue 26 item 14).
  const [focused, setFocused] = useState(false);
  const focusIndex = Math.min(active ?? 0, Math.max(model.bars.length - 1, 0));

  if (model.bars.length === 0) return <p>{eventCopy.noIntervals}</p>;

  function onKeyDown(event: KeyboardEvent<SVGGElement>) {
    const next = rovingIndex(event.key, focusIndex, model.bars.length, 'ArrowUp');
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    bars.current[next]?.focus();
  }

  const summary = [
    model.average === null
      ? null
      : formatMessage(eventCopy.averageLine, { value: formatDecimal(model.average, 2) }),
    model.target === null
      ? null
      : formatMessage(eventCopy.targetLine, { value: formatDecimal(model.target, 2) }),
  ].filter(Boolean);
  const activeBar = active === null ? null : model.bars[active];

  return (
    <figure className="rr-chart">
      <figcaption id={titleId} className="rr-chart__title">
        {eventCopy.chartTitle}
      </figcaption>
      <p id={summaryId} className="rr-chart__summary">
        {summary.join(' · ')}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart is named as a group; a fieldset cannot hold SVG. */}
      <svg
        className="rr-chart__svg"
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        role="group"
        aria-labelledby={titleId}
        aria-describedby={summaryId}
      >
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: decoration only; nothing in this group is focusable. */}
        <g aria-hidden="true">
          {model.ticks.map((tick) => (
            <g key={tick.value} className="rr-chart__tick">
              <line x1={model.plot.left} x2={model.plot.right} y1={tick.y} y2={tick.y} />
              <text x={model.plot.left - 4} y={tick.y} dy="0.32em" textAnchor="end">
                {tick.label}
              </text>
            </g>
          ))}
          <text
            className="rr-chart__unit"
            x={8}
            y={(model.plot.top + model.plot.bottom) / 2}
            dy="0.35em"
            transform={`rotate(-90 8 ${(model.plot.top + model.plot.bottom) / 2})`}
            textAnchor="middle"
          >
            {eventCopy.chartAxis}
          </text>
          {model.bars.map((bar, i) =>
            i % model.labelEvery === 0 ? (
              <text
                key={bar.time}
                className="rr-chart__time"
                x={bar.x + bar.width / 2}
                y={model.plot.bottom + 16}
                textAnchor="middle"
              >
                {bar.time}
              </text>
            ) : null,
          )}
        </g>
        {focused && activeBar && (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: decoration only; nothing in this group is focusable.
          <g aria-hidden="true">
            <rect
              className="rr-chart__focus-band"
              data-testid="focus-band"
              x={activeBar.x - 3}
              y={model.plot.top}
              width={activeBar.width + 6}
              height={model.plot.bottom - model.plot.top}
            />
          </g>
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the bars' group moves focus between its bars. */}
        <g onKeyDown={onKeyDown} onFocus={() => setFocused(true)} onBlur={() => setFocused(false)}>
          {model.bars.map((bar, i) => (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a bar is an image of a value that keyboard users can step through.
            <rect
              key={bar.time}
              ref={(element) => {
                bars.current[i] = element;
              }}
              role="img"
              aria-label={barName(bar)}
              tabIndex={i === focusIndex ? 0 : -1}
              className={`rr-chart__bar ${bar.negative ? 'rr-chart__bar--export' : 'rr-chart__bar--usage'}${active === i ? ' is-active' : ''}`}
              data-testid={bar.negative ? 'export-bar' : 'usage-bar'}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={Math.max(bar.height, 0.5)}
              onFocus={() => setActive(i)}
              onMouseEnter={() => setActive(i)}
            />
          ))}
        </g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: decoration only; nothing in this group is focusable. */}
        <g aria-hidden="true">
          <line
            className="rr-chart__zero"
            data-testid="zero-line"
            x1={model.plot.left}
            x2={model.plot.right}
            y1={model.zeroY}
            y2={model.zeroY}
          />
          {model.averageY !== null && (
            <line
              className="rr-chart__average"
              data-testid="average-line"
              x1={model.plot.left}
              x2={model.plot.right}
              y1={model.averageY}
              y2={model.averageY}
            />
          )}
          {model.targetY !== null && (
            <line
              className="rr-chart__target"
              data-testid="target-line"
              x1={model.plot.left}
              x2={model.plot.right}
              y1={model.targetY}
              y2={model.targetY}
            />
          )}
        </g>
      </svg>
      <p className="rr-chart__readout" aria-live="polite" data-testid="chart-readout">
        {activeBar ? barName(activeBar) : '\u00a0'}
      </p>
      <details className="rr-chart__table">
        <summary>{eventCopy.chartTable}</summary>
        <table>
          <caption>{eventCopy.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{eventCopy.tableTime}</th>
              <th scope="col">{eventCopy.tableUsage}</th>
            </tr>
          </thead>
          <tbody>
            {model.bars.map((bar) => (
              <tr key={bar.time}>
                <th scope="row">
                  {bar.time}–{bar.end}
                </th>
                <td>{formatDecimal(bar.value, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
