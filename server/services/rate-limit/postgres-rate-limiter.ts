import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/index';
import type { RateLimitCount, RateLimiter } from './rate-limiter';

function secondsUntil(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/**
 * Fixed-window counters in `rate_limit_counters`, shared by every instance on one PostgreSQL. A hit is
 * one atomic upsert (no read-then-write race between instances): a new row or an expired window starts
 * at 1, an open window counts up; a release is one atomic decrement of the open window. The clock is injected
 * so tests can move time.
 */
export function createPostgresRateLimiter(db: Database, now: () => Date): RateLimiter {
  return {
    async hit(key: string, windowSeconds: number): Promise<RateLimitCount> {
      const at = now();
      const windowEndsAt = new Date(at.getTime() + windowSeconds * 1000);
      const expired = sql`${rateLimitCounters.windowEndsAt} <= ${at.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, windowEndsAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
            windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt });
      if (!row) throw new Error('rate limiter: upsert returned nothing');
      return { count: row.count, resetInSeconds: secondsUntil(row.windowEndsAt, at) };
    },

    async release(key: string): Promise<void> {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`${rateLimitCounters.count} - 1` })
        .where(
          and(
            eq(rateLimitCounters.key, key),
            gt(rateLimitCounters.count, 0),
            sql`${rateLimitCounters.windowEndsAt} > ${now().toISOString()}::timestamptz`,
          ),
        );
    },

    async peek(key: string): Promise<RateLimitCount> {
      const at = now();
      const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
      if (!row || row.windowEndsAt.getTime() <= at.getTime()) return { count: 0, resetInSeconds: 0 };
      return { count: row.count, resetInSeconds: secondsUntil(row.windowEndsAt, at) };
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}
