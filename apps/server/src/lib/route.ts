/**
 * Registers a route from its entry of the endpoint registry (packages/contracts/src/endpoints.ts,
 * docs/decisions/0025): the path is the base's prefix and the entry's pattern, the account guard runs when the
 * entry says so (and its error answers are documented once, here), the entry's limit per account is counted
 * (plugins/call-limits.ts), and the handler gets the guarded account
 * typed. The route's zod schemas must agree with the entry's types: a disagreement is a compile error naming
 * the part (the call then asks for an argument that says what is wrong).
 */
import {
  type AccountIdLocation,
  type AccountLimit,
  type AnswerOf,
  accountLimits,
  type BodyOf,
  type Endpoint,
  errorResponseSchema,
  type ParamsOf,
  type QueryOf,
  serverRoutePath,
} from '@portal/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { AccountRow } from '../db/schema.ts';

/** What the account guard answers (docs/access.md, docs/api.md#errors): on every guarded route. */
const guardedErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
} as const;

/** The OpenAPI and validation part of a route; params, query and body come from its entry's types. */
export interface RouteSchema {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly produces?: readonly string[];
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** The route's own answers; the guard's errors are added for guarded entries. */
  readonly response: Readonly<Record<number, unknown>>;
}

type Part<S, K extends string> = S extends { readonly [P in K]: infer X } ? X : undefined;
type Output<X> = X extends z.ZodType ? z.output<X> : undefined;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** What the client may send (the entry's type) must be accepted by the schema, field for field. */
type PartMismatch<Name extends string, Wire, Schema> = [Wire] extends [undefined]
  ? Schema extends z.ZodType
    ? `${Name}: the route has a schema, the endpoint declares none`
    : never
  : Schema extends z.ZodType
    ? [Wire] extends [z.input<Schema>]
      ? Same<keyof Wire, keyof z.input<Schema>> extends true
        ? never
        : `${Name}: the endpoint's fields differ from the schema's`
      : `${Name}: the schema refuses what the endpoint's type allows`
    : `${Name}: the endpoint declares it, the route has no schema`;

type SuccessSchema<S> = S extends { readonly response: { readonly 200: infer R } } ? R : undefined;

/** The answer of the entry is the 200 schema's output; no 200 means no answer body (204, a redirect). */
type AnswerMismatch<E, S> =
  SuccessSchema<S> extends z.ZodType
    ? Same<AnswerOf<E>, z.output<SuccessSchema<S>>> extends true
      ? never
      : "answer: the endpoint's type differs from the 200 schema's"
    : SuccessSchema<S> extends undefined
      ? [AnswerOf<E>] extends [undefined]
        ? never
        : 'answer: the endpoint declares an answer, the route has no 200'
      : never; // A 200 described without a zod schema (the CSV stream): documented, not typed.

export type RouteMismatch<E, S> =
  | PartMismatch<'params', ParamsOf<E>, Part<S, 'params'>>
  | PartMismatch<'query', QueryOf<E>, Part<S, 'querystring'>>
  | PartMismatch<'body', BodyOf<E>, Part<S, 'body'>>
  | AnswerMismatch<E, S>;

/** `request.account` as the guard leaves it: always there when the guard ran, maybe null when optional. */
type AccountOf<E> = E extends { readonly guard: infer G extends AccountIdLocation }
  ? G extends { readonly optional: true }
    ? AccountRow | null
    : AccountRow
  : null;

export type RouteRequest<E, S> = Omit<FastifyRequest, 'params' | 'query' | 'body' | 'account'> & {
  params: Output<Part<S, 'params'>>;
  query: Output<Part<S, 'querystring'>>;
  body: Output<Part<S, 'body'>>;
  account: AccountOf<E>;
};

export interface RouteDefinition<E, S extends RouteSchema> {
  schema: S;
  config?: RouteShorthandOptions['config'];
  bodyLimit?: number;
  /**
   * 'standby': the route only reads, through `request.reads`, which may be a standby (decision 0044); a read
   * a standby cannot answer runs again on the primary. Otherwise every query goes to the primary.
   */
  reads?: 'standby';
  /** A GET that writes the customer's data (an email click): its success sets the read-your-writes cookie. */
  writes?: true;
  /** Replaces the guard's look-up of the account (guarded entries only): `AccountLookUp`. */
  lookUpAccount?: (request: FastifyRequest, publicId: string) => Promise<AccountRow | undefined>;
  /** Answers the entry's answer, or sends through `reply` (a 204, a 304, a redirect, a stream). */
  handler(request: RouteRequest<E, S>, reply: FastifyReply): Promise<AnswerOf<E> | FastifyReply>;
}

type Mismatch<E, S> = [RouteMismatch<E, S>] extends [never] ? [] : [disagreement: RouteMismatch<E, S>];

/**
 * `route(app, endpoints.usage, { schema: { summary, tags, querystring, response: { 200 } }, handler })`.
 * `app` is the plugin's instance, so that hooks and parsers scoped to a plugin apply.
 */
export function route<E extends Endpoint, const S extends RouteSchema>(
  app: FastifyInstance,
  endpoint: E,
  definition: RouteDefinition<E, S>,
  ..._agree: Mismatch<E, S>
): void {
  const { schema, handler, config, bodyLimit, lookUpAccount, reads, writes } = definition;
  const guard = endpoint.guard;
  // A call with a limit per account is counted once its account is found and its request valid (issue 25).
  const accountLimit = (accountLimits as readonly string[]).includes(endpoint.limit)
    ? (endpoint.limit as AccountLimit)
    : null;
  if (accountLimit && (!guard || guard.optional)) {
    throw new Error(`${endpoint.method} ${endpoint.path}: a limit per account needs the account guard`);
  }
  const options: RouteOptions = {
    method: endpoint.method,
    url: serverRoutePath(endpoint),
    ...(guard ? { preValidation: app.requireAccount(guard, lookUpAccount) } : {}),
    ...(accountLimit ? { preHandler: app.limitCalls(accountLimit) } : {}),
    config: {
      ...config,
      standbyReads: reads === 'standby',
      customerWrite: writes === true || endpoint.method !== 'GET',
    },
    ...(bodyLimit !== undefined ? { bodyLimit } : {}),
    schema: { ...schema, response: guard ? { ...guardedErrors, ...schema.response } : schema.response },
    // The types above are what the type provider would give: the guard ran (preValidation) and the schemas
    // validated the request before the handler is called.
    handler: (reads === 'standby'
      ? (request: FastifyRequest, reply: FastifyReply) =>
          app.readOrRetryOnPrimary(request, async () =>
            (handler as RouteHandlerMethod).call(app, request, reply),
          )
      : handler) as unknown as RouteHandlerMethod,
  };
  app.route(options);
}
