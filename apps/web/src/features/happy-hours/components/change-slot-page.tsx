/**
 * Change the Happy Hours time slot (docs/screens.md, docs/rules.md#states-and-transitions): the four slots and UPDATE, enabled once a slot is chosen.
 * A participant not signed up, or a lookup saying the account was not found, goes to "offer expired"; other
 * lookup failures show the offer error (docs/api.md#errors). Success goes to the change confirmation.
 * The slot changes at most once every 24 hours (docs/rules.md#validation): until `next_change_at` the page says when it can
 * change and the slots and UPDATE are off, and a change the server refuses for that reason (409) says when
 * instead of "try again", which could not work (issue 15 item 6).
 */
import {
  formatMessage,
  formatWeekdayDate,
  happyHoursCopy,
  happyHoursNotices,
  MARKET_UTC_OFFSET_MINUTES,
  marketDateOf,
  marketToday,
  messages,
  paths,
  screenTitles,
  type TimeSlotId,
  timeSlotLabel,
} from '@portal/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { LookupProblem, lookupProblemMessage } from '../../../shared/components/lookup-problem.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useFetchErrorAlert } from '../../../shared/hooks/use-fetch-error-alert.ts';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { useChooseSlot } from '../api/choose-slot.ts';
import { useHappyHoursParticipant } from '../api/get-participant.ts';
import { changeSlotFailure, saysAccountNotFound } from '../lib/outcomes.ts';
import { SlotPicker } from './slot-picker.tsx';
import './happy-hours.css';

/** "14:30" in AEST for an instant. */
function aestTime(instant: string): string {
  const shifted = new Date(Date.parse(instant) + MARKET_UTC_OFFSET_MINUTES * 60_000);
  return `${String(shifted.getUTCHours()).padStart(2, '0')}:${String(shifted.getUTCMinutes()).padStart(2, '0')}`;
}

/** "from 14:30 on Tuesday 24 November": when the slot can next change. */
const nextChangeValues = (instant: string) => ({
  time: aestTime(instant),
  date: formatWeekdayDate(marketDateOf(new Date(instant))),
});

/** True until `instant` has passed; re-renders when it does, so UPDATE comes back on by itself. */
function useUntil(instant: string | null | undefined): boolean {
  const [, setTick] = useState(0);
  const remaining = instant ? Date.parse(instant) - Date.now() : 0;
  useEffect(() => {
    if (remaining <= 0) return;
    // Timers cannot wait longer than about 24.8 days; the wait is at most 24 hours.
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.min(remaining + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [remaining]);
  return remaining > 0;
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
    onError: async (error) => {
      // 409: the slot changed less than 24 hours ago (or the page was older than that change). The refreshed
      // participant says until when; only without that is it the spec's "try again".
      if (error instanceof ApiError && error.status === 409) {
        const fresh = await participant.refetch();
        const next = fresh.data?.next_change_at;
        if (next && Date.parse(next) > Date.now()) {
          showAlert({
            kind: 'warning',
            message: formatMessage(happyHoursNotices.changeTooSoon, nextChangeValues(next)),
          });
          // The slots and UPDATE are now off: focus moves to what says until when, not to the page.
          setFocusNote(true);
          return;
        }
      }
      showAlert(changeSlotFailure(error));
    },
  });
  const locked = useUntil(participant.data?.next_change_at);
  const note = useRef<HTMLParagraphElement>(null);
  const [focusNote, setFocusNote] = useState(false);
  useEffect(() => {
    if (focusNote && locked && note.current) {
      note.current.focus();
      setFocusNote(false);
    }
  }, [focusNote, locked]);
  const notFound = saysAccountNotFound(participant.error);
  // A participant that cannot be read gets no form (decision 0038): the spec's offer message, or the
  // account's own for another retailer's account; a later failed re-read keeps the form.
  const problem = !participant.data && participant.error && !notFound ? participant.error : null;
  useFetchErrorAlert(problem, (error) => lookupProblemMessage(error, messages.offerFetchError));

  if (notFound || (participant.data && !participant.data.opted_in && !change.isSuccess)) {
    return <Navigate replace to={paths.offerExpired.href(accountId)} />;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (slot && !locked && !change.isPending) change.mutate(slot);
  }

  const data = participant.data;
  const pending = data?.time_slot && data.effective_date && data.effective_date > marketToday() ? data : null;
  return (
    <section className="page happy-hours" aria-labelledby="change-slot-title">
      <h1 id="change-slot-title">{screenTitles.happyHoursChangeSlot}</h1>
      {problem ? (
        <LookupProblem error={problem} fallback={messages.offerFetchError} lookUp={participant} />
      ) : participant.isPending ? (
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
          {locked && data?.next_change_at && (
            <p className="happy-hours__note" data-testid="next-change" ref={note} tabIndex={-1}>
              {formatMessage(happyHoursCopy.nextChange, nextChangeValues(data.next_change_at))}
            </p>
          )}
          <form className="happy-hours__form" onSubmit={onSubmit} aria-labelledby="change-slot-title">
            <SlotPicker
              legend={happyHoursCopy.slotsLegend}
              value={slot}
              onChange={setSlot}
              disabled={locked}
            />
            <button
              className="button button--primary"
              type="submit"
              disabled={!slot || locked}
              aria-disabled={change.isPending || undefined}
            >
              {happyHoursCopy.update}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
