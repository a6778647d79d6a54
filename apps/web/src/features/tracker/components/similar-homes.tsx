/**
 * Similar homes (issue 28 item 3), in the week's last section (tracker-insights.tsx): the customer's kWh a day over the last 4 complete
 * weeks against the group's median and efficient 20%, with Opower's words, as a table a screen reader reads as it
 * is; the survey's invitation without a profile; otherwise why there is nothing to compare yet. The server
 * stores it weekly and never gives out another home's figure (docs/tracker-figures.md#similar-homes).
 */
import { formatDecimal, formatMessage, type SimilarHomes, similarHomesCopy } from '@portal/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDayMonthYear } from '../../../shared/lib/dates.ts';
import { useSimilarHomes } from '../api/get-insights.ts';

function reason(data: SimilarHomes, business: boolean): string {
  switch (data.status) {
    case 'small_group':
      return similarHomesCopy.smallGroup;
    case 'no_group':
      return similarHomesCopy.noGroup;
    case 'not_enough_data':
      return similarHomesCopy.notEnoughData;
    case 'pending':
      return similarHomesCopy.pending;
    default:
      return business ? similarHomesCopy.smeNoProfile : similarHomesCopy.noProfile;
  }
}

export function SimilarHomesCard({ accountId, business }: { accountId: string; business: boolean }) {
  const { data } = useSimilarHomes(accountId);
  const captionId = useId();
  if (!data) return null;
  const compared =
    data.status === 'compared' &&
    data.rating !== null &&
    data.own_kwh_per_day !== null &&
    data.median_kwh_per_day !== null &&
    data.efficient_kwh_per_day !== null &&
    data.period_from !== null &&
    data.period_to !== null;
  const kwh = (value: number | null) => formatDecimal(value ?? 0, 1);
  return (
    <div className="overview-card overview-card--wide similar-homes" data-testid="similar-homes">
      <dt>{business ? similarHomesCopy.smeTitle : similarHomesCopy.title}</dt>
      <dd>
        {compared ? (
          <>
            <span className="overview-card__figure" data-testid="similar-homes-rating">
              {(business ? similarHomesCopy.smeRatings : similarHomesCopy.ratings)[data.rating ?? 'more']}
            </span>
            <table className="quarter-comparison__table" aria-labelledby={captionId}>
              <caption id={captionId}>
                {formatMessage(similarHomesCopy.period, {
                  from: formatDayMonthYear(data.period_from ?? ''),
                  to: formatDayMonthYear(data.period_to ?? ''),
                })}
              </caption>
              <tbody>
                <tr>
                  <th scope="row">{similarHomesCopy.you}</th>
                  <td className="quarter-comparison__amount">{kwh(data.own_kwh_per_day)}</td>
                </tr>
                <tr>
                  <th scope="row">{business ? similarHomesCopy.smeEfficient : similarHomesCopy.efficient}</th>
                  <td className="quarter-comparison__amount">{kwh(data.efficient_kwh_per_day)}</td>
                </tr>
                <tr>
                  <th scope="row">{business ? similarHomesCopy.smeMedian : similarHomesCopy.median}</th>
                  <td className="quarter-comparison__amount">{kwh(data.median_kwh_per_day)}</td>
                </tr>
              </tbody>
            </table>
            <p className="overview-card__note">
              {formatMessage(business ? similarHomesCopy.smeBased : similarHomesCopy.based, {
                homes: data.homes ?? 0,
              })}
            </p>
          </>
        ) : (
          <>
            <p className="overview-card__note">{reason(data, business)}</p>
            {data.status === 'no_profile' && data.survey_path && (
              <Link className="button button--secondary" to={data.survey_path}>
                {similarHomesCopy.surveyLink}
              </Link>
            )}
          </>
        )}
      </dd>
    </div>
  );
}
