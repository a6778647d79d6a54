/**
 * The HTTP fuzz (docs/reliability.md, "Bad input"): every route the app registers gets random requests (path,
 * query, body, content type) that mix valid-looking values (the demo accounts, real event ids, signed email
 * tokens, valid dates, bodies valid for the zod schemas) with garbage (huge, unicode, NUL, wrong types, deep
 * JSON, bad JSON text, wrong content types, path traversal, broken %-encoding). The property: never a 5xx,
 * every rejection in the JSON error shape with a clear message, redirects only inside the portal. Answers
 * that succeed are checked against their response schemas by the test server's strict serializer (a
 * mismatch would be a 500). Used by test/fuzz/http.test.ts (200 cases per route) and bench/fuzz/run.ts.
 */
import zlib from 'node:zlib';
import {
  addDays,
  demoAccountIds,
  errorCodes,
  residentialProfileSchema,
  smeProfileSchema,
} from '@portal/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { App } from '../../src/app.ts';
import { liftedCallLimits } from '../../src/config.ts';
import { drEvents } from '../../src/db/schema/reduce-and-reward.ts';
import { linkSecret, signLink } from '../../src/domains/subscriptions/links.ts';
import { suiteToday } from '../helpers/suite-clock.ts';
import { BOUND_DATES, type FieldHints, type JsonSchema, schemaArbitrary } from './json-schema-arbitrary.ts';

/** The number of cases per route: FUZZ_RUNS, or the caller's default (200 in `npm test`). */
export function fuzzRuns(fallback: number): number {
  const given = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(given) && given > 0 ? given : fallback;
}

/**
 * Settings for the fuzzed app: failed look-ups, visit records and the calls per account are limited (per
 * address and per account), and the fuzz sends hundreds to one account from a few addresses, so allow enough
 * to get past them (account-limits.test.ts tests the limits themselves).
 */
export const fuzzAppEnv = {
  ACCOUNT_LOOKUP_FAILURES: '1000000',
  INTERACTIONS_PER_MINUTE: '1000000',
  ...liftedCallLimits,
};

// ---------------------------------------------------------------------------------------------------------
// The routes, from the app itself

export interface Route {
  method: string;
  /** As registered: `/innovative_billing/here_for_you_participants/:accountId`, `/api/docs/*`. */
  url: string;
}

export const routeKey = (route: Route) => `${route.method} ${route.url}`;

/**
 * Every method and path the router knows, read from `printRoutes` (HEAD, which Fastify adds to each GET, is
 * fuzzed with its GET). Not from a list kept by hand, so that a new route cannot be left out.
 */
export function registeredRoutes(app: App): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.push(url);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------------------
// What the fuzz knows about the data: real ids and tokens, so that requests can succeed

export interface FuzzContext {
  clientCode: string;
  eventIds: number[];
  /** Signed email-link tokens (click, unsubscribe and the budget alert's off) of the demo accounts, other retailer included. */
  tokens: string[];
  today: string;
  openapi: OpenApiDocument;
  /** Values mostly at the bounds of each field (schemaArbitrary's `atBounds`, test/api/schema-bounds). */
  atBounds?: boolean;
}

interface OpenApiParameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export async function fuzzContext(app: App, options: { atBounds?: boolean } = {}): Promise<FuzzContext> {
  const events = await app.db.select({ id: drEvents.id }).from(drEvents);
  const secret = await linkSecret(app.db, app.config);
  const tokens = Object.values(demoAccountIds).flatMap((a) => [
    signLink(secret, { k: 'click', a, p: `/new/usage/${a}` }),
    signLink(secret, { k: 'unsubscribe', a }),
    signLink(secret, { k: 'alerts', a }),
    // Genuine links to targets outside Latin-1 and ASCII, which a Location header cannot carry as they are.
    signLink(secret, { k: 'click', a, p: `/new/usage/${a}?name=ऄ😀#é` }),
  ]);
  return {
    clientCode: app.config.client.clientCode,
    eventIds: events.map((event) => event.id),
    tokens,
    today: suiteToday(),
    openapi: app.swagger() as unknown as OpenApiDocument,
    ...(options.atBounds ? { atBounds: true } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Garbage

const nasty = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '💡⚡️',
  'é',
  'ｄｅｍｏ－ｈｏｍｅ',
  'demo-home\u0000',
  'DEMO-HOME',
  ' demo-home',
  'demo-home ',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%00',
  '%',
  '%zz',
  '%E2%82',
  '%C0%AF',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table accounts; --',
  '$' + '{7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '9007199254740993',
  '-1',
  '0',
  'true',
  '[]',
  '{}',
  '\r\nSet-Cookie: x=1',
  '\\u0000',
];

/** Strings nobody should send: unicode, control characters, lone surrogates, huge ones. */
export const garbageString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nasty) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ minLength: 1, maxLength: 6, unit: 'binary' }), fc.integer({ min: 100, max: 60_000 }))
      .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length)),
  },
);

