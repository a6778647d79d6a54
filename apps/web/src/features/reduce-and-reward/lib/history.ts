/**
 * The Event History of the overview (docs/screens.md, docs/api.md#entities, docs/rules.md#limits), built from the event list and each event's result:
 * only events with data that start after 1 Oct 2023, newest first; the total is the sum of their credits.
 */
import {
  EVENT_HISTORY_START,
  type EventResultResponse,
  eventPassed,
  eventResultTexts,
  MONTH_NAMES,
  marketDateOf,
  type RewardTierKey,
  rewardTierOf,
} from '@portal/contracts';

export interface HistorySource {
  dr_event: { id: number; start_time: string };
  result: EventResultResponse;
}

/** The event history entry of docs/api.md#entities. */
export interface HistoryEntry {
  dr_event: { id: number; start_time: string };
  event_usage_exists: boolean;
  passed: boolean;
  dr_event_rewards: { cents: number };
  has_data: boolean;
}

export interface EventHistory {
  /** Newest first. */
  entries: HistoryEntry[];
  totalCents: number;
}

export function toHistoryEntry({ dr_event, result }: HistorySource): HistoryEntry {
  const usage = result.usage;
  const cents = usage?.total_rewards.cents ?? 0;
  const exists = usage?.event_usage_exists ?? false;
  return {
    dr_event,
    event_usage_exists: exists,
    passed: exists && eventPassed(cents),
    dr_event_rewards: { cents },
    has_data: usage !== undefined,
  };
}

const historyStart = Date.parse(EVENT_HISTORY_START);

export function buildHistory(sources: readonly HistorySource[]): EventHistory {
  const entries = sources
    .map(toHistoryEntry)
    .filter((entry) => entry.has_data && Date.parse(entry.dr_event.start_time) > historyStart)
    .sort((a, b) => Date.parse(b.dr_event.start_time) - Date.parse(a.dr_event.start_time));
  return { entries, totalCents: entries.reduce((sum, entry) => sum + entry.dr_event_rewards.cents, 0) };
}

/** RESULT (docs/screens.md): 'Success!' when passed, 'Almost!' when not, 'Missing' without event usage. */
export function resultText(entry: HistoryEntry): string {
  if (!entry.event_usage_exists) return eventResultTexts.missing;
  return entry.passed ? eventResultTexts.passed : eventResultTexts.notPassed;
}

/** The rank of an entry: its tier from the credit, or null without event usage (docs/rules.md#states-and-transitions 'missing'). */
export function entryTier(entry: HistoryEntry): RewardTierKey | null {
  return entry.event_usage_exists ? rewardTierOf(entry.dr_event_rewards.cents) : null;
}

/**
 * A market date as day, month name and year: '24 July 2026' (docs/screens.md); '24 Jul 2026' when short, kept
 * together as '24 Jul' so that a narrow column breaks it only before the year.
 */
export function formatEventDate(date: string, short = false): string {
  const [year, month, day] = date.split('-').map(Number);
  const name = MONTH_NAMES[(month ?? 1) - 1] ?? '';
  return short ? `${day}\u00a0${name.slice(0, 3)} ${year}` : `${day} ${name} ${year}`;
}

/** The AEST date of an event's start time. */
export const eventDateOf = (startTime: string) => marketDateOf(new Date(startTime));

/**
 * Previous and next of the event detail (docs/screens.md, issue 26 item 11): the neighbouring events in the
 * list's order that the customer can open, the ones the history links (with event usage). An event listed as
 * 'Missing' would only say 'No data available for this event', so it is passed over; at the ends, none.
 */
export function openableNeighbours(
  list: readonly { dr_event: { id: number } }[],
  history: EventHistory,
  eventId: string,
): { previous: number | undefined; next: number | undefined } {
  const openable = new Set(
    history.entries.filter((entry) => entry.event_usage_exists).map((entry) => entry.dr_event.id),
  );
  const ids = list.map((item) => item.dr_event.id);
  const index = ids.findIndex((id) => String(id) === eventId);
  if (index < 0) return { previous: undefined, next: undefined };
  return {
    previous: ids.slice(0, index).findLast((id) => openable.has(id)),
    next: ids.slice(index + 1).find((id) => openable.has(id)),
  };
}
