/**
 * The answers a data page's first screen needs, made while its document is answered (issue 32, decision 0045):
 * each call of `firstScreenCalls` is sent through the server's own routes with `inject`, as the browser would
 * send it (its client address and forwarding headers, so access rules, rate limits and counted guesses are the
 * same, once), and its JSON answer, success or refusal, goes into the document. A call whose base the web app
 * is configured to send elsewhere, or that fails with a 5xx or takes longer than the setting FIRST_SCREEN_WAIT_MS, is left
 * to the browser, which asks for it as it did before.
 */
import zlib from 'node:zlib';
import {
  type ApiBase,
  type ClientConfig,
  callSearch,
  endpointPath,
  type FirstScreenCall,
  firstScreenCalls,
  keyOfCall,
  serverPrefixes,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withSuffix } from '../lib/compression.ts';
import { type StoredAnswerParts, storedPartsOf } from '../lib/stored-answer-parts.ts';

/** The request headers a call is sent with: the page request's, less what describes the page's own transfer. */
const DROPPED_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'pragma',
  'range',
  'upgrade',
]);

const baseKeys = {
  api: 'apiBase',
  reduceAndReward: 'reduceAndRewardBase',
  innovativeBilling: 'innovativeBillingBase',
} as const satisfies Record<ApiBase, keyof ClientConfig>;

/** True when the web app sends the base's calls to this server (a retailer may point a base elsewhere). */
export function servedHere(client: ClientConfig, base: ApiBase): boolean {
  return client[baseKeys[base]].replace(/\/+$/, '') === serverPrefixes[base];
}

/** A call's answer as its page carries it: the JSON text, or the stored parts its route left (decision 0050). */
export interface CarriedAnswer {
  key: string;
  status: number;
  body: string | StoredAnswerParts;
}

/**
 * The page's first-screen answers (each body the route's own text, not parsed and written again: 2 ms of a 75 KB
 * week), in the order of their keys; empty for a page without any. With `storedParts`, the calls are sent accepting
 * gzip, and an answer sent from stored parts comes as those parts, for the page to join into its own gzip body.
 */
export async function firstScreenAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  { storedParts }: { storedParts: boolean },
): Promise<CarriedAnswer[]> {
  const client = app.config.client;
  const calls = firstScreenCalls(pathname, { clientCode: client.clientCode }).filter((call) =>
    servedHere(client, call.endpoint.base),
  );
  if (calls.length === 0) return [];
  const headers: Record<string, string | string[]> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !DROPPED_HEADERS.has(name)) headers[name] = value;
  }
  if (storedParts) headers['accept-encoding'] = 'gzip';
  const answers: CarriedAnswer[] = [];
  const send = async (call: FirstScreenCall): Promise<void> => {
    const search = callSearch(call.query);
    const response = await app.inject({
      method: 'GET',
      url: `${serverPrefixes[call.endpoint.base]}${endpointPath(call.endpoint, call.params)}${search ? `?${search}` : ''}`,
      headers,
      remoteAddress: request.socket.remoteAddress ?? '127.0.0.1',
    });
    if (response.statusCode >= 500 || response.statusCode === 304) return;
    if (!String(response.headers['content-type'] ?? '').includes('json')) return;
    const body =
      storedPartsOf(response.raw.res) ??
      (response.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(response.rawPayload).toString('utf8')
        : response.body);
    answers.push({ key: keyOfCall(call), status: response.statusCode, body });
    if (call.followedBy && response.statusCode < 300) {
      const text = typeof body === 'string' ? body : textOfParts(body);
      await Promise.all(call.followedBy(JSON.parse(text)).map(send));
    }
  };
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(calls.map(send)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a first-screen answer failed; the browser asks for it');
    }),
    new Promise((resolve) => {
      timer = setTimeout(resolve, app.config.env.FIRST_SCREEN_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  // Answers that arrive after the wait are not added: the document is already on its way. In the order of their
  // keys, not of their arrival: the same answers make the same document.
  return answers.slice().sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The text of an answer's stored parts, for the calls that follow it (none follows the usage call today). */
const textOfParts = (parts: StoredAnswerParts): string =>
  zlib.gunzipSync(withSuffix('gzip', parts.gzipPrefix, parts.suffix)).toString('utf8');
