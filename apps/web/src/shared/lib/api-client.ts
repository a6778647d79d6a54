/**
 * The one fetch wrapper of the web app. Screens call an entry of the endpoint registry
 * (`api.call(endpoints.usage, { query })`, docs/decisions/0025), typed by it; the wrapper resolves the three
 * bases of docs/api.md#calls from the runtime configuration, sends JSON, and turns every non-2xx answer into an `ApiError` that carries the status and
 * the server's `{ error: { code, message } }` (docs/reliability.md) so that screens can pick the message of docs/api.md#errors.
 * Canceled requests reject with the original AbortError, which callers ignore (`isAbortError`).
 */
import {
  type AnswerOf,
  type ApiBase,
  type BodyOf,
  type ClientConfig,
  callKey,
  callSearch,
  type Endpoint,
  type ErrorCode,
  type ErrorResponse,
  endpointPath,
  endpoints,
  errorCodes,
  type HttpMethod,
  messages,
  type ParamsOf,
  type QueryOf,
} from '@portal/contracts';
import { dropFirstScreenAnswers, firstScreenAnswer } from './first-screen-answers.ts';

export type { ApiBase, HttpMethod };

/** The start of every usage call's key (`callKey` with its query after the `?`). */
const usageCallsKey = callKey(endpoints.usage.base, endpoints.usage.path);
export type ApiBases = Pick<ClientConfig, 'apiBase' | 'reduceAndRewardBase' | 'innovativeBillingBase'>;
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest<T> {
  /** Which base of docs/api.md#calls; the main API by default. */
  base?: ApiBase;
  /** Path below the base, e.g. `/tracker/usage`. */
  path: string;
  /** Query parameters; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets a fire-and-forget request outlive the page (visit records). */
  keepalive?: boolean;
  /** The browser's HTTP cache mode, e.g. 'no-cache' to revalidate an answer the server let it keep. */
  cache?: RequestCache;
  /** Validates the answer, e.g. a schema from `@portal/contracts`. */
  schema?: { parse(data: unknown): T };
}

const baseKeys = {
  api: 'apiBase',
  reduceAndReward: 'reduceAndRewardBase',
  innovativeBilling: 'innovativeBillingBase',
} as const satisfies Record<ApiBase, keyof ApiBases>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (network failure). */
  readonly status: number;
  /** The server's error code and message, when it answered with the shape of docs/reliability.md. */
  readonly code: ErrorCode | undefined;
  readonly serverMessage: string | undefined;

  constructor(
    status: number,
    message: string,
    details: { code?: ErrorCode; serverMessage?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.status = status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
  }
}

/**
 * What a screen says when the server limited the call (429, decision 0039): the server's own message, made from
 * packages/contracts and saying what was limited and for how long, or `messages.rateLimited` when something
 * in between answered. Undefined for any other failure, which keeps the specification's message.
 */
export function rateLimitMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return error.code === 'RATE_LIMITED' && error.serverMessage ? error.serverMessage : messages.rateLimited;
}

/** True for a request canceled through its AbortSignal: docs/api.md#errors says to ignore those. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export function buildApiUrl(
  bases: ApiBases,
  base: ApiBase,
  path: string,
  query: Record<string, QueryValue> = {},
): string {
  const root = bases[baseKeys[base]].replace(/\/+$/, '');
  const queryString = callSearch(query);
  return `${root}${path.startsWith('/') ? path : `/${path}`}${queryString ? `?${queryString}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || response.status === 304) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

/** The error shape of docs/reliability.md, checked by hand: a proxy or gateway may answer with anything else. */
function isErrorResponse(body: unknown): body is ErrorResponse {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error))
    return false;
  return (errorCodes as readonly unknown[]).includes(error.code) && typeof error.message === 'string';
}

async function toApiError(response: Response, method: HttpMethod, path: string): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    body = undefined;
  }
  const fallback = `${method} ${path} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (!isErrorResponse(body)) return new ApiError(response.status, fallback);
  const { code, message } = body.error;
  return new ApiError(response.status, message, { code, serverMessage: message });
}

export async function apiRequest<T = unknown>(bases: ApiBases, request: ApiRequest<T>): Promise<T> {
  const { base = 'api', path, query, method = 'GET', body, signal, keepalive, cache, schema } = request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (signal) init.signal = signal;
  if (keepalive) init.keepalive = true;
  if (cache) init.cache = cache;

  let response: Response;
  // The first screen's answer that came with the document, if any (decision 0045).
  const carried = method === 'GET' ? firstScreenAnswer(callKey(base, path, query)) : undefined;
  try {
    response = carried
      ? new Response(JSON.stringify(carried.body), {
          status: carried.status,
          headers: { 'content-type': 'application/json' },
        })
      : await fetch(buildApiUrl(bases, base, path, query), init);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, `${method} ${path} failed: no answer from the server`, { cause: error });
  }
  if (!response.ok) throw await toApiError(response, method, path);
  const data = await readBody(response);
  // Every GET of the API answers with a body; an empty one (a proxy, a 204 from somewhere else) is an error,
  // not data: a query must never resolve to nothing.
  if (method === 'GET' && data === undefined) {
    throw new ApiError(response.status, `${method} ${path} answered ${response.status} without a body`);
  }
  return schema ? schema.parse(data) : (data as T);
}

/** A part of the call the entry declares is required; one it does not declare cannot be given. */
type PartOption<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

export type CallOptions<E extends Endpoint> = PartOption<'params', ParamsOf<E>> &
  PartOption<'query', QueryOf<E>> &
  PartOption<'body', BodyOf<E>> &
  Pick<ApiRequest<unknown>, 'signal' | 'keepalive' | 'cache'>;

/** The options may be left out when the entry needs none (no params, query or body). */
export type CallArguments<E extends Endpoint> =
  Record<never, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** Calls an entry of the endpoint registry: its method, base and path, with its params put into the path. */
export async function apiCall<E extends Endpoint>(
  bases: ApiBases,
  endpoint: E,
  ...[options]: CallArguments<E>
): Promise<AnswerOf<E>> {
  const { params, query, body, signal, keepalive, cache } = (options ?? {}) as CallOptions<Endpoint>;
  // A change the customer sends makes the document's answers out of date; a visit record changes nothing shown,
  // and the Solar Advantage welcome seen changes only the weeks (the other cards still stand for the first screen).
  if (endpoint.method !== 'GET' && endpoint !== endpoints.webInteraction) {
    dropFirstScreenAnswers(
      globalThis.document,
      endpoint === endpoints.solarWelcome ? (key) => key.startsWith(usageCallsKey) : undefined,
    );
  }
  return apiRequest<AnswerOf<E>>(bases, {
    base: endpoint.base,
    method: endpoint.method,
    path: endpointPath(endpoint, params),
    ...(query ? { query: query as Record<string, QueryValue> } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(signal ? { signal } : {}),
    ...(keepalive ? { keepalive } : {}),
    ...(cache ? { cache } : {}),
  });
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, ...options: CallArguments<E>): Promise<AnswerOf<E>>;
}

export function createApiClient(bases: ApiBases): ApiClient {
  return { call: (endpoint, ...options) => apiCall(bases, endpoint, ...options) };
}
