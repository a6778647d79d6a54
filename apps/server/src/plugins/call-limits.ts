/**
 * The limits per account and per client address (issue 25 item 3, docs/access.md#limits-per-account): a call
 * whose registry entry declares one of `accountLimits` is counted, once the guard has found its account and
 * its request is valid, against its account and its address; past either limit it answers 429 RATE_LIMITED
 * with Retry-After. `route()` (lib/route.ts) adds the count to every such call, so none can go without.
 * Counted in Redis with REDIS_URL (every instance together), in memory otherwise (decision 0031's counter).
 */
import { type AccountLimit, accountLimits, waitText } from '@portal/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimited } from '../lib/errors.ts';
import { type CallLimit, clientKey, createCallLimit } from '../lib/rate-limiter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler counting a guarded call against its account's and its address's `limit`. */
    limitCalls(limit: AccountLimit): preHandlerAsyncHookHandler;
  }
}

/** What the 429 says was asked for too often. */
const asked: Record<AccountLimit, string> = {
  writes: 'changes',
  exports: 'data exports',
  usageWeeks: 'usage requests',
};

async function callLimitsPlugin(app: FastifyInstance) {
  const { env } = app.config;
  const settings: Record<AccountLimit, { perAccount: number; perAddress: number; durationSeconds: number }> =
    {
      writes: {
        perAccount: env.WRITES_PER_ACCOUNT_PER_HOUR,
        perAddress: env.WRITES_PER_ADDRESS_PER_HOUR,
        durationSeconds: 3600,
      },
      exports: {
        perAccount: env.EXPORTS_PER_ACCOUNT_PER_HOUR,
        perAddress: env.EXPORTS_PER_ADDRESS_PER_HOUR,
        durationSeconds: 3600,
      },
      usageWeeks: {
        perAccount: env.USAGE_WEEKS_PER_ACCOUNT_PER_MINUTE,
        perAddress: env.USAGE_WEEKS_PER_ADDRESS_PER_MINUTE,
        durationSeconds: 60,
      },
    };
  const limits = Object.fromEntries(
    accountLimits.map((limit) => [
      limit,
      createCallLimit({
        ...settings[limit],
        keyPrefix: `${env.REDIS_KEY_PREFIX}call-limit:${limit}`,
        redis: app.redis,
      }),
    ]),
  ) as Record<AccountLimit, CallLimit>;

  app.decorate('limitCalls', (limit: AccountLimit): preHandlerAsyncHookHandler => {
    const counter = limits[limit];
    return async function callLimit(request, reply) {
      // The guard ran before (route() refuses a limited call without one): the account is this retailer's.
      // Its internal id names the count, never the public id that is the customer's link.
      if (!request.account)
        throw new Error(`${request.routeOptions.url}: a limit per account needs the guard`);
      const refused = await counter.reserve(
        request.account.id,
        clientKey(request.ip, env.RATE_LIMIT_IPV6_PREFIX),
      );
      if (!refused) return;
      reply.header('retry-after', String(refused.waitSeconds));
      throw new RateLimited(
        `Too many ${asked[limit]} ${refused.by === 'account' ? 'for this account' : 'from this address'}. ` +
          `Please try again in ${waitText(refused.waitSeconds)}.`,
      );
    };
  });
}

export default fp(callLimitsPlugin, { name: 'call-limits', dependencies: ['infrastructure', 'security'] });