/** JSON values of the wrong type or shape, deeply nested ones included. */
export const garbageJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: garbageString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      2 ** 31,
      2 ** 53 + 2,
      -1e308,
      1e308,
      [],
      {},
      [null],
      { __proto__: null },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 10, max: 3000 }).map((depth) => {
      let value: unknown = 'deep';
      for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
      return value;
    }),
  },
);

/** Request bodies that are not JSON at all, or broken JSON. */
const badJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'undefined',
    'NaN',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '\uFEFF{}',
    '\u0000',
    'null',
    '[1,2',
    '{"a":"\\ud800"}',
    '{"a":"\\u00"}',
    'a=1&b=2',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ),
  fc.integer({ min: 1000, max: 200_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1000, max: 200_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 1000, max: 100_000 }).map((depth) => `${'['.repeat(depth)}1`),
  // Around the body limits (8 KB for visit records, 256 KB for the others).
  fc.integer({ min: 7_000, max: 300_000 }).map((size) => JSON.stringify({ url: 'x'.repeat(size) })),
  garbageString,
);

// ---------------------------------------------------------------------------------------------------------
// Valid-looking values

/** Usually a value from `valid`, sometimes garbage: most requests get past validation, some do not. */
function mostly<T>(valid: fc.Arbitrary<T>, validWeight = 5): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: validWeight, arbitrary: valid }, { weight: 1, arbitrary: garbageJson });
}

function dateText(ctx: FuzzContext): fc.Arbitrary<string> {
  if (ctx.atBounds) return fc.constantFrom(...BOUND_DATES);
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: -500, max: 30 }).map((days) => addDays(ctx.today, days)) },
    {
      weight: 2,
      arbitrary: fc
        .date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString().slice(0, 10)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '2026-02-30',
        '2026-13-01',
        '2026-00-10',
        '2025-02-29',
        '2024-02-29',
        '20261116',
        '2026-1-1',
        '2026-11-16T00:00:00Z',
        '+02026-11-16',
        '0000-01-01',
        '-0001-01-01',
      ),
    },
    { weight: 1, arbitrary: garbageString },
  );
}

