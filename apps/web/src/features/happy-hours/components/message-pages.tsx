/**
 * The Happy Hours message screens (docs/screens.md, docs/rules.md#states-and-transitions), one shape: a title,
 * what the message says, and where to go next (the Tracker, and changing the slot where there is one).
 *
 * - Already registered: the message, and changing the slot instead.
 * - Offer expired, shared with Reduce & Be Rewarded: the message, and the Tracker.
 * - The two confirmations read the participant from the server before they say anything (issue 26 item 3): an
 *   account not in the offer goes to the offer-expired page, one not signed up to the sign-up page, an address
 *   whose slot is not the customer's is replaced by the customer's, and an account that cannot be read says
 *   why (decision 0038). The slot and its dates are the server's, not the address's.
 *   - Sign-up: 'Welcome! Time to start saving'; the free hours start on the next weekday, so a sign-up from
 *     Friday to Sunday names that Monday instead of saying "tomorrow", and one opened after they started says
 *     since when.
 *   - Change: 'Success!', the free hours have changed to the customer's slot, effective the following weekday
 *     (named, e.g. Monday 23 November); once the change applies it says since when.
 */
import {
  findTimeSlot,
  formatMessage,
  happyHoursCopy,
  marketToday,
  messages,
  offerLookupCopy,
  paths,
  screenTitles,
  timeSlotLabel,
} from '@portal/contracts';
import { type ReactNode, useId } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { LookupProblem, lookupProblemMessage } from '../../../shared/components/lookup-problem.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useFetchErrorAlert } from '../../../shared/hooks/use-fetch-error-alert.ts';
import { useHappyHoursParticipant } from '../api/get-participant.ts';
import {
  type ConfirmationState,
  changeConfirmationText,
  confirmationState,
  signupConfirmationText,
  slotStillInForce,
} from '../lib/confirmation.ts';
import { isNotInvited } from '../lib/outcomes.ts';
import './happy-hours.css';

/** One message screen: its title (the page's too), what it says, and its links when it has them. */
function MessagePage({
  title,
  links,
  children,
}: {
  title: string;
  /** The account the links lead into; `changeSlot` adds the link to change the slot. */
  links?: { accountId: string; changeSlot: boolean };
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  const titleId = useId();
  return (
    <section className="page happy-hours" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {children}
      {links && (
        <ul className="happy-hours__links">
          {links.changeSlot && (
            <li>
              <Link to={paths.happyHoursChangeSlot.href(links.accountId)}>{happyHoursCopy.changeLink}</Link>
            </li>
          )}
          <li>
            <Link to={paths.usage.href(links.accountId)}>{happyHoursCopy.trackerLink}</Link>
          </li>
        </ul>
      )}
    </section>
  );
}

export function AlreadyRegisteredPage() {
  const { accountId = '' } = useParams();
  return <MessagePage title={messages.alreadyRegistered} links={{ accountId, changeSlot: true }} />;
}

export function OfferExpiredPage() {
  const { accountId = '' } = useParams();
  return <MessagePage title={messages.offerExpired} links={{ accountId, changeSlot: false }} />;
}

type SignedUp = Extract<ConfirmationState, { kind: 'signed-up' }>;

/** A confirmation: what it says once the participant is known to be signed up (see the module's note). */
function ConfirmationPage({
  title,
  href,
  says,
}: {
  title: string;
  /** The address of this confirmation for a slot's label. */
  href: (accountId: string, slotLabel: string) => string;
  says: (state: SignedUp, today: string) => ReactNode;
}) {
  const { accountId = '', timeslot } = useParams();
  const participant = useHappyHoursParticipant(accountId);
  const data = participant.data;
  const state = data ? confirmationState(data) : null;
  const problem = !data && participant.error && !isNotInvited(participant.error) ? participant.error : null;
  useFetchErrorAlert(problem, (error) => lookupProblemMessage(error, messages.participantFetchError));

  if (isNotInvited(participant.error)) return <Navigate replace to={paths.offerExpired.href(accountId)} />;
  if (state?.kind === 'not-signed-up') {
    return <Navigate replace to={paths.happyHoursSignup.href(accountId)} />;
  }
  if (state?.kind === 'signed-up' && data?.time_slot && findTimeSlot(timeslot)?.id !== data.time_slot) {
    return <Navigate replace to={href(accountId, timeSlotLabel(data.time_slot))} />;
  }
  if (state?.kind === 'signed-up') {
    return (
      <MessagePage title={title} links={{ accountId, changeSlot: true }}>
        {says(state, marketToday())}
      </MessagePage>
    );
  }
  return (
    <MessagePage title={problem ? offerLookupCopy.title : title}>
      {problem ? (
        <LookupProblem error={problem} fallback={messages.participantFetchError} lookUp={participant} />
      ) : (
        <PageLoading />
      )}
    </MessagePage>
  );
}

export function SignupConfirmationPage() {
  return (
    <ConfirmationPage
      title={screenTitles.happyHoursSignupConfirmation}
      href={paths.happyHoursConfirmation.href}
      says={(state, today) => {
        const current = slotStillInForce(state);
        return (
          <>
            <p className="happy-hours__intro" data-testid="confirmation-text">
              {signupConfirmationText(state, today)}
            </p>
            {current && (
              <p className="happy-hours__status">
                {formatMessage(happyHoursCopy.currentSlot, { slot: current })}
              </p>
            )}
          </>
        );
      }}
    />
  );
}

export function ChangeConfirmationPage() {
  return (
    <ConfirmationPage
      title={screenTitles.happyHoursChangeConfirmation}
      href={paths.happyHoursChangeConfirmation.href}
      says={(state, today) => (
        <p className="happy-hours__intro" data-testid="confirmation-text">
          {changeConfirmationText(state, today)}
        </p>
      )}
    />
  );
}
