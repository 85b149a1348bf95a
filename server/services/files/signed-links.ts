import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSecrets } from '../../db/schema/index';

/** Links live at most one hour (openapi: getPatientPhoto, getSurgeryDocument). */
export const SIGNED_LINK_TTL_SECONDS = 60 * 60;
export const INVALID_LINK_MESSAGE = 'Link inválido ou expirado.';

const SECRET_NAME = 'file_link_key';

export type LinkSigner = {
  /** `path?expires=<unix>&signature=<base64url>`: a relative link valid for `SIGNED_LINK_TTL_SECONDS`. */
  sign(path: string): Promise<string>;
  /** True when `signature` is this server's for `path` and `expires`, and `expires` has not passed. */
  verify(path: string, expires: unknown, signature: unknown): Promise<boolean>;
};

/**
 * HMAC-SHA256 links for files an `<img>` or a new tab must load without the bearer header. The key
 * lives in `app_secrets`, created once (first writer wins), so every instance signs alike. Expiry is
 * rounded up to the next 10 minutes so a page's links stay stable (and cacheable) for a while.
 */
export function createLinkSigner({ db, now }: { db: Database; now: () => Date }): LinkSigner {
  let key: Promise<Buffer> | null = null;

  async function loadKey(): Promise<Buffer> {
    await db
      .insert(appSecrets)
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
    if (!row) throw new Error('file link key missing');
    return Buffer.from(row.value, 'base64url');
  }

  function getKey(): Promise<Buffer> {
    key ??= loadKey().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  }

  async function signature(path: string, expires: number): Promise<Buffer> {
    return createHmac('sha256', await getKey()).update(`${path}\n${expires}`).digest();
  }

  return {
    async sign(path) {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const step = 600;
      const expires = Math.ceil((nowSeconds + SIGNED_LINK_TTL_SECONDS - step) / step) * step;
      const mac = (await signature(path, expires)).toString('base64url');
      return `${path}?expires=${expires}&signature=${mac}`;
    },
    async verify(path, expires, given) {
      if (typeof expires !== 'string' || typeof given !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
      const expiresAt = Number(expires);
      const nowSeconds = Math.floor(now().getTime() / 1000);
      if (expiresAt < nowSeconds || expiresAt > nowSeconds + SIGNED_LINK_TTL_SECONDS) return false;
      // Compare the text, not decoded bytes: base64url decoding ignores stray characters and the unused
      // low bits of the last one, so several spellings would otherwise pass for one signature.
      const expected = Buffer.from((await signature(path, expiresAt)).toString('base64url'));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/** Seconds a signed link still has (for `Cache-Control: private, max-age`). */
export function secondsLeft(expires: string, now: Date): number {
  return Math.max(0, Number(expires) - Math.floor(now.getTime() / 1000));
}