function tokenText(ctx: FuzzContext): fc.Arbitrary<string> {
  const real = fc.constantFrom(...ctx.tokens);
  return fc.oneof(
    { weight: 4, arbitrary: real },
    {
      weight: 3,
      arbitrary: fc
        .tuple(real, fc.nat(), fc.constantFrom('flip', 'cut', 'dot', 'swap'))
        .map(([token, n, how]) => {
          const at = n % token.length;
          if (how === 'cut') return token.slice(0, at);
          if (how === 'dot') return `${token}.x`;
          if (how === 'swap') return token.split('.').reverse().join('.');
          return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue()
        .map((payload) => `${Buffer.from(JSON.stringify(payload) ?? '').toString('base64url')}.c2ln`),
    },
    { weight: 2, arbitrary: garbageString },
  );
}

const toJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;

/** Meaningful values by field name, in any route's path, query or body. */
export function fieldHints(ctx: FuzzContext): FieldHints {
  const accountId = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...Object.values(demoAccountIds)) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{22}$/) },
    { weight: 2, arbitrary: garbageString },
  );
  const eventId = fc.oneof(
    { weight: 6, arbitrary: ctx.eventIds.length ? fc.constantFrom(...ctx.eventIds) : fc.constant(1) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 2 ** 31 + 5 }) },
    { weight: 1, arbitrary: fc.constantFrom('01', '1.5', '1e3', ' 1', '+1', '0x1', '2147483648', '-0') },
    { weight: 1, arbitrary: garbageString },
  );
  const profile = fc.oneof(
    schemaArbitrary(toJsonSchema(residentialProfileSchema)),
    schemaArbitrary(toJsonSchema(smeProfileSchema)),
    fc.dictionary(fc.string({ maxLength: 20 }), garbageJson, { maxKeys: 5 }),
  );
  return {
    account_id: accountId,
    accountId,
    account_identifier: accountId,
    event_id: eventId,
    client_code: fc.oneof(
      { weight: 8, arbitrary: fc.constant(ctx.clientCode) },
      { weight: 1, arbitrary: fc.constantFrom('OTHER', ctx.clientCode.toLowerCase()) },
      { weight: 1, arbitrary: garbageString },
    ),
    t: tokenText(ctx),
    from: dateText(ctx),
    to: dateText(ctx),
    profile,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

const LONE_SURROGATE = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;

/** Percent-encodes as UTF-8 (lone surrogates as the invalid bytes a broken client would send). */
export function percentEncode(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** The longest value the fuzz puts in a URL: Node's HTTP parser stops at 16 KB of request line and headers. */
const MAX_URL_PART = 12_000;

/** How a value goes into a URL: encoded properly, or left raw where it is printable ASCII (as curl would). */
const encoding = fc.constantFrom('encode', 'encode', 'encode', 'raw', 'plus');
function inUrl(value: unknown, how: string): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let encoded = percentEncode(text);
  if (how === 'raw' && /^[\x21-\x7e]*$/.test(text)) encoded = text.replace(/#/g, '%23');
  if (how === 'plus') encoded = encoded.replace(/%20/g, '+');
  // Node refuses a request line and headers over 16 KB (431) before the app sees them.
  return encoded.slice(0, MAX_URL_PART);
}

const contentTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json;charset=UTF-8',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json; boundary=x',
      'application/vnd.api+json',
      'application/merge-patch+json',
      'application/jsonx',
      'text/json',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/octet-stream',
      'text/csv',
      '*/*',
      'garbage',
      ';',
      'application/',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const otherHeaders = fc.record(
  {
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', '*', 'gzip;q=0, br;q=0', 'xx'),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'text/csv', 'image/png', 'garbage'),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'garbage', '1.2.3.4, 5.6.7.8'),
    'accept-language': fc.constantFrom('en-AU', 'xx', '*'),
  },
  { requiredKeys: [] },
);

const remoteAddress = fc.constantFrom('127.0.0.1', '10.1.2.3', '192.0.2.7', '::1', '2001:db8::5');

interface Parts {
  path: string;
  query: [string, unknown][];
  body?: { text: string; contentType?: string };
}

/** Mutations of a whole path that a router must survive. */
const pathMutation = fc.oneof(
  { weight: 12, arbitrary: fc.constant((path: string) => path) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      (path: string) => `${path}/`,
      (path: string) => path.replace('/', '//'),
      (path: string) => `${path}/..`,
      (path: string) => `${path}/%2e%2e/%2e%2e/package.json`,
      (path: string) => `/./${path.slice(1)}`,
      (path: string) => path.toUpperCase(),
      (path: string) => `${path};jsessionid=1`,
      (path: string) => `${path}%00`,
      (path: string) => `${path}%`,
      (path: string) => `${path}/%E2%82`,
      (path: string) => `${path}#fragment`,
      (path: string) => path.replace(/\/[^/]*$/, '/%C0%AF'),
    ),
  },
);

/** Assembles one request from its parts, with the encodings and headers the fuzz chooses. */
function assemble(method: string, parts: fc.Arbitrary<Parts>, queryExtras = true): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      parts,
      methodSwap: fc.oneof(
        { weight: 20, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'DELETE', 'PUT', 'PATCH', 'POST', 'GET', 'TRACE'),
        },
      ),
      head: method === 'GET' ? fc.boolean() : fc.constant(false),
      encodings: fc.array(encoding, { minLength: 8, maxLength: 8 }),
      extras: queryExtras
        ? fc.array(
            fc.tuple(
              fc.oneof(fc.constantFrom('a', '__proto__', 'constructor', 'x[y]', ''), garbageString),
              garbageString,
            ),
            {
              maxLength: 2,
            },
          )
        : fc.constant([]),
      separator: fc.constantFrom('&', '&', '&', '&&', ';'),
      mutatePath: pathMutation,
      headers: otherHeaders,
      remoteAddress,
    })
    .map(
      ({
        parts: p,
        methodSwap,
        head,
        encodings,
        extras,
        separator,
        mutatePath,
        headers,
        remoteAddress: ip,
      }) => {
        const pairs = [...p.query, ...extras].map(([key, value], i) => {
          const how = encodings[i % encodings.length] ?? 'encode';
          return value === undefined ? inUrl(key, how) : `${inUrl(key, how)}=${inUrl(value, how)}`;
        });
        const url = mutatePath(p.path) + (pairs.length ? `?${pairs.join(separator)}` : '');
        const request: FuzzRequest = {
          method: methodSwap ?? (head ? 'HEAD' : method),
          url,
          headers: { ...headers },
          remoteAddress: ip,
        };
        if (p.body) {
          request.payload = p.body.text;
          if (p.body.contentType !== undefined) request.headers['content-type'] = p.body.contentType;
        }
        return request;
      },
    );
}

