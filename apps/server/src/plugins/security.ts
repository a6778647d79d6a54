/**
 * Security headers (strict CSP that the built app satisfies: no inline scripts or styles), compression, the
 * instance's Redis connection (REDIS_URL, shared by every rate limit) and the rate-limit plugin used by
 * individual routes.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { RateLimited } from '../lib/errors.ts';
import { MemoryRateLimitStore } from '../lib/rate-limiter.ts';
import { openRedis } from '../lib/redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared counters for rate limits when REDIS_URL is set; null: each instance counts in memory. */
    redis: Redis | null;
  }
}

function originOf(url: string | null | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? [parsed.origin] : [];
  } catch {
    return [];
  }
}

/** The security headers of every response (helmet's options), shared with the framework error answers. */
export function securityHeaderOptions(config: Config): FastifyHelmetOptions {
  const { client } = config;
  // The web app may be pointed at other API bases and reports to Sentry when a DSN is set.
  const connectSources = [
    "'self'",
    ...originOf(client.sentryDsn),
    ...originOf(client.apiBase),
    ...originOf(client.reduceAndRewardBase),
    ...originOf(client.innovativeBillingBase),
  ];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: [...new Set(connectSources)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  };
}

/**
 * Sets the security headers on a raw response, for the few answers Fastify gives before any hook runs
 * (a malformed URL): see `frameworkErrors` in plugins/errors.ts.
 */
export function rawSecurityHeaders(config: Config) {
  // The same options; helmet's ESM and CommonJS type declarations differ only in name.
  const middleware = helmet(securityHeaderOptions(config) as HelmetOptions);
  return (request: IncomingMessage, response: ServerResponse) =>
    new Promise<void>((resolve, reject) =>
      middleware(request, response, (error?: unknown) => (error ? reject(error) : resolve())),
    );
}

async function security(app: FastifyInstance) {
  const { env } = app.config;
  await app.register(fastifyHelmet, securityHeaderOptions(app.config));
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  const redis = env.REDIS_URL
    ? await openRedis(env.REDIS_URL, (error) =>
        app.log.warn(
          { err: { message: error.message } },
          'Redis unavailable: rate limits count per instance',
        ),
      )
    : null;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    // Keys under REDIS_KEY_PREFIX, so that several deployments (or test runs) can share one Redis.
    ...(redis
      ? { redis, skipOnError: true, nameSpace: `${env.REDIS_KEY_PREFIX}rate-limit:` }
      : { store: MemoryRateLimitStore }),
    ipv6Subnet: env.RATE_LIMIT_IPV6_PREFIX,
    // Thrown, then answered by the one error handler in the JSON error shape.
    errorResponseBuilder: (_request, context) =>
      new RateLimited(`Too many requests. Please try again in ${context.after}.`),
  });
}

export default fp(security, { name: 'security', dependencies: ['infrastructure'] });
