/**
 * "Where your money goes" for the week or the day shown (issue 28 item 1): a table a screen reader reads as
 * it is (part, kWh, amount, the total in its footer), each row with its bar drawn beside the label as an SVG on
 * the parts' own linear scale (hidden from assistive technology: the amount says it). The server's figures
 * add up to the total shown (docs/tracker-figures.md#where-your-money-goes).
 */
import {
  formatCurrency,
  formatDecimal,
  formatMessage,
  type MoneyParts,
  trackerCopy,
} from '@portal/contracts';
import { useId } from 'react';
import { moneyPartRows } from '../lib/money-parts.ts';
import './money-parts.css';

export interface MoneyPartsProps {
  parts: MoneyParts;
  /** The total shown beside the chart, which the parts add up to. */
  total: number;
  /** The week's range or the day, for the table's title. */
  range: string;
  /** Days with data the parts cover (7 or fewer for a week, 1 for a day). */
  daysWithData: number;
}

export function MoneyPartsCard({ parts, total, range, daysWithData }: MoneyPartsProps) {
  const headingId = useId();
  const captionId = useId();
  const rows = moneyPartRows(parts);
  const hasAlwaysOn = parts.parts.some((part) => part.part === 'always_on');
  return (
    <section className="tracker-card money-parts" aria-labelledby={headingId} data-testid="money-parts">
      <h2 id={headingId}>{trackerCopy.moneyPartsTitle}</h2>
      <table className="money-parts__table" aria-labelledby={captionId}>
        <caption id={captionId} className="money-parts__caption">
          {formatMessage(trackerCopy.moneyPartsCaption, { range })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{trackerCopy.moneyPartsPart}</th>
            <th scope="col" className="money-parts__number">
              {trackerCopy.moneyPartsKwh}
            </th>
            <th scope="col" className="money-parts__number">
              {trackerCopy.moneyPartsAmount}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.isCredit ? 'money-parts__credit' : undefined}>
              <th scope="row">
                <span className="money-parts__label">{row.label}</span>
                <svg
                  className="money-parts__bar"
                  viewBox="0 0 100 6"
                  preserveAspectRatio="none"
                  aria-hidden="true"
                  focusable="false"
                >
                  <rect x="0" y="0" width={row.bar} height="6" />
                </svg>
              </th>
              <td className="money-parts__number">{row.kwh === null ? '' : formatDecimal(row.kwh, 2)}</td>
              <td className="money-parts__number">{formatCurrency(row.spend)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{trackerCopy.moneyPartsTotal}</th>
            <td />
            <td className="money-parts__number" data-testid="money-parts-total">
              {formatCurrency(total)}
            </td>
          </tr>
        </tfoot>
      </table>
      {hasAlwaysOn && <p className="money-parts__note">{trackerCopy.moneyPartsAlwaysOnNote}</p>}
      {parts.always_on_days < daysWithData && (
        <p className="money-parts__note">
          {formatMessage(trackerCopy.moneyPartsAlwaysOnDays, {
            days: parts.always_on_days,
            total: daysWithData,
          })}
        </p>
      )}
    </section>
  );
}
