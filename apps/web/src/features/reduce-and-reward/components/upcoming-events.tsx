/**
 * The overview's events still to come (issue 29 item 2, docs/reduce-and-reward.md): when each is (AEST), the
 * customer's own target for the event and per 30 minutes (the settlement's baseline rule on the days known
 * now), what the baseline is, and the rewards in dollars. Shown only when there is an event to come.
 */
import {
  formatCurrency,
  formatDecimal,
  formatLongDate,
  formatMessage,
  isWeekday,
  type UpcomingEventsResponse,
  upcomingEventCopy,
} from '@portal/contracts';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { useUpcomingEvents } from '../api/get-upcoming-events.ts';

type UpcomingEvent = UpcomingEventsResponse['events'][number];

const kwh = (value: number) => formatDecimal(value, 2);

function Event({ event }: { event: UpcomingEvent }) {
  const date = event.start_time.slice(0, 10);
  const { target } = event;
  return (
    <li className="rr-upcoming__event">
      <p className="rr-upcoming__when">
        <strong>
          {formatMessage(upcomingEventCopy.when, {
            date: formatLongDate(date),
            start: event.start_time.slice(11, 16),
            end: event.end_time.slice(11, 16),
          })}
        </strong>
      </p>
      {target ? (
        <>
          <p data-testid="upcoming-target">
            {formatMessage(upcomingEventCopy.target, {
              event: kwh(target.event_kwh),
              perInterval: kwh(target.per_interval_kwh),
            })}
          </p>
          <p className="rr-upcoming__note">
            {formatMessage(upcomingEventCopy.baseline, {
              baseline: kwh(target.baseline_kwh),
              days: target.baseline_days,
              dayType: isWeekday(date) ? upcomingEventCopy.weekdays : upcomingEventCopy.weekendDays,
              last: formatLongDate(target.last_baseline_day),
            })}
          </p>
        </>
      ) : (
        <p>{upcomingEventCopy.noTarget}</p>
      )}
      <p>
        {formatMessage(upcomingEventCopy.rewards, {
          silver: formatCurrency(event.rewards.silver_cents / 100),
          gold: formatCurrency(event.rewards.gold_cents / 100),
          goldPercent: event.rewards.gold_percent,
        })}
      </p>
    </li>
  );
}

export function UpcomingEvents({ accountId }: { accountId: string }) {
  const query = useUpcomingEvents(accountId);
  // A reduce-and-reward service offering only the specification's calls has no such call: nothing to show.
  if (query.error instanceof ApiError && query.error.status === 404) return null;
  if (query.isError)
    return (
      <section className="rr-card" aria-labelledby="rr-upcoming-title">
        <h2 id="rr-upcoming-title">{upcomingEventCopy.title}</h2>
        <p>{upcomingEventCopy.error}</p>
      </section>
    );
  if (!query.data || query.data.events.length === 0) return null;
  return (
    <section className="rr-card rr-upcoming" aria-labelledby="rr-upcoming-title">
      <h2 id="rr-upcoming-title">{upcomingEventCopy.title}</h2>
      <ul className="rr-upcoming__list">
        {query.data.events.map((event) => (
          <Event key={event.id} event={event} />
        ))}
      </ul>
    </section>
  );
}
