import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trustedSignIns } from '../../db/schema/index';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { loadAppSecret } from '../app-secrets';
import { normaliseEmail } from './invite-service';

/**
 * Failed sign-ins (DECISIONS §3, OWASP ASVS 5.0 §6.3: brute force without malicious lockout).
 * - `perAddress`: failures from one address (any account) before that address waits for the window.
 * - `perAccount`: failures of one account from unknown clients before unknown clients are slowed
 *   (a growing delay, `baseDelayMs` doubling per failure up to `maxDelayMs`); also the failures one
 *   known browser or address may make before it waits for the window.
 * - `unknownCeiling`: failures of one account from unknown clients before unknown clients are refused
 *   for the window (a flood); known browsers and addresses are never refused for others' failures.
 * Each attempt is counted before its password is checked (`reserve`), so attempts under way count as failures
 * until they succeed: N parallel wrong passwords from one address reach the check at most `perAddress` times.
 */
export const SIGN_IN_LIMITS = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perAddress: 20,
  unknownCeiling: 100,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
} as const;

/** How long a browser or an address stays known after its last successful sign-in. */
const TRUSTED_SIGN_IN_TTL_SECONDS = 90 * 24 * 60 * 60;
/** The device cookie: opaque, HttpOnly, SameSite=Strict, sent only to the token endpoint. */
const DEVICE_COOKIE = 'cirurgias_device';
const DEVICE_COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Who is signing in, as far as the guard can tell before the password is checked. */
type SignInClient =
  | { kind: 'device'; counterKey: string }
  | { kind: 'address'; counterKey: string }
  | { kind: 'unknown'; counterKey: string };

type SignInVerdict = { refuseForSeconds: number } | { delayMs: number };

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** The device cookie's value from a Cookie header, when it is well formed. */
export function deviceCookieFrom(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (DEVICE_COOKIE_PATTERN.test(value)) return value;
  }
  return null;
}

