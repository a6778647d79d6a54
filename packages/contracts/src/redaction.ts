/**
 * What the server's logs and the error reports of the server and the browser may not hold: the credentials of
 * a customer's links (docs/access.md, docs/reliability.md#logs-and-error-reports). A public id is all a
 * customer's Tracker link needs, and an email link's token names one.
 *
 * One rule, read from the endpoint registry and the web app's paths rather than written out per route: a
 * field named as the account guard reads an id (`account_id`, `accountId`, `account_identifier`) or as an
 * email link carries its token (`t`) is a credential, wherever it is: a path parameter of a known pattern, a
 * query parameter, a property of an object, a `"key": "value"` in text. In a path that no known pattern
 * matches, every segment that could be a public id and is not a word of the known patterns is one too.
 * Credentials become placeholders (`:accountId` in a path, `[redacted]` elsewhere); a report's other text
 * loses every credential found anywhere in the same report.
 *
 * No zod and no I/O (docs/decisions/0010): the web app's error reporter uses it.
 */
import { type EndpointSpec, endpoints, serverRoutePath } from './endpoints.ts';
import { PUBLIC_ID_PATTERN } from './limits.ts';
import { paths } from './paths.ts';

/** What a credential outside a path becomes; in a known path it becomes the parameter's name (`:accountId`). */
export const REDACTED = '[redacted]';

/** The names of the fields that carry credentials: those the account guard reads, and the email link token. */
export const credentialFields: ReadonlySet<string> = new Set(
  (Object.values(endpoints) as EndpointSpec[]).flatMap((endpoint) =>
    [endpoint.guard?.key, endpoint.token?.key].filter((key) => key !== undefined),
  ),
);

/** Paths that hold no credential besides the registry's and the screens': Vite's files and the API's documentation. */
const pathsWithoutCredentials = ['/assets/*', '/api/docs', '/api/docs/*'];

type Part =
  | { kind: 'literal'; text: string }
  | { kind: 'param'; name: string; optional: boolean }
  | { kind: 'rest' };

/** A pattern as the server writes it (`:name`, `{name}`) or the web app's router (`:name?`); `*` is the rest. */
function parsePattern(pattern: string): Part[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((segment): Part => {
      if (segment === '*') return { kind: 'rest' };
      const param = /^(?::(\w+)(\?)?|\{(\w+)\})$/.exec(segment);
      if (param) return { kind: 'param', name: param[1] ?? param[3] ?? '', optional: param[2] === '?' };
      return { kind: 'literal', text: segment.toLowerCase() };
    });
}

const knownPatterns: Part[][] = [
  ...Object.values(endpoints).map(serverRoutePath),
  ...Object.values(paths).flatMap((screen) => [
    screen.pattern,
    ...('lowerCasePattern' in screen ? [screen.lowerCasePattern] : []),
  ]),
  ...pathsWithoutCredentials,
].map(parsePattern);

/** Every literal segment of the known patterns: words of the portal's own paths, never credentials. */
const knownWords: ReadonlySet<string> = new Set(
  knownPatterns.flatMap((parts) => parts.flatMap((part) => (part.kind === 'literal' ? [part.text] : []))),
);

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A path segment that could name an account: of a public id's form once decoded, and no word of the portal's. */
function couldBePublicId(segment: string): boolean {
  const decoded = decode(segment);
  return PUBLIC_ID_PATTERN.test(decoded) && !knownWords.has(decoded.toLowerCase());
}

/** Each segment as it is to be written (a credential as its placeholder), with the credentials found. */
interface Redacted {
  segments: string[];
  found: string[];
}

