/**
 * The calls each data page makes for its first screen, known from its URL alone (issue 32, decision 0045). The
 * server makes them while it answers the page's document and puts their answers into it
 * (`<script type="application/json" id="portal-answers">`); the web app's fetch wrapper takes each answer from
 * there, once, instead of asking the network. So a page's first paint waits for no request that waits for a
 * script to run. Calls that follow from an answer (the overview's result of each listed event) are named by
 * `followedBy`. A call the app makes that is not here is simply asked for as before; one here that the app does not
 * make is wasted work (the browser test of every page checks both). No zod, no I/O: plain data and functions.
 */
import { type ApiBase, type EndpointSpec, endpointPath, endpoints } from './endpoints.ts';
import { isEventIdText } from './limits.ts';
import { marketToday, weekOfRequest } from './market-time.ts';
import { paths } from './paths.ts';
import type { DrEventsResponse } from './reduce-and-reward-schemas.ts';
import { patternParams } from './route-screens.ts';

/** The element of index.html that carries the first screen's answers. */
export const FIRST_SCREEN_ANSWERS_ELEMENT_ID = 'portal-answers';

export type CallQuery = Record<string, string | number | boolean | null | undefined>;

export interface FirstScreenCall {
  endpoint: EndpointSpec;
  params?: Record<string, string>;
  query?: CallQuery;
  /** The calls the app makes next from this call's answer (a 2xx answer only). */
  followedBy?: (answer: unknown) => FirstScreenCall[];
}

/** An answer as the document carries it: the status and the JSON body the endpoint sent. */
export interface InlinedAnswer {
  status: number;
  body: unknown;
}

/** The answers of a document, by `callKey`. */
export type InlinedAnswers = Record<string, InlinedAnswer>;

/** A call's query as the fetch wrapper sends it: null and undefined left out, the rest in the order given. */
export function callSearch(query: CallQuery = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) search.append(name, String(value));
  }
  return search.toString();
}

/** One key per GET call, whichever side builds it: the base, the path below it and the query with its names in order. */
export function callKey(base: ApiBase, path: string, query: CallQuery = {}): string {
  const sorted = Object.fromEntries(
    Object.keys(query)
      .sort()
      .map((name) => [name, query[name]]),
  );
  return `${base}:${path}?${callSearch(sorted)}`;
}

export const keyOfCall = (call: FirstScreenCall): string =>
  callKey(call.endpoint.base, endpointPath(call.endpoint, call.params), call.query);

const accountQuery = (accountId: string) => ({ account_id: accountId });

/** The overview's history: the event list, then the result of each listed event (decision 0024). */
function eventHistoryCalls(accountId: string): FirstScreenCall {
  return {
    endpoint: endpoints.drEvents,
    query: accountQuery(accountId),
    followedBy: (answer) =>
      ((answer as Partial<DrEventsResponse>).dr_events ?? []).map(({ dr_event }) => ({
        endpoint: endpoints.eventResult,
        query: { account_id: accountId, event_id: dr_event.id },
      })),
  };
}

const happyHoursParticipant = (accountId: string, clientCode: string): FirstScreenCall => ({
  endpoint: endpoints.happyHoursParticipant,
  params: { accountId },
  query: { client_code: clientCode },
});

/** Each data page's pattern and its first screen's calls from the URL's params. */
const pages: ReadonlyArray<{
  patterns: readonly string[];
  calls: (
    params: Record<string, string>,
    context: { clientCode: string; today: string },
  ) => FirstScreenCall[];
}> = [
  {
    patterns: [paths.usage.pattern],
    // Similar homes is one stored row (issue 28); the quarter against last year and the plans, priced per
    // request, are cards that load after the week and ask for themselves (decision 0045).
    calls: ({ accountId = '', from }, { today }) => [
      { endpoint: endpoints.usage, query: { account_id: accountId, from: weekOfRequest(from, today) } },
      { endpoint: endpoints.similarHomes, query: accountQuery(accountId) },
    ],
  },
  {
    patterns: [paths.reduceAndReward.pattern],
    calls: ({ accountId = '' }) => [
      eventHistoryCalls(accountId),
      { endpoint: endpoints.upcomingEvents, query: accountQuery(accountId) },
    ],
  },
  {
    patterns: [paths.event.pattern, paths.event.lowerCasePattern],
    calls: ({ accountId = '', eventId = '' }) => [
      eventHistoryCalls(accountId),
      // The announced target is asked for once the event is settled (issue 29): made for every well-formed id.
      ...(isEventIdText(eventId)
        ? [
            { endpoint: endpoints.eventProgress, query: { account_id: accountId, event_id: eventId } },
            { endpoint: endpoints.announcedTarget, query: { account_id: accountId, event_id: eventId } },
          ]
        : []),
    ],
  },
  {
    patterns: [paths.happyHoursSignup.pattern],
    calls: ({ accountId = '' }, { clientCode }) => [
      happyHoursParticipant(accountId, clientCode),
      { endpoint: endpoints.happyHoursConfig, query: { client_code: clientCode } },
    ],
  },
  {
    patterns: [paths.happyHoursChangeSlot.pattern],
    calls: ({ accountId = '' }, { clientCode }) => [happyHoursParticipant(accountId, clientCode)],
  },
  {
    patterns: [paths.optOut.pattern, paths.optBackIn.pattern],
    calls: ({ accountId = '' }, { clientCode }) => [
      {
        endpoint: endpoints.hereForYouParticipant,
        params: { accountId },
        query: { client_code: clientCode },
      },
    ],
  },
  {
    patterns: [paths.settings.pattern],
    calls: ({ accountId = '' }) => [
      { endpoint: endpoints.subscription, query: accountQuery(accountId) },
      { endpoint: endpoints.budgetAlert, query: accountQuery(accountId) },
    ],
  },
  {
    patterns: [paths.plans.pattern],
    calls: ({ accountId = '' }) => [{ endpoint: endpoints.plans, query: accountQuery(accountId) }],
  },
  {
    patterns: [paths.survey.pattern, paths.smeSurvey.pattern],
    calls: ({ accountId = '' }) => [{ endpoint: endpoints.customer, query: accountQuery(accountId) }],
  },
];

/** The first screen's calls of a URL path; none for a page without data or a path of no page. */
export function firstScreenCalls(
  pathname: string,
  context: { clientCode: string; now?: Date },
): FirstScreenCall[] {
  const today = marketToday(context.now);
  for (const page of pages) {
    for (const pattern of page.patterns) {
      const params = patternParams(pattern, pathname);
      // A page without an account id in its URL says so itself; there is nothing to ask for.
      if (params?.accountId) return page.calls(params, { clientCode: context.clientCode, today });
    }
  }
  return [];
}
