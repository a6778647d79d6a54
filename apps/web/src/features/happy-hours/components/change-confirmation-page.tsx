/**
 * Happy Hours change confirmation (docs/screens.md): 'Success!', the free hours have changed to the chosen slot,
 * effective the following weekday (named, e.g. Monday 23 November, by the same rule as the server's).
 */
import {
  findTimeSlot,
  formatMessage,
  formatWeekdayDate,
  happyHoursCopy,
  paths,
  screenTitles,
  slotEffectiveDate,
} from '@portal/contracts';
import { Link, Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import './happy-hours.css';

export function ChangeConfirmationPage() {
  useDocumentTitle(screenTitles.happyHoursChangeConfirmation);
  const { accountId = '', timeslot } = useParams();
  const slot = findTimeSlot(timeslot);
  if (!slot) return <Navigate replace to={paths.happyHoursChangeSlot.href(accountId)} />;
  return (
    <section className="page happy-hours" aria-labelledby="change-confirmation-title">
      <h1 id="change-confirmation-title">{screenTitles.happyHoursChangeConfirmation}</h1>
      <p className="happy-hours__intro">
        {formatMessage(happyHoursCopy.changeConfirmation, {
          slot: slot.label,
          date: formatWeekdayDate(slotEffectiveDate(new Date())),
        })}
      </p>
      <ul className="happy-hours__links">
        <li>
          <Link to={paths.usage.href(accountId)}>{happyHoursCopy.trackerLink}</Link>
        </li>
      </ul>
    </section>
  );
}