/** One query parameter: usually its meaningful or schema-valid value, sometimes garbage, repeated or absent. */
function queryValue(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> {
  return fc.oneof(
    { weight: 16, arbitrary: valid.map((value): unknown[] => [value]) },
    { weight: 2, arbitrary: garbageString.map((value): unknown[] => [value]) },
    { weight: 1, arbitrary: fc.constant<unknown[]>([]) },
    { weight: 1, arbitrary: fc.tuple(valid, mostly(valid)).map((values): unknown[] => values) },
    { weight: 1, arbitrary: fc.constant<unknown[]>([undefined]) },
  );
}

/** A body that the schema accepts, then maybe broken: a field dropped, retyped or added, or not JSON at all. */
function bodyFor(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ text: string; contentType?: string }> {
  const broken = fc
    .tuple(valid, fc.nat(), garbageString, garbageJson, fc.constantFrom('drop', 'retype', 'add'))
    .map(([value, n, key, junk, how]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return junk;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const target = keys[n % Math.max(1, keys.length)];
      if (how === 'drop' && target) delete copy[target];
      else if (how === 'retype' && target) copy[target] = junk;
      else copy[key] = junk;
      return copy;
    });
  const json = fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 3, arbitrary: broken },
    { weight: 1, arbitrary: garbageJson },
  );
  return fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: json.map((v) => JSON.stringify(v) ?? '') },
        { weight: 1, arbitrary: badJsonText },
      ),
      contentTypes,
    )
    .map(([text, contentType]) => ({ text, contentType }));
}

