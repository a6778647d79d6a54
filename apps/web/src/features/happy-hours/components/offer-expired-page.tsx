/** Offer expired, shared by Happy Hours and Reduce & Be Rewarded (docs/screens.md, docs/rules.md#states-and-transitions): the message, and the Tracker. */
import { happyHoursCopy, messages, paths } from '@portal/contracts';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import './happy-hours.css';

export function OfferExpiredPage() {
  useDocumentTitle(messages.offerExpired);
  const { accountId = '' } = useParams();
  return (
    <section className="page happy-hours" aria-labelledby="offer-expired-title">
      <h1 id="offer-expired-title">{messages.offerExpired}</h1>
      <ul className="happy-hours__links">
        <li>
          <Link to={paths.usage.href(accountId)}>{happyHoursCopy.trackerLink}</Link>
        </li>
      </ul>
    </section>
  );
}
