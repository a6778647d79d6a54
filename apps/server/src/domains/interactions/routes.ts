/** POST /api/web_interactions: the visit records the web app sends (docs/api.md#calls), validated, limited and stored. */
import { errorResponseSchema, webInteractionSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertWebInteraction } from './queries.ts';

/** A visit record is a few hundred bytes: anything near this is not one. */
export const VISIT_BODY_LIMIT_BYTES = 8 * 1024;

export const interactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/web_interactions',
    {
      config: { rateLimit: { max: app.config.env.INTERACTIONS_PER_MINUTE, timeWindow: '1 minute' } },
      bodyLimit: VISIT_BODY_LIMIT_BYTES,
      preValidation: app.requireAccount({ in: 'body', key: 'account_identifier', optional: true }),
      schema: {
        summary: 'Record a visit to a screen',
        tags: ['interactions'],
        body: webInteractionSchema,
        response: {
          204: z.undefined().describe('Recorded'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
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
  );
};
