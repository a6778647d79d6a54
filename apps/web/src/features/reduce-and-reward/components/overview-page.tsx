/**
 * Reduce & Reward overview (docs/screens.md): /ReduceAndReward/{accountId}. The portal's title, the total bill
 * credits earned, the events still to come with the customer's own target (issue 29), the Event History, the rewards structure, the energy saving tips banner and the program's
 * legal text (the shared footer carries the FAQ and Feedback links and the phone).
 */
import { eventCopy, formatCurrency, messages } from '@portal/contracts';
import { useParams } from 'react-router';
import { ExternalLink } from '../../../shared/components/external-link.tsx';
import { PhoneLink } from '../../../shared/components/phone-link.tsx';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { renderMessage } from '../../../shared/lib/render-message.tsx';
import { useEventHistory } from '../api/get-event-history.ts';
import { accountErrorMessage } from '../lib/errors.ts';
import { EventHistoryTable } from './event-history-table.tsx';
import { RewardsStructure } from './rewards-structure.tsx';
import { UpcomingEvents } from './upcoming-events.tsx';
import './reduce-and-reward.css';

export function ReduceAndRewardOverviewPage() {
  useDocumentTitle(messages.eventPortalTitle);
  const { accountId } = useParams();
  return (
    <section className="page rr-page">
      <h1>{messages.eventPortalTitle}</h1>
      {accountId ? <Overview accountId={accountId} /> : <p role="alert">{messages.missingAccountId}</p>}
    </section>
  );
}

function Overview({ accountId }: { accountId: string }) {
  const { retailer } = useClientConfig();
  const history = useEventHistory(accountId);
  return (
    <>
      <section className="rr-card rr-summary" aria-labelledby="rr-overview-title">
        <h2 id="rr-overview-title">{eventCopy.overviewHeading}</h2>
        <p>{eventCopy.overviewIntro}</p>
        <p className="rr-summary__total">
          <span>{eventCopy.totalCredits}</span>{' '}
          <strong data-testid="total-credits">
            {history.data ? formatCurrency(history.data.totalCents / 100) : '–'}
          </strong>
        </p>
      </section>

      <UpcomingEvents accountId={accountId} />

      <section className="rr-card" aria-labelledby="rr-history-title" aria-busy={history.isPending}>
        <h2 id="rr-history-title">{eventCopy.historyTitle}</h2>
        {history.isPending && <p role="status">{messages.chartLoading}</p>}
        {history.isError && (
          <p role="alert">{accountErrorMessage(history.error) ?? eventCopy.historyError}</p>
        )}
        {history.data && <EventHistoryTable accountId={accountId} entries={history.data.entries} />}
      </section>

      <RewardsStructure />

      <aside className="rr-tips" aria-labelledby="rr-tips-title">
        <h2 id="rr-tips-title">{eventCopy.tipsTitle}</h2>
        <p>{eventCopy.tipsText}</p>
        <ExternalLink href={retailer.energyTipsUrl}>{eventCopy.tipsLink}</ExternalLink>
      </aside>

      <section className="rr-legal" aria-label={eventCopy.legalTitle}>
        <p>{eventCopy.legalText}</p>
        <p>{renderMessage(eventCopy.legalContact, { phone: <PhoneLink phone={retailer.phone} /> })}</p>
      </section>
    </>
  );
}
