/**
 * The Event History table (docs/screens.md): DATE (a link to the event only when its usage exists), RESULT, BILL
 * CREDIT and RANKING.
 */
import { eventCopy, formatCurrency, paths } from '@portal/contracts';
import { Link } from 'react-router';
import { entryTier, eventDateOf, formatEventDate, type HistoryEntry, resultText } from '../lib/history.ts';
import { RankIcon } from './rank-icon.tsx';

export function EventHistoryTable({
  accountId,
  entries,
}: {
  accountId: string;
  entries: readonly HistoryEntry[];
}) {
  if (entries.length === 0) return <p>{eventCopy.historyEmpty}</p>;
  return (
    <div className="rr-table__scroll">
      <table className="rr-table">
        <caption className="visually-hidden">{eventCopy.historyTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{eventCopy.columnDate}</th>
            <th scope="col">{eventCopy.columnResult}</th>
            <th scope="col">{eventCopy.columnCredit}</th>
            <th scope="col">{eventCopy.columnRanking}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const day = eventDateOf(entry.dr_event.start_time);
            // The month in full, or shortened on a phone (only one is displayed, so only one is read).
            const date = (
              <>
                <span className="rr-date--long">{formatEventDate(day)}</span>
                <span className="rr-date--short">{formatEventDate(day, true)}</span>
              </>
            );
            const tier = entryTier(entry);
            const result = resultText(entry);
            return (
              <tr key={`${entry.dr_event.id}-${entry.dr_event.start_time}`} data-testid="history-row">
                <th scope="row">
                  {entry.event_usage_exists ? (
                    <Link to={paths.event.href(accountId, String(entry.dr_event.id))}>{date}</Link>
                  ) : (
                    date
                  )}
                </th>
                <td
                  className={`rr-result rr-result--${entry.event_usage_exists ? (entry.passed ? 'passed' : 'almost') : 'missing'}`}
                >
                  {result}
                </td>
                <td>{formatCurrency(entry.dr_event_rewards.cents / 100)}</td>
                <td>
                  {tier ? (
                    <RankIcon tier={tier} />
                  ) : (
                    <span>
                      <span aria-hidden="true">–</span>
                      <span className="visually-hidden">{eventCopy.noRanking}</span>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
