/** The event chart's legend (docs/screens.md): the four texts, each beside a sample of what it describes. */
import { eventCopy } from '@portal/contracts';

const entries = [
  { key: 'target', text: eventCopy.legendTarget },
  { key: 'usage', text: eventCopy.legendUsage },
  { key: 'export', text: eventCopy.legendSolar },
  { key: 'average', text: eventCopy.legendAverage },
] as const;

export function EventLegend() {
  return (
    <ul className="rr-legend" aria-label="Legend">
      {entries.map((entry) => (
        <li key={entry.key} className="rr-legend__item">
          <svg className="rr-legend__swatch" viewBox="0 0 24 12" aria-hidden="true" focusable="false">
            {entry.key === 'usage' || entry.key === 'export' ? (
              <rect
                className={`rr-chart__bar rr-chart__bar--${entry.key}`}
                x="6"
                y="0"
                width="12"
                height="12"
              />
            ) : (
              <line className={`rr-chart__${entry.key}`} x1="0" x2="24" y1="6" y2="6" />
            )}
          </svg>
          <span>{entry.text}</span>
        </li>
      ))}
    </ul>
  );
}
