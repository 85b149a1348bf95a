import type { Redis } from 'ioredis';
import { RateLimiterUnavailable, type RateLimitCount, type RateLimiter } from './rate-limiter';

type RedisRateLimiter = RateLimiter & { ping(): Promise<void>; close(): Promise<void> };

const PREFIX = 'cirurgias:rl:';
/** One decrement of an open window, never below 0 (a missing or expired key stays missing). */
const RELEASE_SCRIPT = `local v = redis.call('GET', KEYS[1])
if v and tonumber(v) > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Fixed-window counters in Redis (REDIS_URL), shared by every instance (DECISIONS §12). A hit is one
 * MULTI: INCR, PEXPIRE … NX (only the hit that opens the window sets its end; Redis ≥ 7) and PTTL; a release
 * one script (GET, DECR). Redis expires the key itself, so nothing needs cleaning.
 *
 * When Redis does not answer, every operation rejects with RateLimiterUnavailable (503, never a check without
 * its limits): a command waits for at most two reconnection attempts and, once an outage is known, not at all until
 * ioredis has reconnected. `prefix` keeps the keys of several users of one Redis apart (tests).
 */
export function createRedisRateLimiter(url: string, { prefix = PREFIX }: { prefix?: string } = {}): RedisRateLimiter {
  // ioredis is imported here, not at the top: only a start with REDIS_URL loads it (issue 15, boot time). The
  // connection is opened at once, as before; commands wait for it.
  const connecting = import('ioredis').then(({ Redis: RedisClient }) => {
    const redis = new RedisClient(url, {
      lazyConnect: false,
      // A command sent while the connection is down waits for at most two reconnection attempts, at most a
      // second apart (connecting for at most 2 s each), then is refused (503), not kept for ever.
      maxRetriesPerRequest: 2,
      retryStrategy: (times) => Math.min(times * 100, 1_000),
      connectTimeout: 2_000,
    });
    // A lost connection is retried by ioredis; meanwhile commands are refused (503) and the outage is logged once.
    redis.on('error', () => {});
    return redis;
  });
  // A failed import rejects the first command instead of ending the process as an unhandled rejection.
  connecting.catch(() => {});
  /** False from a failed command until one succeeds again. */
  let answering = true;

  /** The client; during a known outage, a refusal at once unless ioredis has reconnected (no request waits for its retries). */
  async function client(): Promise<Redis> {
    const redis = await connecting;
    if (!answering && redis.status !== 'ready') throw new Error(`redis connection ${redis.status}`);
    return redis;
  }

  async function command<T>(run: (redis: Redis) => Promise<T>): Promise<T> {
    try {
      const result = await run(await client());
      answering = true;
      return result;
    } catch (error) {
      const firstOfOutage = answering;
      answering = false;
      throw new RateLimiterUnavailable(firstOfOutage, error);
    }
  }

  const toCount = (count: number, ttlMs: number): RateLimitCount => ({
    count,
    resetInSeconds: ttlMs > 0 ? Math.ceil(ttlMs / 1000) : 0,
  });

  return {
    hit(key: string, windowSeconds: number): Promise<RateLimitCount> {
      return command(async (redis) => {
        const redisKey = prefix + key;
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
      });
    },

    release(key: string): Promise<void> {
      return command(async (redis) => {
        await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
      });
    },

    peek(key: string): Promise<RateLimitCount> {
      return command(async (redis) => {
        const redisKey = prefix + key;
        const [value, ttl] = await Promise.all([redis.get(redisKey), redis.pttl(redisKey)]);
        if (value === null) return { count: 0, resetInSeconds: 0 };
        return toCount(Number(value), ttl);
      });
    },

    reset(key: string): Promise<void> {
      return command(async (redis) => {
        await redis.del(prefix + key);
      });
    },

    /** For /health: PING, without touching the outage state the requests' refusals log. */
    async ping(): Promise<void> {
      await (await connecting).ping();
    },

    async close(): Promise<void> {
      const redis = await connecting;
      if (redis.status !== 'ready') return redis.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
