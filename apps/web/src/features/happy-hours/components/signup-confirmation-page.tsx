/**
 * Happy Hours sign-up confirmation (docs/screens.md, docs/rules.md#states-and-transitions): the URL carries the slot's label; from tomorrow the customer
 * gets 2 hours of free electricity in it, with a link to change the slot. The free hours start on the next
 * weekday, so a sign-up from Friday to Sunday names that Monday instead of saying "tomorrow": one statement.
 */
import {
  addDays,
  findTimeSlot,
  formatMessage,
  formatWeekdayDate,
  happyHoursCopy,
  happyHoursNotices,
  marketToday,
  paths,
  screenTitles,
  slotEffectiveDate,
} from '@portal/contracts';
import { Link, Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import './happy-hours.css';

export function SignupConfirmationPage() {
  useDocumentTitle(screenTitles.happyHoursSignupConfirmation);
  const { accountId = '', timeslot } = useParams();
  const slot = findTimeSlot(timeslot);
  if (!slot) return <Navigate replace to={paths.happyHoursSignup.href(accountId)} />;
  const now = new Date();
  const start = slotEffectiveDate(now);
  const startsTomorrow = start === addDays(marketToday(now), 1);
  return (
    <section className="page happy-hours" aria-labelledby="confirmation-title">
      <h1 id="confirmation-title">{screenTitles.happyHoursSignupConfirmation}</h1>
      <p className="happy-hours__intro">
        {startsTomorrow
          ? formatMessage(happyHoursCopy.confirmation, { slot: slot.label })
          : formatMessage(happyHoursNotices.confirmationFrom, {
              date: formatWeekdayDate(start),
              slot: slot.label,
            })}
      </p>
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