/** The Set-Cookie value for a device token (Secure when the product is served over HTTPS). */
export function deviceCookieHeader(token: string, secure: boolean): string {
  const attributes = [`${DEVICE_COOKIE}=${token}`, 'Path=/auth/token', `Max-Age=${TRUSTED_SIGN_IN_TTL_SECONDS}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The delay an unknown client waits once the account has `failures` failures from unknown clients. */
function unknownClientDelayMs(failures: number): number {
  if (failures < SIGN_IN_LIMITS.perAccount) return 0;
  const doublings = Math.min(failures - SIGN_IN_LIMITS.perAccount, 20);
  return Math.min(SIGN_IN_LIMITS.baseDelayMs * 2 ** doublings, SIGN_IN_LIMITS.maxDelayMs);
}

/**
 * The sign-in policy: known browsers (device cookie bound to the user) and known addresses (a past
 * successful sign-in of the user) have their own failure counters, so an attacker's failures from
 * elsewhere never lock the real user out; unknown clients share the account's counter and are slowed
 * once it passes `perAccount`. Every step runs the same queries for a known and an unknown e-mail.
 */
export function createSignInGuard({ db, rateLimiter, now }: { db: Database; rateLimiter: RateLimiter; now: () => Date }) {
  const addressKey = async (userId: number, address: string) =>
    createHmac('sha256', await loadAppSecret(db, 'sign_in_address_key')).update(`${userId}\n${address}`).digest('hex');
  const addressCounter = (address: string) => `signin:address:${address}`;

  return {
    /** Classifies the client; one query whether or not the account exists (`userId` null). */
    async classify(userId: number | null, email: string, address: string, deviceToken: string | null): Promise<SignInClient> {
      const id = userId ?? -1;
      const deviceHash = deviceToken ? sha256(deviceToken) : '';
      const addressHash = await addressKey(id, address);
      const rows = await db
        .select({ kind: trustedSignIns.kind })
        .from(trustedSignIns)
        .where(
          and(
            eq(trustedSignIns.userId, id),
            gt(trustedSignIns.expiresAt, now()),
            or(
              and(eq(trustedSignIns.kind, 'device'), eq(trustedSignIns.keyHash, deviceHash)),
              and(eq(trustedSignIns.kind, 'address'), eq(trustedSignIns.keyHash, addressHash)),
            ),
          ),
        );
      if (deviceToken && rows.some((row) => row.kind === 'device')) return { kind: 'device', counterKey: `signin:device:${id}:${deviceHash}` };
      if (rows.some((row) => row.kind === 'address')) return { kind: 'address', counterKey: `signin:known:${addressHash}` };
      return { kind: 'unknown', counterKey: `signin:account:${sha256(normaliseEmail(email))}` };
    },

    /**
     * Before the password: one attempt is reserved on the client's counters (its own, and the address's unless it
     * is a known browser), one atomic increment each, so parallel requests cannot all pass a count read before any
     * of them failed. Past a limit the reservation is given back and the attempt refused (429 with Retry-After);
     * else it goes on after a delay (0 mostly: an unknown client waits once the account has `perAccount` failures
     * or attempts under way). The reservation stays as the failure's count when the password is wrong;
     * `succeeded` and `release` give it back.
     */
    async reserve(client: SignInClient, address: string): Promise<SignInVerdict> {
      const ownLimit = client.kind === 'unknown' ? SIGN_IN_LIMITS.unknownCeiling : SIGN_IN_LIMITS.perAccount;
      const counters: Array<{ key: string; limit: number }> = [{ key: client.counterKey, limit: ownLimit }];
      // A known browser is judged by its own failures only (an office's shared address may be noisy).
      if (client.kind !== 'device') counters.push({ key: addressCounter(address), limit: SIGN_IN_LIMITS.perAddress });
      const counts = await Promise.all(counters.map(({ key }) => rateLimiter.hit(key, SIGN_IN_LIMITS.windowSeconds)));
      const waits = counts.filter((count, i) => count.count > counters[i]!.limit).map((count) => count.resetInSeconds);
      if (waits.length > 0) {
        await Promise.all(counters.map(({ key }) => rateLimiter.release(key)));
        return { refuseForSeconds: Math.max(1, ...waits) };
      }
      // The account's failures and attempts under way before this one.
      return { delayMs: client.kind === 'unknown' ? unknownClientDelayMs(counts[0]!.count - 1) : 0 };
    },

    /** An attempt that ended without checking the password (the hashing queue was full, an error): not a failure. */
    async release(client: SignInClient, address: string): Promise<void> {
      const releases = [rateLimiter.release(client.counterKey)];
      if (client.kind !== 'device') releases.push(rateLimiter.release(addressCounter(address)));
      await Promise.all(releases);
    },

    /**
     * A successful sign-in: its own counter starts again, and the address and the browser become known
     * for the user. Returns the device token for the cookie (the browser's own, or a new one).
     */
    async succeeded(client: SignInClient, userId: number, address: string, deviceToken: string | null): Promise<string> {
      await rateLimiter.reset(client.counterKey);
      // Only failures count against the address: this attempt's reservation goes back.
      if (client.kind !== 'device') await rateLimiter.release(addressCounter(address));
      const token = deviceToken ?? randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + TRUSTED_SIGN_IN_TTL_SECONDS * 1000);
      await db.delete(trustedSignIns).where(and(eq(trustedSignIns.userId, userId), lt(trustedSignIns.expiresAt, at)));
      await db
        .insert(trustedSignIns)
        .values([
          { userId, kind: 'device', keyHash: sha256(token), lastUsedAt: at, expiresAt },
          { userId, kind: 'address', keyHash: await addressKey(userId, address), lastUsedAt: at, expiresAt },
        ])
        .onConflictDoUpdate({
          target: [trustedSignIns.userId, trustedSignIns.kind, trustedSignIns.keyHash],
          set: { lastUsedAt: sql`excluded.last_used_at`, expiresAt: sql`excluded.expires_at` },
        });
      return token;
    },
  };
}
