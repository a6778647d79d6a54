/** The chart's legend (docs/screens.md): a swatch, the entry's name and what it means. */
import { formatCurrency, formatMessage, trackerCopy, trackerLegend } from '@portal/contracts';
import type { ChartUnit, ChartView } from '../lib/chart-model.ts';
import type { LegendKey } from '../lib/legend.ts';
import './chart-legend.css';

export function ChartLegend({
  entries,
  view,
  unit,
  budget,
}: {
  entries: readonly LegendKey[];
  view: ChartView;
  unit: ChartUnit;
  budget: number;
}) {
  // The bar above the line is the total, so with solar it is the usage less the solar credit (in dollars) or
  // less the energy exported (in kWh).
  const withSolar = entries.includes('solarExport');
  return (
    <div className="chart-legend">
      <h3 className="visually-hidden">{trackerCopy.legendTitle}</h3>
      <ul className="chart-legend__list">
        {entries.map((key) => {
          const entry =
            key === 'average' && view === 'day'
              ? trackerLegend.averageDay
              : key === 'usage' && withSolar
                ? unit === 'dollars'
                  ? trackerLegend.usageLessSolar
                  : trackerLegend.usageLessExport
                : trackerLegend[key];
          const meaning =
            key === 'budget'
              ? formatMessage(trackerLegend.budget.meaning, {
                  amount: formatCurrency(budget, 0),
                  perDay: formatCurrency(budget / 7),
                })
              : entry.meaning;
          return (
            <li key={key} className="chart-legend__item" data-legend={key}>
              <span className={`chart-legend__swatch chart-legend__swatch--${key}`} aria-hidden="true" />
              <span className="chart-legend__text">
                <span className="chart-legend__label">{entry.label}</span>
                <span className="chart-legend__meaning">{meaning}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
