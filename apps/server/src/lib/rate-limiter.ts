/**
 * Counters for abuse limits. In memory for one instance; in Redis when REDIS_URL is set, so that every
 * instance behind a load balancer shares them (docs/scaling.md). Clients are keyed by address, IPv6 ones by their
 * network (RATE_LIMIT_IPV6_PREFIX bits, /64 by default), which one client can otherwise rotate through.
 */

import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** The key of a client address for every rate limit: IPv4 as it is, IPv6 cut to its first `ipv6Prefix` bits. */
export const clientKey = (address: string, ipv6Prefix: number): string => normalizeIP(address, ipv6Prefix);

/** In Redis when there is one, and while Redis is away the insurance limiter keeps counting in this instance's memory. */
function limiterOf(options: { points: number; duration: number; keyPrefix: string }, redis: Redis | null) {
  const memory = new RateLimiterMemory(options);
  return redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory;
}

/**
 * The limit on failed account look-ups (issue 16 item 1). An attempt is counted before the look-up, in one
 * atomic step (Redis INCR, or memory), so requests arriving together cannot all pass a check made before
 * any of them failed; a look-up that finds the account gives its count back. The limits on calls per account
 * (`createCallLimit`) count with it too.
 */
export interface FailureLimiter {
  /** Counts one attempt: 0 when it may go on, else the seconds until the address may try again. */
  reserve(key: string): Promise<number>;
  /** Gives back the attempt of a look-up that succeeded. */
  refund(key: string): Promise<void>;
}

export function createFailureLimiter(options: {
  points: number;
  durationSeconds: number;
  keyPrefix: string;
  /** The instance's Redis connection (owned and closed by its opener), or null to count in memory. */
  redis: Redis | null;
}): FailureLimiter {
  const { redis } = options;
  const limiterOptions = {
    points: options.points,
    duration: options.durationSeconds,
    keyPrefix: options.keyPrefix,
  };
  const limiter = limiterOf(limiterOptions, redis);

  return {
    async reserve(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      }
    },
    async refund(key) {
      try {
        await limiter.reward(key, 1);
      } catch {
        // Not given back: the address's count stays one higher until the window ends, which is safe.
      }
    },
  };
}

/**
 * Which account ids a client address has already had looked up (issue 26 item 4, decision 0039): a mark per
 * address and id, kept `durationSeconds` (memory, or Redis with the same insurance as the counters). The key
 * is given already hashed by the caller, so no public id (a customer's link) is stored.
 */
export interface RememberedLookUps {
  has(key: string): Promise<boolean>;
  remember(key: string): Promise<void>;
  forget(key: string): Promise<void>;
}

export function createRememberedLookUps(options: {
  durationSeconds: number;
  keyPrefix: string;
  redis: Redis | null;
}): RememberedLookUps {
  const { redis, durationSeconds } = options;
  const limiterOptions = { points: 1, duration: durationSeconds, keyPrefix: options.keyPrefix };
  const store = limiterOf(limiterOptions, redis);
  return {
    async has(key) {
      try {
        return (await store.get(key)) !== null;
      } catch {
        // Not known to be remembered: the look-up is counted, which is the safe side.
        return false;
      }
    },
    async remember(key) {
      try {
        await store.set(key, 1, durationSeconds);
      } catch {
        // Not remembered: the next look-up of this id is counted (and given back if found) again.
      }
    },
    async forget(key) {
      try {
        await store.delete(key);
      } catch {
        // Left until it expires; only ever an id this address already had looked up.
      }
    },
  };
}

/**
 * A limit on calls per account and per client address (issue 25 item 3, docs/access.md#limits-per-account):
 * the counter of the failed look-ups above, twice. The address is counted first, then the account; a call
 * the account's count refuses gives the address its point back, so that one account's exhaustion does not use
 * up its address's allowance for the others. Both counts are atomic, so however many calls arrive at once,
 * no more than the limit are let through.
 */
export interface CallLimit {
  /** Counts one call: null when it may go on, else the seconds to wait and whose count refused it. */
  reserve(accountKey: string, addressKey: string): Promise<CallRefusal | null>;
}
export interface CallRefusal {
  waitSeconds: number;
  by: 'account' | 'address';
}

export function createCallLimit(options: {
  perAccount: number;
  perAddress: number;
  durationSeconds: number;
  keyPrefix: string;
  redis: Redis | null;
}): CallLimit {
  const counter = (points: number, part: string) =>
    createFailureLimiter({
      points,
      durationSeconds: options.durationSeconds,
      keyPrefix: `${options.keyPrefix}:${part}`,
      redis: options.redis,
    });
  const byAddress = counter(options.perAddress, 'address');
  const byAccount = counter(options.perAccount, 'account');
  return {
    async reserve(accountKey, addressKey) {
      const addressWait = await byAddress.reserve(addressKey);
      if (addressWait > 0) return { waitSeconds: addressWait, by: 'address' };
      const accountWait = await byAccount.reserve(accountKey);
      if (accountWait === 0) return null;
      await byAddress.refund(addressKey);
      return { waitSeconds: accountWait, by: 'account' };
    },
  };
}

/**
 * At most `limit` tasks at a time per key, the rest waiting their turn in order (per instance): one address
 * cannot hold more than its share of the database pool (issue 16 item 1).
 */
export function createConcurrencyLimit(limit: number) {
  const slots = new Map<string, { active: number; waiting: (() => void)[] }>();
  return async function withSlot<T>(key: string, task: () => Promise<T>): Promise<T> {
    let slot = slots.get(key);
    if (!slot) {
      slot = { active: 0, waiting: [] };
      slots.set(key, slot);
    }
    if (slot.active >= limit) await new Promise<void>((resolve) => slot?.waiting.push(resolve));
    else slot.active++;
    try {
      return await task();
    } finally {
      const next = slot.waiting.shift();
      // The slot passes straight to the next in line; the last one out removes the key.
      if (next) next();
      else if (--slot.active === 0) slots.delete(key);
    }
  };
}

/**
 * The in-memory store of @fastify/rate-limit (visit records) without REDIS_URL. The plugin's own LocalStore
 * hands every request the same counter object, read after an await: 300 requests at once all saw the count
 * of the last and were all refused. This one answers each with its own count.
 */
export class MemoryRateLimitStore implements FastifyRateLimitStore {
  static readonly MAX_KEYS = 20_000;
  private readonly counters = new Map<string, { count: number; startedAt: number }>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.startedAt + timeWindow <= now) {
      this.counters.delete(key);
      if (this.counters.size >= MemoryRateLimitStore.MAX_KEYS) this.evict(now, timeWindow);
      counter = { count: 0, startedAt: now };
      this.counters.set(key, counter);
    }
    counter.count++;
    callback(null, { current: counter.count, ttl: counter.startedAt + timeWindow - now });
  }

  read(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    const counter = this.counters.get(key);
    if (!counter || counter.startedAt + timeWindow <= now) callback(null, { current: 0, ttl: 0 });
    else callback(null, { current: counter.count, ttl: counter.startedAt + timeWindow - now });
  }

  child(): FastifyRateLimitStore {
    return new MemoryRateLimitStore();
  }

  /** Drops the expired counters, then (if still full) the oldest: insertion order is start order. */
  private evict(now: number, timeWindow: number) {
    for (const [key, counter] of this.counters) {
      if (counter.startedAt + timeWindow <= now) this.counters.delete(key);
    }
    for (const key of this.counters.keys()) {
      if (this.counters.size < MemoryRateLimitStore.MAX_KEYS) break;
      this.counters.delete(key);
    }
  }
}
