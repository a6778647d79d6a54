/**
 * The one endpoint registry (docs/decisions/0025): every call the server serves, with its method, base, path
 * and the types of its params, query, body and answer. The server registers its routes from these entries
 * (apps/server/src/lib/route.ts, which checks at compile time that each route's zod schemas agree with the
 * types here), the web client calls through them (`api.call(endpoints.usage, { query })`), and the OpenAPI
 * document follows from the routes.
 *
 * This module must not load zod (docs/decisions/0010): the web app's first load imports it. The types come
 * from the schema modules through `import type`, which leaves nothing behind in the bundle; a contracts test
 * checks that nothing this module imports at run time loads zod.
 */
import type { AccountQuery, Customer } from './account.ts';
import type { ClientConfig } from './config.ts';
import type { DAYTIME_SAVER_PRODUCT } from './happy-hours.ts';
import type {
  ClientCodeQuery,
  DaytimeSaverConfig,
  DaytimeSaverParticipant,
  DaytimeSaverParticipantParams,
  DaytimeSaverSignupBody,
} from './happy-hours-schemas.ts';
import type { HereForYouBody, HereForYouParams, HereForYouParticipant } from './here-for-you-schemas.ts';
import type { InsightsQuery, QuarterComparison, SimilarHomes } from './insights-schemas.ts';
import type { WebInteraction } from './interactions.ts';
import type { ExportQuery } from './meter-data.ts';
import type { PlansQuery, PlansResponse } from './plans-schemas.ts';
import type {
  AnnouncedTargetResponse,
  DrEventsResponse,
  EventProgressResponse,
  EventQuery,
  EventResultResponse,
  EventResultsResponse,
  UpcomingEventsResponse,
} from './reduce-and-reward-schemas.ts';
import type {
  BudgetAlertSetting,
  BudgetAlertUpdateBody,
  ChangeFrequencyBody,
  Subscription,
  SubscriptionUpdateBody,
} from './subscriptions-schemas.ts';
import type { UpdateProfileBody } from './surveys-schemas.ts';
import type { SpendTargetBody, UsageQuery, UsageResponse } from './usage.ts';

