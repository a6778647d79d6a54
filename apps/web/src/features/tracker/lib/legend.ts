/**
 * Which legend entries a chart shows (docs/screens.md): Usage in both views; Supply in the week view only; Solar
 * Export for solar accounts only; Average in both (per interval in the day view); Budget in the week view
 * only, when a budget is set (otherwise no line is drawn). Beyond the specification: Estimated when a column
 * includes estimated reads, Free when an hour was free with Happy Hours, and in kWh only what is drawn in kWh.
 */
import type { ChartUnit, ChartView } from './chart-model.ts';

export type LegendKey = 'usage' | 'supply' | 'solarExport' | 'average' | 'budget' | 'estimated' | 'free';

export function legendEntries({
  view,
  unit,
  hasSolar,
  budget,
  hasEstimates,
  hasFree = false,
}: {
  view: ChartView;
  unit: ChartUnit;
  hasSolar: boolean;
  budget: number;
  hasEstimates: boolean;
  /** A column is an hour of free Happy Hours that used energy. */
  hasFree?: boolean;
}): LegendKey[] {
  const dollars = unit === 'dollars';
  const entries: LegendKey[] = ['usage'];
  if (view === 'week' && dollars) entries.push('supply');
  if (hasSolar) entries.push('solarExport');
  if (dollars) entries.push('average');
  if (view === 'week' && dollars && budget > 0) entries.push('budget');
  if (hasEstimates) entries.push('estimated');
  if (hasFree) entries.push('free');
  return entries;
}
