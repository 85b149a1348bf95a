import type { RateLimitCount, RateLimiter } from './rate-limiter';

type RedisRateLimiter = RateLimiter & { close(): Promise<void> };

const PREFIX = 'cirurgias:rl:';

/**
 * Fixed-window counters in Redis (REDIS_URL), shared by every instance (DECISIONS §12). A hit is one
 * MULTI: INCR, PEXPIRE … NX (only the hit that opens the window sets its end; Redis ≥ 7) and PTTL.
 * Redis expires the key itself, so nothing needs cleaning.
 */
export function createRedisRateLimiter(url: string): RedisRateLimiter {
  // ioredis is imported here, not at the top: only a start with REDIS_URL loads it (issue 15, boot time). The
  // connection is opened at once, as before; commands wait for it.
  const connecting = import('ioredis').then(({ Redis: RedisClient }) => {
    const client = new RedisClient(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    // A lost connection is retried by ioredis; the failing command rejects and the caller answers 500.
    client.on('error', () => {});
    return client;
  });
  // A failed import rejects the first command instead of ending the process as an unhandled rejection.
  connecting.catch(() => {});
  const toCount = (count: number, ttlMs: number): RateLimitCount => ({
    count,
    resetInSeconds: ttlMs > 0 ? Math.ceil(ttlMs / 1000) : 0,
  });

  return {
    async hit(key: string, windowSeconds: number): Promise<RateLimitCount> {
      const redis = await connecting;
      const redisKey = PREFIX + key;
      const windowMs = windowSeconds * 1000;
      const results = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec();
      if (!results) throw new Error('rate limiter: MULTI aborted');
      for (const [error] of results) if (error) throw error;
      const count = Number(results[0]?.[1]);
      let ttl = Number(results[2]?.[1]);
      if (ttl < 0) {
        // A key without expiry (should not happen): give it one rather than block forever.
        await redis.pexpire(redisKey, windowMs);
        ttl = windowMs;
      }
      return toCount(count, ttl);
    },

    async peek(key: string): Promise<RateLimitCount> {
      const redis = await connecting;
      const redisKey = PREFIX + key;
      const [value, ttl] = await Promise.all([redis.get(redisKey), redis.pttl(redisKey)]);
      if (value === null) return { count: 0, resetInSeconds: 0 };
      return toCount(Number(value), ttl);
    },

    async reset(key: string): Promise<void> {
      await (await connecting).del(PREFIX + key);
    },

    async close(): Promise<void> {
      const redis = await connecting;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
