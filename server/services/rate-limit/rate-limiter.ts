import { HttpError } from '../../http/errors';

export type RateLimitCount = {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends and the count starts again. */
  resetInSeconds: number;
};

/**
 * Fixed-window counters kept where every server instance sees them: Redis when REDIS_URL is set,
 * PostgreSQL otherwise. Used to limit failed sign-ins and password checks per account and per address,
 * signups per address and invite e-mails.
 *
 * An attempt that must be counted before its outcome is known (a password check) is reserved with `hit`
 * (one atomic increment: parallel requests cannot all read the same count) and, when it turns out not to
 * count (refused, succeeded), given back with `release`.
 */
export interface RateLimiter {
  /** Adds one to `key` and returns the new count of its window (a new window starts when none is open). */
  hit(key: string, windowSeconds: number): Promise<RateLimitCount>;
  /** Gives back one hit of `key`'s open window (never below 0; nothing when no window is open). */
  release(key: string): Promise<void>;
  /** The current count of `key` without adding to it (0 when no window is open). */
  peek(key: string): Promise<RateLimitCount>;
  reset(key: string): Promise<void>;
  /**
   * For a store of its own (Redis): answers when the store does, rejects when it does not. Absent for the
   * PostgreSQL counters (the database's own check covers them).
   */
  ping?(): Promise<void>;
}

const RATE_LIMITER_UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em alguns minutos.';
/** The Retry-After of a 503 while the counter store is unreachable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/**
 * The counter store (Redis) did not answer: the request is refused with 503 and a pt-BR message (SPEC §8
 * shape) rather than checked without its limits or answered 500. `firstOfOutage` is true for the first such
 * refusal after the store last answered, so the error handler logs an outage once, not once per request.
 */
export class RateLimiterUnavailable extends HttpError {
  constructor(
    readonly firstOfOutage: boolean,
    readonly reason: unknown,
  ) {
    super(503, { error: [RATE_LIMITER_UNAVAILABLE_MESSAGE] }, { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
  }
}
