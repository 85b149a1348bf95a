import type { Config } from './config';
import type { Database } from './db/client';
import type { PasswordWork } from './services/auth/password-work';
import type { FileStorage } from './services/storage/file-storage';
import type { Mailer } from './services/mail/mailer';
import type { RateLimiter } from './services/rate-limit/rate-limiter';

/** Everything a route or service needs from outside itself, built once in main.ts (or a test). */
export type AppDeps = {
  config: Config;
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Injected so tests can move time (token expiry, invite expiry, rate-limit windows). */
  now: () => Date;
  /** Waits `ms` (the progressive sign-in delay); tests replace it to record the delay instead. */
  sleep?: (ms: number) => Promise<void>;
  /** The password hashing queue; the process's own (password-work.ts) when absent. Tests give a smaller one. */
  passwordWork?: PasswordWork;
};
