/**
 * Change the Happy Hours time slot (spec §2, §4): the four slots and UPDATE, enabled once a slot is chosen.
 * A participant not signed up, or a lookup saying the account was not found, goes to "offer expired"; other
 * lookup failures show the offer error (spec §8). Success goes to the change confirmation.
 */
import {
  formatMessage,
  formatWeekdayDate,
  happyHoursCopy,
  MARKET_UTC_OFFSET_MINUTES,
  marketDateOf,
  marketToday,
  messages,
  paths,
  screenTitles,
  type TimeSlotId,
  timeSlotLabel,
} from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useChooseSlot } from '../api/choose-slot.ts';
import { useHappyHoursParticipant } from '../api/get-participant.ts';
import { changeSlotFailure, saysAccountNotFound } from '../lib/outcomes.ts';
import { useErrorAlert } from '../lib/use-error-alert.ts';
import { SlotPicker } from './slot-picker.tsx';
import './happy-hours.css';

/** "14:30" in AEST for an instant. */
function aestTime(instant: string): string {
  const shifted = new Date(Date.parse(instant) + MARKET_UTC_OFFSET_MINUTES * 60_000);
  return `${String(shifted.getUTCHours()).padStart(2, '0')}:${String(shifted.getUTCMinutes()).padStart(2, '0')}`;
}

export function ChangeSlotPage() {
  useDocumentTitle(screenTitles.happyHoursChangeSlot);
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const { showAlert, closeAlert } = useAlert();
  const participant = useHappyHoursParticipant(accountId);
  const [slot, setSlot] = useState<TimeSlotId | null>(null);
  const change = useChooseSlot(accountId, {
    onSuccess: (chosen) => {
      // An earlier 'Timeslot already selected' must not linger over the confirmation.
      closeAlert();
      return navigate(paths.happyHoursChangeConfirmation.href(accountId, timeSlotLabel(chosen)));
    },
    onError: (error) => showAlert(changeSlotFailure(error)),
  });
  const notFound = saysAccountNotFound(participant.error);
  useErrorAlert(participant.error && !notFound ? participant.error : null, messages.offerFetchError);

  if (notFound || (participant.data && !participant.data.opted_in && !change.isSuccess)) {
    return <Navigate replace to={paths.offerExpired.href(accountId)} />;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (slot) change.mutate(slot);
  }

  const data = participant.data;
  const pending = data?.time_slot && data.effective_date && data.effective_date > marketToday() ? data : null;
  return (
    <section className="page happy-hours" aria-labelledby="change-slot-title">
      <h1 id="change-slot-title">{screenTitles.happyHoursChangeSlot}</h1>
      {participant.isPending ? (
        <PageLoading />
      ) : (
        <>
          <p className="happy-hours__intro">{happyHoursCopy.changeIntro}</p>
          {data?.active_time_slot && (
            <p className="happy-hours__status">
              {formatMessage(happyHoursCopy.currentSlot, { slot: timeSlotLabel(data.active_time_slot) })}
            </p>
          )}
          {pending?.time_slot && pending.effective_date && (
            <p className="happy-hours__status">
              {formatMessage(happyHoursCopy.pendingSlot, {
                slot: timeSlotLabel(pending.time_slot),
                date: formatWeekdayDate(pending.effective_date),
              })}
            </p>
          )}
          {data?.next_change_at && (
            <p className="happy-hours__note">
              {formatMessage(happyHoursCopy.nextChange, {
                time: aestTime(data.next_change_at),
                date: formatWeekdayDate(marketDateOf(new Date(data.next_change_at))),
              })}
            </p>
          )}
          <form className="happy-hours__form" onSubmit={onSubmit} aria-labelledby="change-slot-title">
            <SlotPicker legend={happyHoursCopy.slotsLegend} value={slot} onChange={setSlot} />
            <button className="button button--primary" type="submit" disabled={!slot || change.isPending}>
              {happyHoursCopy.update}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
