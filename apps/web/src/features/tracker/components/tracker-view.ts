/**
 * What the week view and the day view of the Tracker (docs/screens.md) each decide, for the one frame that
 * draws them (tracker-page.tsx). Each view's differences live in its own module (week-view.tsx, day-view.tsx);
 * the frame stays mounted between them, so the unit chosen, the hint and the focused column survive opening a
 * day and going back to its week.
 */
import type { DayEntry, HourEntry, UsageResponse } from '@portal/contracts';
import type { ComponentType, ReactNode } from 'react';
import type { ChartColumn, ChartUnit, ChartView } from '../lib/chart-model.ts';
import type { ColumnLabel } from '../lib/column-labels.ts';
import type { NavTargets } from '../lib/navigation.ts';
import type { MoneyPartsProps } from './money-parts.tsx';

/** A card another feature adds to the week (the plans' better offer), passed in by the app. */
export type OverviewCard = ComponentType<{ accountId: string }>;

export interface TrackerViewInput {
  accountId: string;
  /** The week's Monday. */
  from: string;
  data: UsageResponse | undefined;
  unit: ChartUnit;
  isCurrentWeek: boolean;
  navigate(href: string): unknown;
  offerCard?: OverviewCard | undefined;
}

export interface TrackerView {
  view: ChartView;
  /** The chart's columns: the week's days or the day's hours (empty without data). */
  entries: ReadonlyArray<DayEntry | HourEntry>;
  nav: NavTargets;
  heading: string;
  chartTitle: string;
  totalSpend: number | null | undefined;
  noDataMessage: string;
  previousLabel: string;
  nextLabel: string;
  columnLabels(columns: readonly ChartColumn[]): ColumnLabel[];
  /** The budget line, per day (week view in dollars with a budget only). */
  budgetPerDay: number | null;
  /** What activating a column does, in words, and where it goes. */
  actionLabel: string;
  columnHref(index: number): string;
  /** The name of a table row (a column of the chart), and a shorter one for phones where there is one. */
  rowName(index: number): string;
  shortRowName?(index: number): string;
  /** Above the chart: the week's overview or the day's insights. */
  above: ReactNode;
  /** In the chart's header, before the unit switch. */
  headerAction: ReactNode;
  /** Whether the chart hint may show. */
  showsHint: boolean;
  /** Below the legend. */
  footnote: ReactNode;
  /** Where the money goes, below the chart (null without data). */
  moneyParts: MoneyPartsProps | null;
  /** Forms below the chart, before the download. */
  forms: ReactNode;
  /**
   * Last on the screen, after the download: what arrives after the first paint, where its arrival moves nothing
   * already painted (issue 32, CLS 0).
   */
  below: ReactNode;
}
