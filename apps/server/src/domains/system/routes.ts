/** Health and runtime configuration. */
import { clientConfigSchema, endpoints, errorResponseSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../lib/route.ts';
import { sendError } from '../../plugins/errors.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.health, {
    schema: {
      summary: 'Liveness and database check',
      tags: ['system'],
      response: { 200: healthSchema, 503: errorResponseSchema },
    },
    handler: async (request, reply) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn(
          { err: { message: (error as Error).message } },
          'health check: database unreachable',
        );
        return sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  });

  route(app, endpoints.config, {
    schema: {
      summary: "The retailer's runtime configuration for the web app",
      tags: ['system'],
      response: { 200: clientConfigSchema },
    },
    handler: async () => app.config.client,
  });
};
