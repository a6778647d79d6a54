/**
 * `route()` (apps/server/src/lib/route.ts, docs/decisions/0025) refuses at compile time a route whose zod
 * schemas disagree with its registry entry's types. The calls below are type-checked by `tsc -p apps/server`
 * (each `@ts-expect-error` fails the check if the call stops being an error) and never run.
 */
import {
  accountQuerySchema,
  endpoints,
  type eventQuerySchema,
  plansResponseSchema,
  usageQuerySchema,
  usageResponseSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { type RouteMismatch, route } from '../../src/lib/route.ts';

function registrations(app: FastifyInstance) {
  const schema = { summary: 's', tags: ['t'] } as const;
  const answer = async () => ({}) as never;

  // Agrees: the usage entry's query and answer are the schemas'.
  route(app, endpoints.usage, {
    schema: { ...schema, querystring: usageQuerySchema, response: { 200: usageResponseSchema } },
    handler: answer,
  });
  // @ts-expect-error: the plans entry answers PlansResponse, not a week of usage.
  route(app, endpoints.plans, {
    schema: { ...schema, querystring: accountQuerySchema, response: { 200: usageResponseSchema } },
    handler: answer,
  });
  // @ts-expect-error: the usage query has `from` besides the account.
  route(app, endpoints.usage, {
    schema: { ...schema, querystring: accountQuerySchema, response: { 200: usageResponseSchema } },
    handler: answer,
  });
  // @ts-expect-error: the plans call takes no body.
  route(app, endpoints.plans, {
    schema: {
      ...schema,
      querystring: accountQuerySchema,
      body: z.object({ x: z.string() }),
      response: { 200: plansResponseSchema },
    },
    handler: answer,
  });
  // @ts-expect-error: the solar welcome answers nothing (204), not a 200 body.
  route(app, endpoints.solarWelcome, {
    schema: { ...schema, querystring: accountQuerySchema, response: { 200: plansResponseSchema } },
    handler: answer,
  });
}

it('names the part that disagrees', () => {
  type Wrong = RouteMismatch<
    typeof endpoints.eventResult,
    {
      summary: 's';
      tags: [];
      querystring: typeof usageQuerySchema;
      response: { 200: typeof eventQuerySchema };
    }
  >;
  const reasons: Wrong[] = [
    "query: the endpoint's fields differ from the schema's",
    "answer: the endpoint's type differs from the 200 schema's",
  ];
  expect(reasons).toHaveLength(2);
  expect(registrations).toBeTypeOf('function');
});
