/**
 * The answers a data page's first screen needs, made while its document is answered (issue 32, decision 0045):
 * each call of `firstScreenCalls` is sent through the server's own routes with `inject`, as the browser would
 * send it (its client address and forwarding headers, so access rules, rate limits and counted guesses are the
 * same, once), and its JSON answer, success or refusal, goes into the document. A call whose base the web app
 * is configured to send elsewhere, or that fails with a 5xx or takes longer than FIRST_SCREEN_WAIT_MS, is left
 * to the browser, which asks for it as it did before.
 */
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

/** How long a page waits for its answers before it goes without them (the browser then asks itself). */
export const FIRST_SCREEN_WAIT_MS = 1_500;

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

/**
 * The page's first-screen answers by call key (contracts' `InlinedAnswers`) as JSON text, each body the route's own
 * text, not parsed and written again (2 ms of a 75 KB week); null for a page without any.
 */
export async function firstScreenAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<string | null> {
  const client = app.config.client;
  const calls = firstScreenCalls(pathname, { clientCode: client.clientCode }).filter((call) =>
    servedHere(client, call.endpoint.base),
  );
  if (calls.length === 0) return null;
  const headers: Record<string, string | string[]> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !DROPPED_HEADERS.has(name)) headers[name] = value;
  }
  const answers: string[] = [];
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
    answers.push(
      `${JSON.stringify(keyOfCall(call))}:{"status":${response.statusCode},"body":${response.body}}`,
    );
    if (call.followedBy && response.statusCode < 300) {
      await Promise.all(call.followedBy(response.json()).map(send));
    }
  };
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(calls.map(send)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a first-screen answer failed; the browser asks for it');
    }),
    new Promise((resolve) => {
      timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  // Answers that arrive after the wait are not added: the document is already on its way.
  return answers.length > 0 ? `{${answers.slice().join(',')}}` : null;
}
