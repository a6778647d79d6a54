/**
 * Column labels and accessible names (docs/screens.md): week columns show the total, the weekday abbreviation
 * (truncated to 3 characters, docs/rules.md#limits) and the date; day columns the hour followed by ':00', every third
 * hour highlighted. A column's name holds its visible text in the order of the document (WCAG 2.5.3, axe
 * label-content-name-mismatch): "Tue 17 Nov: $6.42, VIEW DAY (highest)", "14:00: $0.43, VIEW WEEK".
 */
import {
  type DayEntry,
  formatCurrency,
  formatDecimal,
  formatMessage,
  type HourEntry,
  messages,
  trackerCopy,
  truncate,
} from '@portal/contracts';
import type { ChartColumn, ChartUnit } from './chart-model.ts';

export interface ColumnLabel {
  /** The figure under the column (its total), or null without data. */
  value: string | null;
  /** Week: the weekday abbreviation; day: the hour ("14:00"). */
  primary: string;
  /** Week: the day of the month ("17"). */
  secondary?: string;
  /** Week: the month abbreviation after the date ("Nov"); on narrow screens on a line of its own. */
  secondaryExtra?: string;
  /** Day view: every third hour is highlighted (docs/screens.md). */
  major?: boolean;
  /** The column's accessible name, e.g. "Tue 17 Nov: $6.42, VIEW DAY (highest)". */
  name: string;
}

/** A figure in the chart's unit: "$6.42" or "12.3 kWh". */
export function formatFigure(value: number, unit: ChartUnit, kwhDecimals = 1): string {
  return unit === 'dollars' ? formatCurrency(value) : `${formatDecimal(value, kwhDecimals)} kWh`;
}

/** "14:00" for the hour starting at 14:00 ("0:00" to "23:00"). */
export function hourLabel(entry: HourEntry): string {
  return `${Number(entry.interval_range.starts_at.time.slice(0, 2))}:00`;
}

function accessibleName(
  title: string,
  column: ChartColumn,
  unit: ChartUnit,
  action: string,
  kwhDecimals: number,
) {
  // A free hour's mark follows its figure, as on the screen ("11:00: $0.00 Free").
  const figure = `${
    column.total === null ? messages.columnNoData : formatFigure(column.total, unit, kwhDecimals)
  }${column.freeSaving !== null ? ` ${trackerCopy.freeMark}` : ''}`;
  const notes = [
    column.isMax ? trackerCopy.highestColumn : null,
    column.estimatedShare > 0 ? trackerCopy.estimatedColumn : null,
    column.freeSaving !== null
      ? formatMessage(trackerCopy.freeColumn, { amount: formatCurrency(column.freeSaving) })
      : null,
  ].filter(Boolean);
  // The notes come last, after what the column shows (its title, figure and, on focus, its action).
  return `${title}: ${figure}, ${action}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

export function weekColumnLabels(
  days: readonly DayEntry[],
  columns: readonly ChartColumn[],
  unit: ChartUnit,
): ColumnLabel[] {
  return days.map((day, index) => {
    const column = columns[index] as ChartColumn;
    const { starts_at: start } = day.interval_range;
    return {
      value: column.total === null ? null : formatFigure(column.total, unit),
      primary: truncate(start.day),
      secondary: String(start.date),
      secondaryExtra: truncate(start.month),
      name: accessibleName(
        `${truncate(start.day)} ${start.date} ${truncate(start.month)}`,
        column,
        unit,
        trackerCopy.viewDay,
        1,
      ),
    };
  });
}

export function dayColumnLabels(
  hours: readonly HourEntry[],
  columns: readonly ChartColumn[],
  unit: ChartUnit,
): ColumnLabel[] {
  return hours.map((hour, index) => {
    const column = columns[index] as ChartColumn;
    const label = hourLabel(hour);
    return {
      value: column.total === null ? null : formatFigure(column.total, unit, 2),
      primary: label,
      major: index % 3 === 0,
      name: accessibleName(label, column, unit, trackerCopy.viewWeek, 2),
    };
  });
}
