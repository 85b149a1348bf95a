export type RateLimitCount = {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends and the count starts again. */
  resetInSeconds: number;
};

/**
 * Fixed-window counters kept where every server instance sees them: Redis when REDIS_URL is set,
 * PostgreSQL otherwise. Used to slow down repeated failed sign-ins per account and per address.
 */
export interface RateLimiter {
  /** Adds one to `key` and returns the new count of its window (a new window starts when none is open). */
  hit(key: string, windowSeconds: number): Promise<RateLimitCount>;
  /** The current count of `key` without adding to it (0 when no window is open). */
  peek(key: string): Promise<RateLimitCount>;
  reset(key: string): Promise<void>;
}
