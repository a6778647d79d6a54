/**
 * Happy Hours landing and sign-up (docs/screens.md, docs/rules.md): three steps - choose one of the four 2-hour slots, read
 * the full special conditions and tick the agreement, then Sign up, enabled only when both are done. An
 * account already signed up goes to "already registered"; one not in the offer (404) or past the retailer's
 * signup_end_time goes to "offer expired". Success goes to the confirmation carrying the slot's label.
 */
import {
  formatMessage,
  happyHoursCopy,
  messages,
  paths,
  screenTitles,
  signupClosed,
  type TimeSlotId,
  timeSlotLabel,
} from '@portal/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { LookupProblem, lookupProblemMessage } from '../../../shared/components/lookup-problem.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useFetchErrorAlert } from '../../../shared/hooks/use-fetch-error-alert.ts';
import { useChooseSlot } from '../api/choose-slot.ts';
import { useHappyHoursParticipant } from '../api/get-participant.ts';
import { useDaytimeSaverConfig } from '../api/get-product-config.ts';
import { isNotInvited, signupFailure } from '../lib/outcomes.ts';
import { SlotPicker } from './slot-picker.tsx';
import { SpecialConditions } from './special-conditions.tsx';
import './happy-hours.css';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="happy-hours__step" aria-labelledby={id}>
      <h2 id={id} className="happy-hours__step-title">
        <span className="happy-hours__step-number">
          {formatMessage(happyHoursCopy.stepLabel, { number })}
        </span>{' '}
        {title}
      </h2>
      {children}
    </section>
  );
}

export function HappyHoursSignupPage() {
  useDocumentTitle(screenTitles.happyHoursSignup);
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const { showAlert, closeAlert } = useAlert();
  const participant = useHappyHoursParticipant(accountId);
  const config = useDaytimeSaverConfig();
  const [slot, setSlot] = useState<TimeSlotId | null>(null);
  const [agreed, setAgreed] = useState(false);
  const conditionsId = useId();
  const hintId = useId();
  const signup = useChooseSlot(accountId, {
    onSuccess: (chosen) => {
      closeAlert();
      // In place of the sign-up form: Back then leaves the offer rather than reopening a form that can only
      // say "already registered" to someone who has just signed up (issue 26 item 14).
      return navigate(paths.happyHoursConfirmation.href(accountId, timeSlotLabel(chosen)), { replace: true });
    },
    onError: (error) => showAlert(signupFailure(error)),
  });
  // A participant that cannot be read gets no form (decision 0038); a later failed re-read keeps the form.
  const participantError =
    !participant.data && participant.error && !isNotInvited(participant.error) ? participant.error : null;
  useFetchErrorAlert(participantError, (error) =>
    lookupProblemMessage(error, messages.participantFetchError),
  );
  useFetchErrorAlert(config.error, messages.offerFetchError);

  if (participant.data?.opted_in && !signup.isSuccess) {
    return <Navigate replace to={paths.happyHoursAlreadyRegistered.href(accountId)} />;
  }
  if (isNotInvited(participant.error) || (config.data && signupClosed(config.data))) {
    return <Navigate replace to={paths.offerExpired.href(accountId)} />;
  }

  const ready = slot !== null && agreed;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (slot && agreed && !signup.isPending) signup.mutate(slot);
  }

  return (
    <section className="page happy-hours" aria-labelledby="happy-hours-title">
      <h1 id="happy-hours-title">{screenTitles.happyHoursSignup}</h1>
      {participantError ? (
        <LookupProblem
          error={participantError}
          fallback={messages.participantFetchError}
          lookUp={participant}
        />
      ) : participant.isPending || config.isPending ? (
        <PageLoading />
      ) : (
        <>
          <p className="happy-hours__intro">{happyHoursCopy.intro}</p>
          <form className="happy-hours__form" onSubmit={onSubmit} aria-labelledby="happy-hours-title">
            <Step number={1} title={happyHoursCopy.step1}>
              <SlotPicker legend={happyHoursCopy.slotsLegend} value={slot} onChange={setSlot} />
              <p className="happy-hours__note">{happyHoursCopy.slotNote}</p>
            </Step>
            <Step number={2} title={happyHoursCopy.step2}>
              <SpecialConditions headingId={conditionsId} />
              <label className="happy-hours__agree">
                <input
                  type="checkbox"
                  checked={agreed}
                  onChange={(event) => setAgreed(event.target.checked)}
                />
                <span>{happyHoursCopy.agree}</span>
              </label>
            </Step>
            <Step number={3} title={happyHoursCopy.step3}>
              <button
                className="button button--primary"
                type="submit"
                disabled={!ready}
                aria-disabled={signup.isPending || undefined}
                aria-describedby={ready ? undefined : hintId}
              >
                {happyHoursCopy.signUp}
              </button>
              {!ready && (
                <p id={hintId} className="happy-hours__note">
                  {happyHoursCopy.signUpHint}
                </p>
              )}
            </Step>
          </form>
        </>
      )}
    </section>
  );
}
