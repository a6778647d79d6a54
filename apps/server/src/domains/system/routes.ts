/** Health and runtime configuration. */
import { clientConfigSchema, endpoints, errorResponseSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../lib/route.ts';
import { sendError } from '../../plugins/errors.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  role: z
    .enum(['primary', 'standby'])
    .describe("What DATABASE_URL's node is (the embedded database: primary)"),
  standbys: z
    .array(
      z.object({
        name: z.string(),
        state: z.enum(['in_use', 'lagging', 'unreachable', 'not_standby', 'unchecked']),
        lag_ms: z.number().int().nonnegative().nullable(),
      }),
    )
    .describe("DATABASE_READ_URL's standbys as this instance last checked them; empty without any"),
});

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.health, {
    schema: {
      summary: 'Liveness and database check',
      tags: ['system'],
      response: { 200: healthSchema, 503: errorResponseSchema },
    },
    handler: async (request, reply) => {
      let role: 'primary' | 'standby';
      try {
        role = await app.database.role();
      } catch (error) {
        request.log.warn(
          { err: { message: (error as Error).message } },
          'health check: database unreachable',
        );
        return sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'The database is not reachable');
      }
      const standbys = (app.database.replicas?.status() ?? []).map((standby) => ({
        name: standby.name,
        state: standby.state,
        lag_ms: standby.lagMs,
      }));
      return { status: 'ok' as const, database: app.database.kind, role, standbys };
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
