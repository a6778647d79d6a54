/**
 * Reduce & Reward event detail (docs/screens.md): /ReduceAndReward/{accountId}/Event/{eventId} (also /event/). The
 * total rewards with the rank, the event's date (or 'Date missing' until it is complete), the chart and its
 * legend, and links to the previous and next events of the list that can be opened (the ones the history links),
 * hidden at the ends. A loading indicator
 * shows during the fetch; a failure shows 'No data available for this event' and is logged (docs/rules.md#states-and-transitions, docs/api.md#errors).
 */
import {
  announcedTargetChange,
  type EventProgressResponse,
  eventCopy,
  eventOutcomeOf,
  isEventIdText,
  messages,
  paths,
  progressTarget,
} from '@portal/contracts';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { reportError } from '../../../shared/lib/error-reporting.ts';
import { useAnnouncedTarget } from '../api/get-announced-target.ts';
import { useDrEvents } from '../api/get-dr-events.ts';
import { useEventHistory } from '../api/get-event-history.ts';
import { useEventProgress } from '../api/get-event-progress.ts';
import { formatEventDate, openableNeighbours } from '../lib/history.ts';
import { EventChart } from './event-chart.tsx';
import { EventLegend } from './event-legend.tsx';
import { RankIcon } from './rank-icon.tsx';
import './reduce-and-reward.css';

export function EventDetailPage() {
  useDocumentTitle(messages.eventPortalTitle);
  const { accountId, eventId } = useParams();
  return (
    <section className="page rr-page">
      <h1>{messages.eventPortalTitle}</h1>
      {accountId && eventId ? (
        <EventDetail key={`${accountId}/${eventId}`} accountId={accountId} eventId={eventId} />
      ) : (
        <p role="alert">{messages.missingAccountId}</p>
      )}
    </section>
  );
}

/**
 * Whether the target the result is measured against is the one the invitation email announced, with both
 * figures when not (issue 29 item 3). Nothing before the event is settled, when no target was announced, or
 * when the service does not offer the call.
 */
function TargetAnnounced({
  accountId,
  eventId,
  progress,
}: {
  accountId: string;
  eventId: string;
  progress: EventProgressResponse;
}) {
  const settled = progress.challenge.status === 'complete';
  const announced = useAnnouncedTarget(accountId, eventId, settled);
  const change = announcedTargetChange(
    announced.data?.announced?.per_interval_kwh ?? null,
    settled ? progressTarget(progress) : null,
  );
  if (!change) return null;
  return (
    <p className="rr-target-announced" data-testid="event-target-announced">
      {change.sentence}
    </p>
  );
}

function EventDetail({ accountId, eventId }: { accountId: string; eventId: string }) {
  // An id that is not an event id cannot have data: no need to ask the server.
  const validId = isEventIdText(eventId);
  const progress = useEventProgress(accountId, eventId, validId);
  const events = useDrEvents(accountId);
  const history = useEventHistory(accountId);

  useEffect(() => {
    if (!progress.error) return;
    console.info(`Event ${eventId} could not be fetched`, progress.error);
    reportError(progress.error);
  }, [progress.error, eventId]);

  if (progress.isPending && validId) {
    return (
      <p className="rr-loading" role="status" data-testid="event-loading">
        <span className="rr-loading__spinner" aria-hidden="true" />
        {messages.chartLoading}
      </p>
    );
  }

  // Neighbours once the history says which events can be opened (issue 26 item 11).
  const { previous, next } = history.data
    ? openableNeighbours(events.data?.dr_events ?? [], history.data, eventId)
    : { previous: undefined, next: undefined };
  const neighbours = (
    <nav
      className="rr-neighbours"
      aria-label={eventCopy.neighboursLabel}
      aria-busy={history.isPending || undefined}
    >
      {previous !== undefined && (
        <Link className="rr-neighbours__previous" to={paths.event.href(accountId, String(previous))}>
          <span aria-hidden="true">‹ </span>
          {eventCopy.previousEvent}
        </Link>
      )}
      <Link className="rr-neighbours__back" to={paths.reduceAndReward.href(accountId)}>
        {eventCopy.backToOverview}
      </Link>
      {next !== undefined && (
        <Link className="rr-neighbours__next" to={paths.event.href(accountId, String(next))}>
          {eventCopy.nextEvent}
          <span aria-hidden="true"> ›</span>
        </Link>
      )}
    </nav>
  );

  if (!progress.data) {
    return (
      <>
        <p role="alert" className="rr-no-data">
          {messages.eventNoData}
        </p>
        {neighbours}
      </>
    );
  }

  const { challenge, usage } = progress.data;
  // The same words as the results email (issue 29).
  const outcome = eventOutcomeOf(usage.total_rewards?.cents ?? null);
  return (
    <>
      <section className="rr-card rr-rewards-header" aria-labelledby="rr-total-title">
        <h2 id="rr-total-title">{eventCopy.totalRewards}</h2>
        <p className="rr-rewards-header__amount" data-testid="event-total">
          {outcome.total}
        </p>
        {outcome.tier && (
          <p className="rr-rewards-header__rank">
            <span className="rr-rewards-header__label">{eventCopy.rankLabel}</span>{' '}
            <RankIcon tier={outcome.tier.key} />
            <span className="rr-rewards-header__motto"> ‘{outcome.tier.motto}’</span>
          </p>
        )}
      </section>
      <section className="rr-card" aria-labelledby="rr-date">
        <h2 id="rr-date" className="rr-date" data-testid="event-date">
          {challenge.status === 'complete' ? formatEventDate(challenge.date) : messages.eventDateMissing}
        </h2>
        <EventChart progress={progress.data} />
        <EventLegend />
        <TargetAnnounced accountId={accountId} eventId={eventId} progress={progress.data} />
      </section>
      {neighbours}
    </>
  );
}
