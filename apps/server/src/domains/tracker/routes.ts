/** GET /api/tracker/usage and POST /api/settings/spend_target (spec §7). */
import {
  errorResponseSchema,
  messages,
  spendTargetBodySchema,
  type UsageResponse,
  usageQuerySchema,
  usageResponseSchema,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccountRow, accounts } from '../../db/schema.ts';
import { sendJsonText } from '../../plugins/serializers.ts';
import { markSolarWelcomeSeen } from './curtailment.ts';
import { usageJsonFor } from './usage-service.ts';

const guardedErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

export const trackerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tracker/usage',
    {
      preValidation: app.requireAccount({ in: 'query', key: 'account_id' }),
      schema: {
        summary: "A week of the account's spend per day and hour, insights and the quarterly forecast",
        description: `\`from\` is any date of the week (normalised to its Monday); without it, this week. ${messages.aestNote}`,
        tags: ['tracker'],
        querystring: usageQuerySchema,
        response: { 200: usageResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const json = await usageJsonFor(app.db, request.account as AccountRow, request.query.from);
      // The browser keeps its own copy for an hour (spec §4); an HTTP cache would serve a stale budget.
      reply.header('cache-control', 'private, no-store');
      return sendJsonText<UsageResponse>(app, reply, json);
    },
  );

  app.post(
    '/api/settings/spend_target',
    {
      preValidation: app.requireAccount({ in: 'query', key: 'account_id' }),
      // A budget that is not whole dollars 0 to 99 is unprocessable, not malformed (issue: anything else a 422).
      config: { validationErrorStatus: 422 },
      schema: {
        summary: 'Set the weekly budget in whole dollars (0 turns it off)',
        tags: ['tracker'],
        querystring: z.object({ account_id: usageQuerySchema.shape.account_id }),
        body: spendTargetBodySchema,
        response: { 204: z.undefined().describe('Saved'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const account = request.account as AccountRow;
      await app.db
        .update(accounts)
        .set({ spendTarget: request.body.spend_target, updatedAt: sql`now()` })
        .where(eq(accounts.id, account.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/tracker/solar_welcome',
    {
      preValidation: app.requireAccount({ in: 'query', key: 'account_id' }),
      schema: {
        summary: 'Record that the Solar Advantage welcome was seen (it is not shown again)',
        tags: ['tracker'],
        querystring: z.object({ account_id: usageQuerySchema.shape.account_id }),
        response: { 204: z.undefined().describe('Recorded'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await markSolarWelcomeSeen(app.db, request.account as AccountRow);
      return reply.code(204).send();
    },
  );
};
