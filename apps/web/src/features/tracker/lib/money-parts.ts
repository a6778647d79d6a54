/**
 * "Where your money goes" (issue 28 item 1, docs/tracker-figures.md#where-your-money-goes) as rows to draw: each
 * part's label, kWh and dollars as the server sends them (they add up to the total shown beside them; nothing
 * here rounds or sums money but whole cents), and its bar on a linear scale from 0 to the largest part, credits
 * drawn the same way and marked as credits.
 */
import { type MoneyParts, moneyPartLabel } from '@portal/contracts';
import { linearScale } from '../../../shared/lib/scales.ts';

export interface MoneyPartRow {
  key: string;
  label: string;
  kwh: number | null;
  spend: number;
  /** The bar's length, 0-100 percent of the widest. */
  bar: number;
  isCredit: boolean;
}

export function moneyPartRows(parts: MoneyParts): MoneyPartRow[] {
  const largest = Math.max(0, ...parts.parts.map((part) => Math.abs(part.spend)));
  const x = linearScale([0, largest > 0 ? largest : 1], [0, 100], { clamp: true });
  return parts.parts.map((part) => ({
    key: `${part.part}:${part.period ?? ''}`,
    label: moneyPartLabel(part),
    kwh: part.usage_kwh,
    spend: part.spend,
    bar: x(Math.abs(part.spend)),
    isCredit: part.spend < 0,
  }));
}