function matchParts(parts: readonly Part[], segments: readonly string[]): Redacted | null {
  const [part, ...parts_] = parts;
  if (!part) return segments.length === 0 ? { segments: [], found: [] } : null;
  if (part.kind === 'rest') return { segments: [...segments], found: [] };
  const [segment, ...segments_] = segments;
  if (part.kind === 'param' && part.optional) {
    const without = matchParts(parts_, segments);
    if (segment === undefined || segment === '') return without;
    const withIt = matchParts([{ ...part, optional: false }, ...parts_], segments);
    return withIt ?? without;
  }
  if (segment === undefined || segment === '') return null;
  const rest = matchParts(parts_, segments_);
  if (!rest) return null;
  if (part.kind === 'literal') {
    return decode(segment).toLowerCase() === part.text
      ? { segments: [segment, ...rest.segments], found: rest.found }
      : null;
  }
  if (!credentialFields.has(part.name)) return { segments: [segment, ...rest.segments], found: rest.found };
  const placeholder = `:${part.name}`;
  // A pattern already redacted (a route's name, `/x/:accountId`) holds no credential.
  const found = segment === placeholder ? [] : [segment, decode(segment)];
  return { segments: [placeholder, ...rest.segments], found: [...found, ...rest.found] };
}

function redactPathname(pathname: string): Redacted {
  const segments = pathname.split('/').slice(1);
  // The router ignores a trailing slash; so does the match.
  const trailing = segments.length > 1 && segments.at(-1) === '' ? segments.pop() : undefined;
  const matched = knownPatterns.map((parts) => matchParts(parts, segments)).find((result) => result !== null);
  const result: Redacted = matched ?? { segments: [], found: [] };
  if (!matched) {
    for (const segment of segments) {
      if (couldBePublicId(segment)) {
        result.segments.push(REDACTED);
        result.found.push(segment, decode(segment));
      } else result.segments.push(segment);
    }
  }
  if (trailing !== undefined) result.segments.push(trailing);
  return { segments: result.segments, found: result.found };
}

function redactQuery(query: string): Redacted {
  const found: string[] = [];
  const segments = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    if (equals < 0) return pair;
    const key = decode(pair.slice(0, equals).replaceAll('+', ' '));
    const value = pair.slice(equals + 1);
    // An empty value names nothing (and a URL cut at `t=` in running text is followed by its redacted value).
    if (!credentialFields.has(key) || value === '') return pair;
    found.push(value, decode(value.replaceAll('+', ' ')));
    return `${pair.slice(0, equals)}=${REDACTED}`;
  });
  return { segments, found };
}

/** A URL (absolute, or a path with its query) split into what is redacted and what is kept as it is. */
function redactParts(url: string): { text: string; found: string[] } {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const hashAt = rest.indexOf('#');
  const beforeHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : rest.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : beforeHash.slice(queryAt + 1);
  const found: string[] = [];
  let text = origin;
  if (pathname.startsWith('/')) {
    const redacted = redactPathname(pathname);
    text += `/${redacted.segments.join('/')}`;
    found.push(...redacted.found);
  } else text += pathname;
  if (query !== undefined) {
    const redacted = redactQuery(query);
    text += `?${redacted.segments.join('&')}`;
    found.push(...redacted.found);
  }
  return { text: text + hash, found: found.filter((value) => value.length > 0) };
}

/** A URL without its credentials: `/new/usage/demo-home?x=1` is `/new/usage/:accountId?x=1`. */
export function redactUrl(url: string): string {
  return redactParts(url).text;
}

/** The credentials a URL holds (as written and decoded), which redactUrl replaces. */
export function credentialsInUrl(url: string): string[] {
  return redactParts(url).found;
}

