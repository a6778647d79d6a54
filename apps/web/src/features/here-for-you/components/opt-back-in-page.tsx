/**
 * Opt back in to Reduce & Be Rewarded (docs/screens.md, docs/rules.md#states-and-transitions): 'You are no longer participating in Reduce & Be
 * Rewarded' and Opt Back In. Opted in goes to opt out; 404 to offer expired; success goes to opt out.
 */
import { hereForYouCopy, messages, paths, screenTitles } from '@portal/contracts';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { LookupProblem, lookupProblemMessage } from '../../../shared/components/lookup-problem.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useHereForYouParticipant, useSetHereForYou } from '../api/participant.ts';
import { isNotInvited } from '../lib/outcomes.ts';
import './here-for-you.css';

export function OptBackInPage() {
  useDocumentTitle(screenTitles.optBackIn);
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const { showAlert, closeAlert } = useAlert();
  const participant = useHereForYouParticipant(accountId);
  const optIn = useSetHereForYou(accountId, true, {
    onSuccess: () => {
      closeAlert();
      return navigate(paths.optOut.href(accountId));
    },
    onError: () => showAlert({ kind: 'warning', message: messages.optInError }),
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
  if (participant.data?.opted_in) return <Navigate replace to={paths.optOut.href(accountId)} />;
  return (
    <section className="page here-for-you" aria-labelledby="opt-back-in-title">
      <h1 id="opt-back-in-title">{screenTitles.optBackIn}</h1>
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
          <p className="here-for-you__text">{hereForYouCopy.optBackInText}</p>
          <button
            className="button button--primary"
            type="button"
            aria-disabled={optIn.isPending || undefined}
            onClick={() => {
              if (!optIn.isPending) optIn.mutate();
            }}
          >
            {hereForYouCopy.optBackInButton}
          </button>
        </>
      )}
    </section>
  );
}
