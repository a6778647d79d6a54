/**
 * This quarter against last year (issue 28 item 2), in the week's last section (tracker-insights.tsx): this
 * quarter so far, the same dates last year and last year's whole quarter, and the difference split into parts
 * that add up to it (the server's figures: docs/tracker-figures.md#this-quarter-against-last-year), as a table a
 * screen reader reads as it is. Nothing shows while it loads or if it cannot be had: the rest of the Tracker
 * does not depend on it.
 */
import { formatCurrency, formatMessage, quarterCopy } from '@portal/contracts';
import { useId } from 'react';
import { formatDayMonthYear } from '../../../shared/lib/dates.ts';
import { useQuarterComparison } from '../api/get-insights.ts';

/** A change in dollars with its sign: "+$1.80", "-$2.00", "$0.00". */
const signed = (amount: number) => (amount > 0 ? `+${formatCurrency(amount)}` : formatCurrency(amount));

export function QuarterComparisonCard({ accountId }: { accountId: string }) {
  const { data } = useQuarterComparison(accountId);
  const captionId = useId();
  if (!data) return null;
  const range = (period: { from: string; to: string }) => ({
    from: formatDayMonthYear(period.from),
    to: formatDayMonthYear(period.to),
  });
  const difference = data.difference;
  return (
    <div className="overview-card overview-card--wide quarter-comparison" data-testid="quarter-comparison">
      <dt>{quarterCopy.title}</dt>
      <dd>
        {data.enough_data && difference !== null && (
          <span className="overview-card__figure" data-testid="quarter-difference">
            {difference === 0
              ? quarterCopy.differenceSame
              : formatMessage(difference > 0 ? quarterCopy.differenceMore : quarterCopy.differenceLess, {
                  amount: formatCurrency(Math.abs(difference)),
                })}
          </span>
        )}
        <ul className="quarter-comparison__totals">
          <li>
            {formatMessage(quarterCopy.thisYear, range(data.this_year))}:{' '}
            {formatCurrency(data.this_year.total)}
          </li>
          <li>
            {formatMessage(quarterCopy.sameDatesLastYear, range(data.same_dates_last_year))}:{' '}
            {formatCurrency(data.same_dates_last_year.total)}
          </li>
          {data.last_year_quarter.days_with_data > 0 && (
            <li>
              {formatMessage(quarterCopy.lastYearQuarter, range(data.last_year_quarter))}:{' '}
              {formatCurrency(data.last_year_quarter.total)}
            </li>
          )}
          <li>
            {quarterCopy.projected}:{' '}
            {data.projected_total === null ? quarterCopy.notProjected : formatCurrency(data.projected_total)}
          </li>
        </ul>
        {data.enough_data && difference !== null ? (
          <>
            <table className="quarter-comparison__table" aria-labelledby={captionId}>
              <caption id={captionId}>
                {formatMessage(quarterCopy.tableCaption, range(data.this_year))}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{quarterCopy.part}</th>
                  <th scope="col" className="quarter-comparison__amount">
                    {quarterCopy.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.parts.map((part) => (
                  <tr key={part.part}>
                    <th scope="row">{quarterCopy.parts[part.part]}</th>
                    <td className="quarter-comparison__amount">{signed(part.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{quarterCopy.total}</th>
                  <td className="quarter-comparison__amount" data-testid="quarter-difference-total">
                    {signed(difference)}
                  </td>
                </tr>
              </tfoot>
            </table>
            <details className="quarter-comparison__method">
              <summary>{quarterCopy.methodTitle}</summary>
              {data.method.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </details>
          </>
        ) : (
          data.method.map((line) => (
            <p key={line} className="overview-card__note">
              {line}
            </p>
          ))
        )}
      </dd>
    </div>
  );
}
