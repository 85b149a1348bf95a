import { HttpError } from '../../http/errors';

/**
 * The password hashing of requests (sign-in, password change, signups), bounded so a flood of sign-ins cannot
 * starve the rest of the API. scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which the
 * file reads (photos, documents, the SPA's files), compression and DNS lookups share: unbounded, 60 parallel
 * sign-ins held every thread for seconds and a photo download waited behind them.
 *
 * - `concurrent`: hashes running at once: the pool's threads minus two (at least one), so two threads always
 *   stay free for the rest.
 * - `waiting`: hashes queued behind them; one more is refused at once with 429 (PasswordWorkBusy) and a
 *   `Retry-After`, without hashing anything.
 */
export const PASSWORD_WORK_LIMITS = {
  concurrent: Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2),
  waiting: 32,
  retryAfterSeconds: 2,
} as const;

export const PASSWORD_WORK_BUSY_MESSAGE = 'Muitos acessos ao mesmo tempo. Aguarde alguns segundos e tente novamente.';

/** The hashing queue is full: 429 with `Retry-After` (the OAuth endpoint answers it in its own shape). */
export class PasswordWorkBusy extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, { error: [PASSWORD_WORK_BUSY_MESSAGE] }, { 'Retry-After': String(retryAfterSeconds) });
  }
}

export type PasswordWork = {
  /** Runs `task` (its scrypt work) when a slot is free; rejects with PasswordWorkBusy, without running it, when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks queued behind them. */
  readonly waiting: number;
};

export function createPasswordWork(limits: { concurrent: number; waiting: number; retryAfterSeconds?: number }): PasswordWork {
  let running = 0;
  const queue: Array<() => void> = [];

  /** A finished task hands its slot to the next in line (the count stays), or frees it. */
  function next() {
    const start = queue.shift();
    if (start) start();
    else running--;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limits.concurrent) running++;
      else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new PasswordWorkBusy(limits.retryAfterSeconds ?? PASSWORD_WORK_LIMITS.retryAfterSeconds);
      try {
        return await task();
      } finally {
        next();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** The process's queue (the thread pool is the process's): every app of the process shares it. */
export const passwordWork: PasswordWork = createPasswordWork(PASSWORD_WORK_LIMITS);
