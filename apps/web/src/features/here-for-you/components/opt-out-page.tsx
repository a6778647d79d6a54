/**
 * Opt out of Reduce & Be Rewarded (docs/screens.md, docs/rules.md#states-and-transitions): 'Are you sure?', the $20 credit warning, Opt Out, and the
 * note that the weekly Tracker email continues. Not opted in goes to opt back in; 404 to offer expired.
 * Success (or 'You have already opted out') goes to opt back in.
 */
import { hereForYouCopy, messages, paths, screenTitles } from '@portal/contracts';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { LookupProblem, lookupProblemMessage } from '../../../shared/components/lookup-problem.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useHereForYouParticipant, useSetHereForYou } from '../api/participant.ts';
import { isNotInvited, optOutFailure } from '../lib/outcomes.ts';
import './here-for-you.css';

export function OptOutPage() {
  useDocumentTitle(screenTitles.optOut);
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const { showAlert, closeAlert } = useAlert();
  const participant = useHereForYouParticipant(accountId);
  const optOut = useSetHereForYou(accountId, false, {
    onSuccess: () => {
      closeAlert();
      return navigate(paths.optBackIn.href(accountId));
    },
    onError: (error) => showAlert(optOutFailure(error)),
  });
  // A participant that cannot be read gets no button (decision 0038); a later failed re-read keeps it.
  const fetchError =
    !participant.data && participant.error && !isNotInvited(participant.error) ? participant.error : null;
  useEffect(() => {
    if (fetchError) {
      showAlert({
        kind: 'warning',
        message: lookupProblemMessage(fetchError, messages.participantFetchError),
      });
    }
  }, [fetchError, showAlert]);

  if (isNotInvited(participant.error)) return <Navigate replace to={paths.offerExpired.href(accountId)} />;
  if (participant.data && !participant.data.opted_in) {
    return <Navigate replace to={paths.optBackIn.href(accountId)} />;
  }
  return (
    <section className="page here-for-you" aria-labelledby="opt-out-title">
      <h1 id="opt-out-title">{screenTitles.optOut}</h1>
      {fetchError ? (
        <LookupProblem
          error={fetchError}
          fallback={messages.participantFetchError}
          retrying={participant.isFetching}
          onRetry={() => void participant.refetch()}
        />
      ) : participant.isPending ? (
        <PageLoading />
      ) : (
        <>
          <h2 className="here-for-you__question">{screenTitles.optOutConfirm}</h2>
          <p className="here-for-you__text">{hereForYouCopy.optOutWarning}</p>
          <button
            className="button button--primary"
            type="button"
            aria-disabled={optOut.isPending || undefined}
            onClick={() => {
              if (!optOut.isPending) optOut.mutate();
            }}
          >
            {hereForYouCopy.optOutButton}
          </button>
          <p className="here-for-you__note">{hereForYouCopy.subscriptionNote}</p>
        </>
      )}
    </section>
  );
}
