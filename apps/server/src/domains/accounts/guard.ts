/**
 * The access guard of docs/access.md, reusable by every account-scoped route: 422 for a malformed id, 401 for an
 * unknown one, 403 for another retailer's account, and 429 once an address has failed too many look-ups
 * (each attempt counted before its look-up, given back when the account is found or the database cannot
 * answer; at most ACCOUNT_LOOKUP_CONCURRENCY look-ups at a time per address). An id the address has already
 * had looked up (a page's other calls, a reload, the customer's own account) is not counted again and is let
 * through while the address is blocked: a repeat teaches a guesser nothing (decision 0039).
 * It runs before schema validation so that a bad id always gets the specification's answer.
 */
import { createHash } from 'node:crypto';
import {
  type AccountIdLocation,
  accountIdSchema,
  formatMessage,
  messages,
  waitText,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountRow } from '../../db/schema.ts';
import { Forbidden, RateLimited, UnknownAccount, Unprocessable } from '../../lib/errors.ts';
import {
  clientKey,
  createConcurrencyLimit,
  createFailureLimiter,
  createRememberedLookUps,
} from '../../lib/rate-limiter.ts';
import { findAccountByPublicId } from './queries.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preValidation hook that resolves the account named at `location` into `request.account`; `lookUp`
     * replaces the look-up by public id (a route that reads more in the same statement: the usage answer).
     */
    requireAccount(location: AccountIdLocation, lookUp?: AccountLookUp): preValidationAsyncHookHandler;
    /**
     * Remembers that the request's address was given `publicId` by a link we signed (an email link): its
     * look-ups are then repeats, let through while the address is blocked (decision 0039).
     */
    rememberAccountFor(request: FastifyRequest, publicId: string): Promise<void>;
  }
  interface FastifyRequest {
    account: AccountRow | null;
  }
  interface FastifyContextConfig {
    /** Set for the routes the account guard runs on. */
    accountScoped?: boolean;
  }
}

/** Finds the account of a well-formed public id, as the guard's look-up does (and maybe more besides). */
export type AccountLookUp = (request: FastifyRequest, publicId: string) => Promise<AccountRow | undefined>;

function readRawId(request: FastifyRequest, location: AccountIdLocation): unknown {
  const container = request[location.in] as Record<string, unknown> | null | undefined;
  return container && typeof container === 'object' ? container[location.key] : undefined;
}

async function accountGuardPlugin(app: FastifyInstance) {
  const { env, client } = app.config;
  const limiter = createFailureLimiter({
    points: env.ACCOUNT_LOOKUP_FAILURES,
    durationSeconds: env.ACCOUNT_LOOKUP_WINDOW_SECONDS,
    keyPrefix: `${env.REDIS_KEY_PREFIX}account-lookup-failures`,
    redis: app.redis,
  });
  const remembered = createRememberedLookUps({
    durationSeconds: env.ACCOUNT_LOOKUP_REMEMBER_SECONDS,
    keyPrefix: `${env.REDIS_KEY_PREFIX}account-lookups-remembered`,
    redis: app.redis,
  });
  /** The address and the id, hashed: the public id is the customer's link and is not stored as it is. */
  const rememberedKey = (address: string, raw: unknown) =>
    createHash('sha256')
      .update(`${address}\n${typeof raw === 'string' ? raw : JSON.stringify(raw ?? null)}`)
      .digest('base64url');
  /**
   * The count of a first look-up, shared by the calls of one page that arrive together (per instance): the
   * first takes the address's point and marks the id as looked up; the others wait for it and take none.
   */
  const firstLookUps = new Map<string, Promise<number>>();
  async function countFirstLookUp(
    address: string,
    key: string,
  ): Promise<{ waitSeconds: number; counted: boolean }> {
    const pending = firstLookUps.get(key);
    if (pending) return { waitSeconds: await pending, counted: false };
    const counting = (async () => {
      const waitSeconds = await limiter.reserve(address);
      if (waitSeconds === 0) await remembered.remember(key);
      return waitSeconds;
    })();
    firstLookUps.set(key, counting);
    try {
      return { waitSeconds: await counting, counted: true };
    } finally {
      firstLookUps.delete(key);
    }
  }
  app.decorate('rememberAccountFor', async (request: FastifyRequest, publicId: string) => {
    const address = clientKey(request.ip, env.RATE_LIMIT_IPV6_PREFIX);
    await remembered.remember(rememberedKey(address, publicId));
  });
  app.decorateRequest('account', null);

  // Every answer of an account-scoped route, whatever its status, stays out of shared and browser caches
  // (issue 16 item 9); a route may say otherwise for itself (the usage answer: private, no-cache, ETag).
  app.addHook('onRoute', (route) => {
    const hooks = [route.preValidation ?? []].flat();
    if (hooks.some((hook) => hook.name === 'accountGuard')) {
      route.config = { ...(route.config as object), accountScoped: true } as typeof route.config;
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.accountScoped && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
    return payload;
  });

  const withSlot = createConcurrencyLimit(env.ACCOUNT_LOOKUP_CONCURRENCY);

  app.decorate(
    'requireAccount',
    (location: AccountIdLocation, lookUp?: AccountLookUp): preValidationAsyncHookHandler => {
      return async function accountGuard(request, reply) {
        const raw = readRawId(request, location);
        if (location.optional && (raw === undefined || raw === null)) return;

        // Counted before the look-up (atomically): requests sent together cannot all pass (issue 16 item 1).
        // Only an id this address has not had looked up yet counts, once however many calls ask for it.
        const address = clientKey(request.ip, env.RATE_LIMIT_IPV6_PREFIX);
        const key = rememberedKey(address, raw);
        let counted = false;
        if (!(await remembered.has(key))) {
          const first = await countFirstLookUp(address, key);
          if (first.waitSeconds > 0) {
            reply.header('retry-after', String(first.waitSeconds));
            throw new RateLimited(
              formatMessage(messages.lookUpsLimited, { wait: waitText(first.waitSeconds) }),
            );
          }
          counted = first.counted;
        }
        const parsed = accountIdSchema.safeParse(raw);
        if (!parsed.success) throw new Unprocessable(messages.invalidAccountId, 'INVALID_ACCOUNT_ID');
        let account: AccountRow | undefined;
        try {
          // On a standby for the routes that only read (plugins/reads.ts), on the primary for the others.
          const find = () =>
            lookUp
              ? lookUp(request, parsed.data)
              : findAccountByPublicId(request.reads, parsed.data, { prepared: true });
          account = await withSlot(address, async () => {
            const found = await app.readOrRetryOnPrimary(request, find);
            if (found || !request.readStandby) return found;
            // Not on the standby: an account created since its last replay (a new customer following the
            // link just sent) is asked of the primary before the id is called unknown (decision 0044).
            request.reads = app.db;
            request.readStandby = null;
            return find();
          });
        } catch (error) {
          // The database could not answer (503): not a guess, so it does not count, nor is the id looked up.
          if (counted) await limiter.refund(address);
          await remembered.forget(key);
          throw error;
        }
        if (!account) throw new UnknownAccount(messages.invalidAccountId);
        if (account.clientCode !== client.clientCode) {
          throw new Forbidden(messages.wrongProvider);
        }
        // Found, and this retailer's: not a guess, so it does not count.
        if (counted) await limiter.refund(address);
        request.account = account;
      };
    },
  );
}

export default fp(accountGuardPlugin, {
  name: 'account-guard',
  dependencies: ['infrastructure', 'security', 'reads'],
});
