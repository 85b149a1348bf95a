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

    /** Checked before the password: refuse (429 with Retry-After), or go on after a delay (0 mostly). */
    async verdict(client: SignInClient, address: string): Promise<SignInVerdict> {
      const own = await rateLimiter.peek(client.counterKey);
      // A known browser is judged by its own failures only (an office's shared address may be noisy).
      const fromAddress = client.kind === 'device' ? { count: 0, resetInSeconds: 0 } : await rateLimiter.peek(addressCounter(address));
      const waits: number[] = [];
      if (fromAddress.count >= SIGN_IN_LIMITS.perAddress) waits.push(fromAddress.resetInSeconds);
      const ownLimit = client.kind === 'unknown' ? SIGN_IN_LIMITS.unknownCeiling : SIGN_IN_LIMITS.perAccount;
      if (own.count >= ownLimit) waits.push(own.resetInSeconds);
      if (waits.length > 0) return { refuseForSeconds: Math.max(1, ...waits) };
      return { delayMs: client.kind === 'unknown' ? unknownClientDelayMs(own.count) : 0 };
    },

    async failed(client: SignInClient, address: string): Promise<void> {
      const hits = [rateLimiter.hit(client.counterKey, SIGN_IN_LIMITS.windowSeconds)];
      if (client.kind !== 'device') hits.push(rateLimiter.hit(addressCounter(address), SIGN_IN_LIMITS.windowSeconds));
      await Promise.all(hits);
    },

    /**
     * A successful sign-in: its own counter starts again, and the address and the browser become known
     * for the user. Returns the device token for the cookie (the browser's own, or a new one).
     */
    async succeeded(client: SignInClient, userId: number, address: string, deviceToken: string | null): Promise<string> {
      await rateLimiter.reset(client.counterKey);
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
