/** POST /api/web_interactions: the visit records the web app sends (docs/api.md#calls), validated, limited and stored. */
import { endpoints, webInteractionSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../lib/route.ts';
import { insertWebInteraction } from './queries.ts';

/** A visit record is a few hundred bytes: anything near this is not one. */
export const VISIT_BODY_LIMIT_BYTES = 8 * 1024;

export const interactionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.webInteraction, {
    config: { rateLimit: { max: app.config.env.INTERACTIONS_PER_MINUTE, timeWindow: '1 minute' } },
    bodyLimit: VISIT_BODY_LIMIT_BYTES,
    schema: {
      summary: 'Record a visit to a screen',
      tags: ['interactions'],
      body: webInteractionSchema,
      response: { 204: z.undefined().describe('Recorded') },
    },
    handler: async (request, reply) => {
      const body = request.body;
      await insertWebInteraction(app.db, {
        accountId: request.account?.id ?? null,
        type: body.type,
        source: body.source,
        pageName: body.page_name,
        url: body.url,
        eventTime: new Date(body.additional_data.event_time),
      });
      return reply.code(204).send();
    },
  });
};
