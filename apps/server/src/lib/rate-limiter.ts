/**
 * Counters for abuse limits (failed account look-ups). In memory for one instance; in Redis when REDIS_URL is
 * set, so that every instance behind a load balancer shares them (design §7).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface FailureLimiter {
  /** Seconds until the address may try again, or 0 when it is not blocked. */
  blockedFor(key: string): Promise<number>;
  /** Records one failure for the address. */
  recordFailure(key: string): Promise<void>;
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
  const memory = new RateLimiterMemory(limiterOptions);
  // While Redis is away the insurance limiter keeps counting, in this instance's memory.
  const limiter = redis
    ? new RateLimiterRedis({ ...limiterOptions, storeClient: redis, insuranceLimiter: memory })
    : memory;

  return {
    async blockedFor(key) {
      const state = await limiter.get(key);
      if (!state || state.consumedPoints < options.points) return 0;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
    async recordFailure(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        // Over the limit: that is what blockedFor reports next time.
        if (!(error instanceof RateLimiterRes)) throw error;
      }
    },
  };
}
