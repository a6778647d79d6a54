/**
 * The one Redis connection of a server instance (REDIS_URL), shared by every rate limit so that all instances
 * behind a load balancer count together (docs/scaling.md). Opening waits for the connection (or its first failure,
 * within a bound), so an instance does not start by counting alone. While Redis is away the client keeps
 * reconnecting and the limits keep working per instance (see docs/reliability.md, Abuse).
 */
import { Redis } from 'ioredis';

const CONNECT_WAIT_MS = 5_000;

export async function openRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Reported once per outage, not on every reconnection attempt.
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) onError(error);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_WAIT_MS);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}
