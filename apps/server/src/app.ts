/**
 * Builds the Fastify app as a plugin tree (conventions: app.ts builds, main.ts listens). Plugins load in a
 * fixed order: infrastructure, reads (primary or standby), errors, security, OpenAPI, domain guards, routes,
 * then the web app.
 */
import { redactUrl } from '@portal/contracts';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import accountGuard from './domains/accounts/guard.ts';
import { accountRoutes } from './domains/accounts/routes.ts';
import { interactionRoutes } from './domains/interactions/routes.ts';
import { meterDataRoutes } from './domains/meter-data/routes.ts';
import { offerRoutes } from './domains/offers/routes.ts';
import { profileRoutes } from './domains/profiles/routes.ts';
import { reduceAndRewardRoutes } from './domains/reduce-and-reward/routes.ts';
import { emailLinkRoutes } from './domains/subscriptions/email-routes.ts';
import { linkKeys } from './domains/subscriptions/links.ts';
import { subscriptionRoutes } from './domains/subscriptions/routes.ts';
import { systemRoutes } from './domains/system/routes.ts';
import trackerRollover from './domains/tracker/rollover.ts';
import { trackerRoutes } from './domains/tracker/routes.ts';
import { redactedError } from './lib/redaction.ts';
import callLimits from './plugins/call-limits.ts';
import connections, { connectionOptions } from './plugins/connections.ts';
import errors, { frameworkErrors } from './plugins/errors.ts';
import infrastructure from './plugins/infrastructure.ts';
import openapi from './plugins/openapi.ts';
import reads from './plugins/reads.ts';
import security from './plugins/security.ts';
import {
  plainSerializerCompiler,
  requireResponseSchemas,
  strictSerializerCompiler,
} from './plugins/serializers.ts';
import web from './plugins/web.ts';

/** The largest request body any route accepts; routes may set a smaller limit (visit records: 8 KB). */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Request logs carry the method, the URL without its credentials (public ids and link tokens become
 * placeholders) and the status, never the client address; errors carry no query values nor credentials
 * (lib/redaction.ts, docs/reliability.md#logs-and-error-reports).
 */
export function loggerOptions(config: Config) {
  return {
    level: config.env.LOG_LEVEL,
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: unknown) => redactedError(error),
    },
  } satisfies FastifyServerOptions['logger'];
}

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Count of proxy hops to trust for the client address (rate limits).
    trustProxy:
      config.env.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.env.TRUST_PROXY : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // On close: idle keep-alive connections are closed at once; a request already on a connection is served,
    // not refused with 503 (docs/reliability.md, Faults).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    frameworkErrors: frameworkErrors(config),
    routerOptions: { ignoreTrailingSlash: true },
    // Timeouts, and Node's parser refusals in the JSON shape (plugins/connections.ts).
    ...connectionOptions(config),
  }).withTypeProvider<ZodTypeProvider>();

  // Node keeps a keep-alive connection open after server.close() when its request was in flight (only the
  // idle ones are closed, once): a proxy would pool it, send it new requests that answer 503, and hold the
  // shutdown until its idle timeout. So an answer sent while closing closes its connection (docs/operations.md).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  app.setValidatorCompiler(validatorCompiler);
  if (config.env.NODE_ENV === 'production') app.setSerializerCompiler(plainSerializerCompiler);
  else {
    app.setSerializerCompiler(strictSerializerCompiler);
    requireResponseSchemas(app);
  }

  await app.register(infrastructure, { config, database: options.database });
  // The read-after cookie is signed with the email links' keys.
  await app.register(reads, { cookieKeys: () => linkKeys(app.db, config) });
  await app.register(connections);
  await app.register(errors);
  await app.register(security);
  await app.register(openapi);
  await app.register(accountGuard);
  await app.register(callLimits);

  await app.register(systemRoutes);
  await app.register(accountRoutes);
  await app.register(interactionRoutes);
  await app.register(meterDataRoutes);
  await app.register(trackerRoutes);
  await app.register(trackerRollover);
  await app.register(profileRoutes);
  await app.register(offerRoutes);
  await app.register(subscriptionRoutes);
  await app.register(emailLinkRoutes);
  await app.register(reduceAndRewardRoutes);

  await app.register(web);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