/** The OpenAPI operation of a route (`:id` in the router is `{id}` in the document). */
export function operationOf(ctx: FuzzContext, route: Route): OpenApiOperation {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operation = ctx.openapi.paths[path]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${routeKey(route)} is not in the OpenAPI document`);
  return operation;
}

export const resolver = (ctx: FuzzContext) => (ref: string) => {
  const name = ref.replace('#/components/schemas/', '');
  const schema = ctx.openapi.components?.schemas?.[name];
  if (!schema) throw new Error(`unknown schema ${ref}`);
  return schema;
};

/**
 * Requests for a documented route, from its OpenAPI parameters and body schema, with the field hints; `hints`
 * adds or overrides meaningful values for this route.
 */
export function fromOperation(hints: FieldHints = {}): EndpointFuzzer {
  return (ctx, route) => {
    const operation = operationOf(ctx, route);
    const allHints = { ...fieldHints(ctx), ...hints };
    const options = { hints: allHints, resolve: resolver(ctx), atBounds: ctx.atBounds ?? false };
    const valuesFor = (parameter: OpenApiParameter) =>
      allHints[parameter.name] ?? schemaArbitrary(parameter.schema, options);
    const parameters = operation.parameters ?? [];
    const pathParameters = parameters.filter((p) => p.in === 'path');
    const queryParameters = parameters.filter((p) => p.in === 'query');
    const bodySchema = operation.requestBody?.content['application/json']?.schema;

    const path = fc
      .tuple(...pathParameters.map((p) => fc.tuple(mostly(valuesFor(p), 8), encoding)))
      .map((values) => {
        let url = route.url;
        pathParameters.forEach((parameter, i) => {
          const [value, how] = values[i] as [unknown, string];
          // By a function: a replacement string would read a `$&` or `$'` in a raw value as a pattern.
          url = url.replace(`:${parameter.name}`, () => inUrl(value, how));
        });
        return url;
      });
    const pairs = fc
      .tuple(...queryParameters.map((p) => queryValue(valuesFor(p))))
      .map((values) =>
        queryParameters.flatMap((parameter, i) =>
          (values[i] as unknown[]).map((value): [string, unknown] => [parameter.name, value]),
        ),
      );
    // Now and then in another order, or with some left out.
    const query = fc.oneof(
      { weight: 6, arbitrary: pairs },
      { weight: 1, arbitrary: pairs.chain((all) => fc.shuffledSubarray(all)) },
    );
    const body = bodySchema
      ? fc.oneof(
          { weight: 12, arbitrary: bodyFor(schemaArbitrary(bodySchema, options)) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        )
      : fc.oneof(
          { weight: 9, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: bodyFor(garbageJson) },
        );
    return assemble(
      route.method,
      fc.record({ path, query, body }).map(({ path: p, query: q, body: b }) => ({
        path: p,
        query: q,
        ...(b ? { body: b } : {}),
      })),
    );
  };
}

/** Requests for a route outside the OpenAPI document (the documentation pages): its path, then anything. */
export function underPath(suffixes: string[]): EndpointFuzzer {
  return (_ctx, route) =>
    assemble(
      route.method,
      fc
        .record({
          suffix: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...suffixes) },
            { weight: 1, arbitrary: garbageString.map(percentEncode) },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                '../../../../etc/passwd',
                '..%2f..%2f..%2fpackage.json',
                '%2e%2e/%2e%2e/%2e%2e/package.json',
                'static/../../../package.json',
                'static/%00',
                'static/..%5c..%5cpackage.json',
                'static/%C0%AE%C0%AE/package.json',
              ),
            },
          ),
          query: fc.array(fc.tuple(garbageString, garbageString), { maxLength: 2 }),
        })
        .map(({ suffix, query }) => ({
          path: route.url.includes('*') ? route.url.replace('*', () => suffix) : route.url + suffix,
          query,
        })),
    );
}

/** A request for anything: any method, a path the router may not know. */
export const anyRequest: EndpointFuzzer = () =>
  fc
    .tuple(
      assemble(
        'GET',
        fc
          .record({
            segments: fc.array(
              fc.oneof(
                fc.constantFrom(
                  'api',
                  'tracker',
                  'usage',
                  'innovative_billing',
                  'reduce_and_reward',
                  'new',
                  'docs',
                  'static',
                  '..',
                  '.',
                  '',
                  'demo-home',
                  'index.html',
                ),
                garbageString.map(percentEncode),
              ),
              { maxLength: 6 },
            ),
            body: fc.option(bodyFor(garbageJson), { nil: undefined }),
            query: fc.array(fc.tuple(garbageString, garbageString), { maxLength: 2 }),
          })
          .map(({ segments, query, body }) => ({
            path: `/${segments.join('/')}`,
            query,
            ...(body ? { body } : {}),
          })),
      ),
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
    )
    .map(([request, method]) => ({ ...request, method }));

export type EndpointFuzzer = (ctx: FuzzContext, route: Route) => fc.Arbitrary<FuzzRequest>;

// ---------------------------------------------------------------------------------------------------------
// The property

const decoders: Record<string, (buffer: Buffer) => Buffer> = {
  gzip: zlib.gunzipSync,
  br: zlib.brotliDecompressSync,
  deflate: zlib.inflateSync,
};

