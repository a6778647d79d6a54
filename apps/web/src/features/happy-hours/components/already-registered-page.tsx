/** Happy Hours already registered (docs/screens.md): the message, and the way to change the slot instead. */
import { happyHoursCopy, messages, paths } from '@portal/contracts';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import './happy-hours.css';

export function AlreadyRegisteredPage() {
  useDocumentTitle(messages.alreadyRegistered);
  const { accountId = '' } = useParams();
  return (
    <section className="page happy-hours" aria-labelledby="already-registered-title">
      <h1 id="already-registered-title">{messages.alreadyRegistered}</h1>
      <ul className="happy-hours__links">
        <li>
          <Link to={paths.happyHoursChangeSlot.href(accountId)}>{happyHoursCopy.changeLink}</Link>
        </li>
        <li>
          <Link to={paths.usage.href(accountId)}>{happyHoursCopy.trackerLink}</Link>
        </li>
      </ul>
    </section>
  );
}
