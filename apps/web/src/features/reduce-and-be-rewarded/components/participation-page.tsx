/**
 * Opting out of Reduce & Be Rewarded and back in (docs/screens.md, docs/rules.md#states-and-transitions): one
 * page for both screens, each offering the one change from the state the participant is in, and sending a
 * participant in the other state to the other screen; 404 goes to offer expired. Opt out: 'Are you sure?', the
 * $20 credit warning, Opt Out, and the note that the weekly Tracker email continues; success (or 'You have
 * already opted out') goes to opt back in. Opt back in: 'You are no longer participating in Reduce & Be
 * Rewarded' and Opt Back In; success goes to opt out.
 */
import { type AlertKind, hereForYouCopy, messages, paths, screenTitles } from '@portal/contracts';
import { type ReactNode, useId } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { LookupProblem, lookupProblemMessage } from '../../../shared/components/lookup-problem.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useFetchErrorAlert } from '../../../shared/hooks/use-fetch-error-alert.ts';
import { useParticipation, useSetParticipation } from '../api/participation.ts';
import { isNotInvited, optOutFailure } from '../lib/outcomes.ts';
import './reduce-and-be-rewarded.css';

/** What one of the two screens says and does. */
interface ParticipationScreen {
  title: string;
  /** The participant's state this screen changes: opted in for the opt out. */
  from: boolean;
  /** The screen of the other state, where the change leads. */
  other: (accountId: string) => string;
  button: string;
  failure: (error: unknown) => { kind: AlertKind; message: string };
  /** What the screen says above its button, and below it. */
  before: ReactNode;
  after?: ReactNode;
}

const optOutScreen: ParticipationScreen = {
  title: screenTitles.optOut,
  from: true,
  other: paths.optBackIn.href,
  button: hereForYouCopy.optOutButton,
  failure: optOutFailure,
  before: (
    <>
      <h2 className="participation__question">{screenTitles.optOutConfirm}</h2>
      <p className="participation__text">{hereForYouCopy.optOutWarning}</p>
    </>
  ),
  after: <p className="participation__note">{hereForYouCopy.subscriptionNote}</p>,
};

const optBackInScreen: ParticipationScreen = {
  title: screenTitles.optBackIn,
  from: false,
  other: paths.optOut.href,
  button: hereForYouCopy.optBackInButton,
  failure: () => ({ kind: 'warning', message: messages.optInError }),
  before: <p className="participation__text">{hereForYouCopy.optBackInText}</p>,
};

/** The screen of the other state. */
const otherScreen = (screen: ParticipationScreen) =>
  screen === optOutScreen ? optBackInScreen : optOutScreen;

function ParticipationPage({ screen: asked }: { screen: ParticipationScreen }) {
  const titleId = useId();
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const { showAlert, closeAlert } = useAlert();
  const participant = useParticipation(accountId);
  // A participant in the other state is shown the other screen at once, while the address follows: an empty
  // frame before the redirect drew the footer at the top, and the screen then pushed it down (issue 32, CLS 0).
  const elsewhere = participant.data !== undefined && participant.data.opted_in !== asked.from;
  const screen = elsewhere ? otherScreen(asked) : asked;
  useDocumentTitle(screen.title);
  const change = useSetParticipation(accountId, !screen.from, {
    onSuccess: () => {
      closeAlert();
      return navigate(screen.other(accountId));
    },
    onError: (error) => showAlert(screen.failure(error)),
  });
  // A participant that cannot be read gets no button (decision 0038); a later failed re-read keeps it.
  const fetchError =
    !participant.data && participant.error && !isNotInvited(participant.error) ? participant.error : null;
  useFetchErrorAlert(fetchError, (error) => lookupProblemMessage(error, messages.participantFetchError));

  if (isNotInvited(participant.error)) return <Navigate replace to={paths.offerExpired.href(accountId)} />;
  return (
    <section className="page participation" aria-labelledby={titleId}>
      {elsewhere && <Navigate replace to={asked.other(accountId)} />}
      <h1 id={titleId}>{screen.title}</h1>
      {fetchError ? (
        <LookupProblem error={fetchError} fallback={messages.participantFetchError} lookUp={participant} />
      ) : participant.isPending ? (
        <PageLoading />
      ) : (
        <>
          {screen.before}
          <button
            className="button button--primary"
            type="button"
            aria-disabled={change.isPending || undefined}
            onClick={() => {
              if (!change.isPending) change.mutate();
            }}
          >
            {screen.button}
          </button>
          {screen.after}
        </>
      )}
    </section>
  );
}

export const OptOutPage = () => <ParticipationPage screen={optOutScreen} />;
export const OptBackInPage = () => <ParticipationPage screen={optBackInScreen} />;