const fieldNames = [...credentialFields].map((name) => name.replace(/[^\w]/g, '')).join('|');
/** `account_id=…` in a query string, `"account_id": "…"` in JSON. */
const fieldInText = new RegExp(
  `((?:^|[?&\\s;,])(?:${fieldNames})=)([^&#\\s"'<>]*)|("(?:${fieldNames})"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)`,
  'g',
);
/** An absolute URL in running text: ends where a quote, bracket or space would end it. */
const urlInText = /\bhttps?:\/\/[^\s"'<>`()[\]{}]+/gi;
/** A request as messages write it, `GET /new/usage/demo-home`: its path is a URL too. */
const requestInText = /\b((?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS):? )(\/[^\s"'<>`()[\]{}]*)/g;

/** A credential shorter than a public id could be part of anything; none is that short. */
const MIN_CREDENTIAL_LENGTH = 4;

function credentialsInText(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(fieldInText)) {
    const value = match[2] ?? match[4] ?? '';
    found.push(value, decode(value));
  }
  for (const match of text.matchAll(urlInText)) found.push(...credentialsInUrl(match[0]));
  for (const match of text.matchAll(requestInText)) found.push(...credentialsInUrl(match[2] ?? ''));
  return found;
}

/** Text without the credentials it shows (fields, URLs) nor any of `known` (found elsewhere in its report). */
export function redactText(text: string, known: Iterable<string> = []): string {
  let result = text
    .replace(fieldInText, (_all, queryKey?: string, _queryValue?: string, jsonKey?: string) =>
      queryKey !== undefined ? `${queryKey}${REDACTED}` : `${jsonKey}${REDACTED}`,
    )
    .replace(urlInText, (url) => redactUrl(url))
    .replace(requestInText, (_all, method: string, url: string) => `${method}${redactUrl(url)}`);
  // Longest first, so that a credential containing another goes whole.
  const values = [...new Set(known)]
    .filter((value) => value.length >= MIN_CREDENTIAL_LENGTH && value !== REDACTED)
    .sort((a, b) => b.length - a.length);
  for (const value of values) result = result.split(value).join(REDACTED);
  return result;
}

/** Keys whose string values are URLs or paths in an error report (Sentry's request, breadcrumbs, navigation). */
const urlKeys = new Set(['url', 'from', 'to', 'transaction', 'query_string', 'referer', 'referrer']);

type Visit = (value: string, key: string | undefined) => void;

/** Each string of plain data with the key it is under (an array's items: the array's key). */
function walk(value: unknown, visit: Visit, key?: string, seen = new Set<object>()): void {
  if (typeof value === 'string') visit(value, key);
  else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    if (Array.isArray(value)) for (const inner of value) walk(inner, visit, key, seen);
    else for (const [innerKey, inner] of Object.entries(value)) walk(inner, visit, innerKey, seen);
  }
}

/** A copy of plain data with each string mapped; a cycle is cut. */
function rebuild(
  value: unknown,
  map: (value: string, key: string | undefined) => string,
  key?: string,
  seen = new Set<object>(),
): unknown {
  if (typeof value === 'string') return map(value, key);
  if (!value || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  const copy = Array.isArray(value)
    ? value.map((inner) => rebuild(inner, map, key, seen))
    : Object.fromEntries(
        Object.entries(value).map(([innerKey, inner]) => [innerKey, rebuild(inner, map, innerKey, seen)]),
      );
  seen.delete(value);
  return copy;
}

const isUrlValue = (value: string, key: string | undefined) =>
  key !== undefined && urlKeys.has(key.toLowerCase()) && /^(\/|[a-z][a-z0-9+.-]*:\/\/|\?)/i.test(value);

/** The credentials a report (plain data) holds, by the rule: what redactReport removes from it. */
export function credentialsInReport(report: unknown): string[] {
  const found = new Set<string>();
  walk(report, (value, key) => {
    if (key !== undefined && credentialFields.has(key)) found.add(value);
    if (isUrlValue(value, key)) for (const credential of credentialsInUrl(value)) found.add(credential);
    for (const credential of credentialsInText(value)) found.add(credential);
  });
  return [...found];
}

/**
 * A copy of a report (an error event, a log record: plain data) without credentials: every credential found
 * anywhere in it (by the rule above, plus `known`, say the request's own) is replaced everywhere in it.
 */
export function redactReport<T>(report: T, known: Iterable<string> = []): T {
  const found = new Set([...known, ...credentialsInReport(report)]);
  return rebuild(report, (value, key) => {
    if (key !== undefined && credentialFields.has(key)) return REDACTED;
    return redactText(isUrlValue(value, key) ? redactUrl(value) : value, found);
  }) as T;
}