function bodyText(response: LightMyRequestResponse): string {
  const encodingName = String(response.headers['content-encoding'] ?? '');
  const decode = decoders[encodingName];
  return decode && response.rawPayload.length > 0
    ? decode(response.rawPayload).toString('utf8')
    : response.body;
}

/** The longest error message that is still a message rather than an echo of the input. */
export const MAX_MESSAGE_LENGTH = 500;

/**
 * What is wrong with an answer, or undefined: a 5xx; a rejection not in the JSON error shape, with an unknown
 * code or a message that is empty, too long or internal; a redirect outside the portal.
 */
export function problemWith(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  const text = bodyText(response);
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  if (status >= 300 && status < 400 && status !== 304) {
    const location = String(response.headers.location ?? '');
    const target = new URL(location, 'http://portal.invalid');
    if (!location.startsWith('/') || target.host !== 'portal.invalid') {
      return `redirect ${status} outside the portal: ${location.slice(0, 200)}`;
    }
  }
  if (status < 400) return undefined;
  const type = String(response.headers['content-type'] ?? '');
  if (!/^application\/json/.test(type))
    return `status ${status} answered as "${type}": ${text.slice(0, 200)}`;
  if (request.method === 'HEAD') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status}: not JSON: ${text.slice(0, 200)}`;
  }
  const shape = z
    .object({ error: z.object({ code: z.enum(errorCodes), message: z.string() }).strict() })
    .strict()
    .safeParse(body);
  if (!shape.success) return `status ${status}: not the error shape: ${text.slice(0, 300)}`;
  const { message } = shape.data.error;
  if (message.trim().split(/\s+/).length < 3 || !/[a-z]/i.test(message)) {
    return `status ${status}: unclear message: ${JSON.stringify(message)}`;
  }
  if (message.length > MAX_MESSAGE_LENGTH) return `status ${status}: message of ${message.length} characters`;
  if (/\n\s+at |node_modules|FST_|Failed query|drizzle|\bselect\b .* from /i.test(message)) {
    return `status ${status}: internal details in the message: ${message.slice(0, 200)}`;
  }
  return undefined;
}

export async function send(app: App, request: FuzzRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    remoteAddress: request.remoteAddress,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

/** A compact description of a request for a failure report. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  return JSON.stringify({
    method: request.method,
    url: cut(request.url),
    headers: request.headers,
    payload: request.payload === undefined ? undefined : cut(request.payload),
  });
}

// ---------------------------------------------------------------------------------------------------------
// A run

export interface RouteReport {
  key: string;
  runs: number;
  /** How many answers had each status. */
  statuses: Record<number, number>;
  /** The first few requests with a problem (only when the run does not stop at the first). */
  problems: { problem: string; request: string }[];
  /** Milliseconds in `inject` (the server), and in all (generating requests included). */
  serverMs: number;
  totalMs: number;
}

/**
 * Sends `runs` generated requests for one route. `stopAtFirst` (the test): the first problem fails the run,
 * shrunk by fast-check to a small request. Otherwise (the long run) problems are collected and it goes on.
 */
export async function fuzzRoute(
  app: App,
  ctx: FuzzContext,
  key: string,
  fuzzer: EndpointFuzzer,
  options: { runs: number; stopAtFirst: boolean; seed?: number },
): Promise<RouteReport> {
  const [method = '', url = ''] = key.split(' ');
  const report: RouteReport = { key, runs: 0, statuses: {}, problems: [], serverMs: 0, totalMs: 0 };
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(fuzzer(ctx, { method, url }), async (request) => {
      const sent = performance.now();
      const response = await send(app, request);
      report.serverMs += performance.now() - sent;
      report.runs++;
      report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
      const problem = problemWith(request, response);
      if (!problem) return;
      if (options.stopAtFirst) throw new Error(`${problem}\nrequest: ${describeRequest(request)}`);
      if (report.problems.length < 20) report.problems.push({ problem, request: describeRequest(request) });
    }),
    { numRuns: options.runs, ...(options.seed === undefined ? {} : { seed: options.seed }) },
  );
  report.totalMs = performance.now() - started;
  return report;
}