/** The three bases of docs/api.md#calls; the web app resolves them from its runtime configuration. */
export type ApiBase = 'api' | 'reduceAndReward' | 'innovativeBilling';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where each base is mounted on our own server (a retailer may point the web app's bases elsewhere). */
export const serverPrefixes = {
  api: '/api',
  reduceAndReward: '/reduce_and_reward',
  innovativeBilling: '/innovative_billing',
} as const satisfies Record<ApiBase, string>;

/** Where the account guard of docs/access.md reads the account id of an account-scoped call. */
export interface AccountIdLocation {
  in: 'query' | 'params' | 'body';
  key: string;
  /** When true an absent id is allowed (the request is then not account-scoped). */
  optional?: boolean;
}

/**
 * The limits a call counts against beyond the guard's (docs/access.md#limits-per-account), one per account and
 * one per client address: 'writes', every call that stores what the customer sends; 'exports', the CSV
 * download (up to 366 days); 'usageWeeks', a week of the Tracker (any week, however far back).
 */
export const accountLimits = ['writes', 'exports', 'usageWeeks'] as const;
export type AccountLimit = (typeof accountLimits)[number];

/**
 * What bounds a call, declared by every entry so that a new call cannot forget its limit (a test sends each
 * call and refuses a call that changes the database declaring 'reads'): one of `accountLimits`; 'reads', a
 * cheap read bounded by the guard's look-up limit alone; 'visits', the visit records' own limit per address
 * (INTERACTIONS_PER_MINUTE); 'signedLinks', an email link, named by a token we signed rather than the guard,
 * whose write bounds itself (a click counted once a day per link, an unsubscribe a flag) and which mail
 * providers follow from addresses shared by many customers, so it has no per-address limit.
 */
export type CallLimit = AccountLimit | 'reads' | 'visits' | 'signedLinks';

/** The types an endpoint carries; `undefined` where the call has no such part (an answer of 204 or a redirect). */
export interface EndpointTypes {
  params: object | undefined;
  query: object | undefined;
  body: unknown;
  answer: unknown;
}

/** The value-level part of an entry. `path` is below the base, with `{name}` for each path parameter. */
export interface EndpointSpec {
  readonly method: HttpMethod;
  readonly base: ApiBase;
  readonly path: string;
  /** Set when the account guard runs on the call (docs/access.md); the server then answers its errors. */
  readonly guard?: AccountIdLocation;
  /** What bounds the call (`CallLimit`); the server counts the `accountLimits` itself (lib/route.ts). */
  readonly limit: CallLimit;
  /** Where the signed token of an email link is: it names an account, so it is a credential too (redaction.ts). */
  readonly token?: { in: 'query'; key: string };
}

declare const endpointTypes: unique symbol;

/** An entry of the registry: its spec, and its types as a property that exists only for the compiler. */
export type Endpoint<T extends EndpointTypes = EndpointTypes> = EndpointSpec & {
  readonly [endpointTypes]?: T;
};

type Filled<T extends Partial<EndpointTypes>> = {
  params: T extends { params: infer P extends object } ? P : undefined;
  query: T extends { query: infer Q extends object } ? Q : undefined;
  body: T extends { body: infer B } ? B : undefined;
  answer: T extends { answer: infer A } ? A : undefined;
};

/**
 * `defineEndpoint<{ query: UsageQuery; answer: UsageResponse }>()({ method: 'GET', base: 'api', path })`:
 * curried so that the types are given and the spec's literals (path, guard) are inferred.
 */
export function defineEndpoint<T extends Partial<EndpointTypes> = Record<never, never>>() {
  return <const S extends EndpointSpec>(spec: S): S & Endpoint<Filled<T>> => spec;
}

type TypesOf<E> = E extends { readonly [endpointTypes]?: infer T extends EndpointTypes } ? T : never;
export type ParamsOf<E> = TypesOf<E>['params'];
export type QueryOf<E> = TypesOf<E>['query'];
export type BodyOf<E> = TypesOf<E>['body'];
export type AnswerOf<E> = TypesOf<E>['answer'];

/** The health check's answer (the server's `healthSchema` agrees with it). */
export interface HealthResponse {
  status: 'ok';
  database: 'pglite' | 'postgres';
  /** What the node of DATABASE_URL (or the embedded database) is: a standby only while a failover moves it. */
  role: 'primary' | 'standby';
  /** DATABASE_READ_URL's standbys as this instance's last check found them (decision 0044); none without. */
  standbys: HealthStandby[];
}

/** One standby in the health check: whether customers' reads go to it, and how far behind the primary it is. */
export interface HealthStandby {
  /** 'standby 1'…, in DATABASE_READ_URL's order (no address: the health check is public). */
  name: string;
  state: 'in_use' | 'lagging' | 'unreachable' | 'not_standby' | 'unchecked';
  /** Milliseconds behind the primary at the last check; null when not known. */
  lag_ms: number | null;
}

/** The signed token of an email link (docs/access.md). */
export interface EmailLinkQuery {
  t: string;
}

const inQuery = { in: 'query', key: 'account_id' } as const;
const inBody = { in: 'body', key: 'account_id' } as const;
const inParams = { in: 'params', key: 'accountId' } as const;
const inBodyIdentifier = { in: 'body', key: 'account_identifier' } as const;
const linkToken = { in: 'query', key: 't' } as const;

export const endpoints = {
  // System (no account).
  health: defineEndpoint<{ answer: HealthResponse }>()({
    method: 'GET',
    base: 'api',
    path: '/health',
    limit: 'reads',
  }),
  config: defineEndpoint<{ answer: ClientConfig }>()({
    method: 'GET',
    base: 'api',
    path: '/config',
    limit: 'reads',
  }),

  // Accounts and surveys.
  customer: defineEndpoint<{ query: AccountQuery; answer: Customer }>()({
    method: 'GET',
    base: 'api',
    path: '/accounts/customer',
    guard: inQuery,
    limit: 'reads',
  }),
  updateProfile: defineEndpoint<{ query: AccountQuery; body: UpdateProfileBody }>()({
    method: 'PATCH',
    base: 'api',
    path: '/accounts/update_profile',
    guard: inQuery,
    limit: 'writes',
  }),

  // Visit records: the account is optional.
  webInteraction: defineEndpoint<{ body: WebInteraction }>()({
    method: 'POST',
    base: 'api',
    path: '/web_interactions',
    guard: { ...inBodyIdentifier, optional: true },
    limit: 'visits',
  }),

  // Tracker.
  usage: defineEndpoint<{ query: UsageQuery; answer: UsageResponse }>()({
    method: 'GET',
    base: 'api',
    path: '/tracker/usage',
    guard: inQuery,
    limit: 'usageWeeks',
  }),
  plans: defineEndpoint<{ query: PlansQuery; answer: PlansResponse }>()({
    method: 'GET',
    base: 'api',
    path: '/tracker/plans',
    guard: inQuery,
    limit: 'reads',
  }),
  /** This quarter so far against the same dates last year (issue 28 item 2). */
  quarterComparison: defineEndpoint<{ query: InsightsQuery; answer: QuarterComparison }>()({
    method: 'GET',
    base: 'api',
    path: '/tracker/quarter_comparison',
    guard: inQuery,
    limit: 'reads',
  }),
  /** The account's comparison with similar homes, as the batch stored it (issue 28 item 3). */
  similarHomes: defineEndpoint<{ query: InsightsQuery; answer: SimilarHomes }>()({
    method: 'GET',
    base: 'api',
    path: '/tracker/similar_homes',
    guard: inQuery,
    limit: 'reads',
  }),
  spendTarget: defineEndpoint<{ query: AccountQuery; body: SpendTargetBody }>()({
    method: 'POST',
    base: 'api',
    path: '/settings/spend_target',
    guard: inQuery,
    limit: 'writes',
  }),
  solarWelcome: defineEndpoint<{ query: AccountQuery }>()({
    method: 'POST',
    base: 'api',
    path: '/tracker/solar_welcome',
    guard: inQuery,
    limit: 'writes',
  }),
  /** A CSV download: the web app links to it rather than fetching it. */
  exportCsv: defineEndpoint<{ query: ExportQuery; answer: string }>()({
    method: 'GET',
    base: 'api',
    path: '/tracker/export',
    guard: inQuery,
    limit: 'exports',
  }),

  // Email snapshot subscription.
  subscription: defineEndpoint<{ query: AccountQuery; answer: Subscription }>()({
    method: 'GET',
    base: 'api',
    path: '/tracker/subscription',
    guard: inQuery,
    limit: 'reads',
  }),
  updateSubscription: defineEndpoint<{ body: SubscriptionUpdateBody; answer: Subscription }>()({
    method: 'POST',
    base: 'api',
    path: '/tracker/subscription',
    guard: inBody,
    limit: 'writes',
  }),
  changeFrequency: defineEndpoint<{ body: ChangeFrequencyBody; answer: Subscription }>()({
    method: 'PUT',
    base: 'api',
    path: '/tracker/subscription/change_frequency',
    guard: inBody,
    limit: 'writes',
  }),

  /** Beyond the specification: the budget alert choice (docs/budget-alerts.md). */
  budgetAlert: defineEndpoint<{ query: AccountQuery; answer: BudgetAlertSetting }>()({
    method: 'GET',
    base: 'api',
    path: '/tracker/budget_alert',
    guard: inQuery,
    limit: 'reads',
  }),
  updateBudgetAlert: defineEndpoint<{ body: BudgetAlertUpdateBody; answer: BudgetAlertSetting }>()({
    method: 'PUT',
    base: 'api',
    path: '/tracker/budget_alert',
    guard: inBody,
    limit: 'writes',
  }),

  // The signed email links: the token names the account, not the guard. Each answers a redirect but two.
  emailClick: defineEndpoint<{ query: EmailLinkQuery }>()({
    method: 'GET',
    base: 'api',
    path: '/email/click',
    limit: 'signedLinks',
    token: linkToken,
  }),
  emailUnsubscribe: defineEndpoint<{ query: EmailLinkQuery; answer: { subscribed: false } }>()({
    method: 'POST',
    base: 'api',
    path: '/email/unsubscribe',
    limit: 'signedLinks',
    token: linkToken,
  }),
  emailUnsubscribePage: defineEndpoint<{ query: EmailLinkQuery }>()({
    method: 'GET',
    base: 'api',
    path: '/email/unsubscribe',
    limit: 'signedLinks',
    token: linkToken,
  }),
  /** The budget alert's one-click off (List-Unsubscribe-Post), and the same link opened in a browser. */
  emailBudgetAlertsOff: defineEndpoint<{ query: EmailLinkQuery; answer: { budget_alerts: false } }>()({
    method: 'POST',
    base: 'api',
    path: '/email/budget_alerts_off',
    limit: 'signedLinks',
    token: linkToken,
  }),
  emailBudgetAlertsOffPage: defineEndpoint<{ query: EmailLinkQuery }>()({
    method: 'GET',
    base: 'api',
    path: '/email/budget_alerts_off',
    limit: 'signedLinks',
    token: linkToken,
  }),

  // Happy Hours and Reduce & Be Rewarded, on the innovative-billing base.
  happyHoursParticipant: defineEndpoint<{
    params: DaytimeSaverParticipantParams;
    query: ClientCodeQuery;
    answer: DaytimeSaverParticipant;
  }>()({
    method: 'GET',
    base: 'innovativeBilling',
    path: '/daytime_saver_participants/{accountId}',
    guard: inParams,
    limit: 'reads',
  }),
  happyHoursConfig: defineEndpoint<{ query: ClientCodeQuery; answer: DaytimeSaverConfig }>()({
    method: 'GET',
    base: 'innovativeBilling',
    path: '/product_configs/DaytimeSaver' satisfies `/product_configs/${typeof DAYTIME_SAVER_PRODUCT}`,
    limit: 'reads',
  }),
  chooseSlot: defineEndpoint<{ body: DaytimeSaverSignupBody; answer: DaytimeSaverParticipant }>()({
    method: 'POST',
    base: 'innovativeBilling',
    path: '/daytime_saver_participants',
    guard: inBodyIdentifier,
    limit: 'writes',
  }),
  hereForYouParticipant: defineEndpoint<{
    params: HereForYouParams;
    query: ClientCodeQuery;
    answer: HereForYouParticipant;
  }>()({
    method: 'GET',
    base: 'innovativeBilling',
    path: '/here_for_you_participants/{accountId}',
    guard: inParams,
    limit: 'reads',
  }),
  hereForYouOptIn: defineEndpoint<{ body: HereForYouBody; answer: HereForYouParticipant }>()({
    method: 'POST',
    base: 'innovativeBilling',
    path: '/here_for_you_participants',
    guard: inBodyIdentifier,
    limit: 'writes',
  }),
  hereForYouOptOut: defineEndpoint<{
    params: HereForYouParams;
    body: HereForYouBody;
    answer: HereForYouParticipant;
  }>()({
    method: 'POST',
    base: 'innovativeBilling',
    path: '/here_for_you_participants/{accountId}/opt_out',
    guard: inParams,
    limit: 'writes',
  }),

  // Reduce & Reward, on the reduce-and-reward base.
  drEvents: defineEndpoint<{ query: AccountQuery; answer: DrEventsResponse }>()({
    method: 'GET',
    base: 'reduceAndReward',
    path: '/tracker/dr_events',
    guard: inQuery,
    limit: 'reads',
  }),
  eventResult: defineEndpoint<{ query: EventQuery; answer: EventResultResponse }>()({
    method: 'GET',
    base: 'reduceAndReward',
    path: '/dr_events/event_result',
    guard: inQuery,
    limit: 'reads',
  }),
  /** Beyond the specification: the web app does not call it (docs/decisions/0024). */
  eventResults: defineEndpoint<{ query: AccountQuery; answer: EventResultsResponse }>()({
    method: 'GET',
    base: 'reduceAndReward',
    path: '/dr_events/event_results',
    guard: inQuery,
    limit: 'reads',
  }),
  /** Beyond the specification: the events to come with the account's own target (issue 29). */
  upcomingEvents: defineEndpoint<{ query: AccountQuery; answer: UpcomingEventsResponse }>()({
    method: 'GET',
    base: 'reduceAndReward',
    path: '/dr_events/upcoming',
    guard: inQuery,
    limit: 'reads',
  }),
  /** Beyond the specification: the target the invitation email announced (issue 29). */
  announcedTarget: defineEndpoint<{ query: EventQuery; answer: AnnouncedTargetResponse }>()({
    method: 'GET',
    base: 'reduceAndReward',
    path: '/dr_events/announced_target',
    guard: inQuery,
    limit: 'reads',
  }),
  eventProgress: defineEndpoint<{ query: EventQuery; answer: EventProgressResponse }>()({
    method: 'GET',
    base: 'reduceAndReward',
    path: '/dr_events/event_progress',
    guard: inQuery,
    limit: 'reads',
  }),
} as const;

export type EndpointName = keyof typeof endpoints;

/** The path below the base with each `{name}` replaced by its parameter, percent-encoded. */
export function endpointPath(endpoint: EndpointSpec, params: object | undefined = undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** The route as our server registers it: base prefix and path, each `{name}` as Fastify's `:name`. */
export function serverRoutePath(endpoint: EndpointSpec): string {
  return `${serverPrefixes[endpoint.base]}${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;
}
