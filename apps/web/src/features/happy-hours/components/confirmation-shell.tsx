/**
 * The two Happy Hours confirmations read the participant from the server before they say anything (issue 26
 * item 3): an account not in the offer goes to the offer-expired page, one not signed up to the sign-up page,
 * an address whose slot is not the customer's is replaced by the customer's, and an account that cannot be
 * read says why (decision 0038). `children` gets the participant's state once it is known to be signed up.
 */
import {
  findTimeSlot,
  marketToday,
  messages,
  offerLookupCopy,
  paths,
  timeSlotLabel,
} from '@portal/contracts';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { LookupProblem, lookupProblemMessage } from '../../../shared/components/lookup-problem.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useHappyHoursParticipant } from '../api/get-participant.ts';
import { type ConfirmationState, confirmationState } from '../lib/confirmation.ts';
import { isNotInvited } from '../lib/outcomes.ts';
import { useErrorAlert } from '../lib/use-error-alert.ts';
import './happy-hours.css';

type SignedUp = Extract<ConfirmationState, { kind: 'signed-up' }>;

export function ConfirmationShell({
  title,
  titleId,
  href,
  children,
}: {
  title: string;
  titleId: string;
  /** The address of this confirmation for a slot's label. */
  href: (accountId: string, slotLabel: string) => string;
  children: (state: SignedUp, today: string, accountId: string) => ReactNode;
}) {
  const { accountId = '', timeslot } = useParams();
  const participant = useHappyHoursParticipant(accountId);
  const data = participant.data;
  const state = data ? confirmationState(data) : null;
  const problem = !data && participant.error && !isNotInvited(participant.error) ? participant.error : null;
  useDocumentTitle(state?.kind === 'signed-up' || !problem ? title : offerLookupCopy.title);
  useErrorAlert(problem, lookupProblemMessage(problem, messages.participantFetchError));

  if (isNotInvited(participant.error)) return <Navigate replace to={paths.offerExpired.href(accountId)} />;
  if (state?.kind === 'not-signed-up') {
    return <Navigate replace to={paths.happyHoursSignup.href(accountId)} />;
  }
  if (state?.kind === 'signed-up' && data?.time_slot && findTimeSlot(timeslot)?.id !== data.time_slot) {
    return <Navigate replace to={href(accountId, timeSlotLabel(data.time_slot))} />;
  }
  return (
    <section className="page happy-hours" aria-labelledby={titleId}>
      <h1 id={titleId}>{problem ? offerLookupCopy.title : title}</h1>
      {state?.kind === 'signed-up' ? (
        children(state, marketToday(), accountId)
      ) : problem ? (
        <LookupProblem
          error={problem}
          fallback={messages.participantFetchError}
          retrying={participant.isFetching}
          onRetry={() => void participant.refetch()}
        />
      ) : (
        <PageLoading />
      )}
    </section>
  );
}
