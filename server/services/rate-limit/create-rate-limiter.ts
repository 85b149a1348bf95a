import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createPostgresRateLimiter } from './postgres-rate-limiter';
import type { RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis-rate-limiter';

/** Redis when `REDIS_URL` is set, PostgreSQL (`rate_limit_counters`) otherwise. */
export function createRateLimiter(
  config: Config,
  db: Database,
  now: () => Date,
): RateLimiter & { close?(): Promise<void> } {
  if (config.redisUrl) return createRedisRateLimiter(config.redisUrl);
  return createPostgresRateLimiter(db, now);
}
