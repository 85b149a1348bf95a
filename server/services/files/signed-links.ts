import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { UserType } from '../../../machines/constants';
import type { Database } from '../../db/client';
import { oauthTokens, users } from '../../db/schema/index';
import { loadAppSecret } from '../app-secrets';

/** Links live at most 15 minutes (issue 11 item 18; openapi: getPatientPhoto, getSurgeryDocument). */
export const SIGNED_LINK_TTL_SECONDS = 15 * 60;
/** Expiries are rounded up to this step, so a page's links stay stable for a while (10 to 15 minutes of life). */
const SIGNED_LINK_STEP_SECONDS = 5 * 60;
export const INVALID_LINK_MESSAGE = 'Link inválido ou expirado.';

const SECRET_NAME = 'file_link_key';
const FAMILY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The sign-in (token family) of the request being answered, set by the authenticate plugin around
 * every handler, so links signed deep inside a service belong to the sign-in that asked for them.
 */
export const linkSigningContext = new AsyncLocalStorage<{ familyId: string | null }>();

/** Who a link was issued to: the user of a sign-in that is still live. */
type LinkViewer = { id: number; type: UserType };

export type LinkQuery = { expires?: unknown; session?: unknown; signature?: unknown };

export type LinkSigner = {
  /**
   * `path?expires=<unix>&session=<family>&signature=<base64url>`: a relative link for at most
   * `SIGNED_LINK_TTL_SECONDS`, bound to the sign-in `familyId` (by default the current request's).
   */
  sign(path: string, familyId?: string): Promise<string>;
  /** True when `signature` is this server's for `path`, `expires` and `session`, and `expires` has not passed. */
  verifySignature(path: string, expires: unknown, session: unknown, signature: unknown): Promise<boolean>;
  /**
   * The viewer the link was issued to, when its signature holds and its sign-in is still live (not signed
   * out, not revoked by a password change or reuse, not expired); null otherwise. The caller then checks
   * that this viewer may still see the file (a removed secretary may not).
   */
  verify(path: string, query: LinkQuery): Promise<LinkViewer | null>;
};

/**
 * HMAC-SHA256 links for files an `<img>` or a new tab must load without the bearer header. The key
 * lives in `app_secrets`, so every instance signs alike. A link names the sign-in that asked for it:
 * revoking that sign-in revokes its links.
 */
export function createLinkSigner({ db, now }: { db: Database; now: () => Date }): LinkSigner {
  async function signature(path: string, expires: number, familyId: string): Promise<Buffer> {
    return createHmac('sha256', await loadAppSecret(db, SECRET_NAME)).update(`${path}\n${expires}\n${familyId}`).digest();
  }

  async function verifySignature(path: string, expires: unknown, session: unknown, given: unknown): Promise<boolean> {
    if (typeof expires !== 'string' || typeof given !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    if (typeof session !== 'string' || !FAMILY_PATTERN.test(session)) return false;
    const expiresAt = Number(expires);
    const nowSeconds = Math.floor(now().getTime() / 1000);
    if (expiresAt < nowSeconds || expiresAt > nowSeconds + SIGNED_LINK_TTL_SECONDS) return false;
    // Compare the text, not decoded bytes: base64url decoding ignores stray characters and the unused
    // low bits of the last one, so several spellings would otherwise pass for one signature.
    const expected = Buffer.from((await signature(path, expiresAt, session)).toString('base64url'));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  return {
    async sign(path, familyId = linkSigningContext.getStore()?.familyId ?? undefined) {
      if (!familyId) throw new Error('signed link outside a sign-in');
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const step = SIGNED_LINK_STEP_SECONDS;
      const expires = Math.ceil((nowSeconds + SIGNED_LINK_TTL_SECONDS - step) / step) * step;
      const mac = (await signature(path, expires, familyId)).toString('base64url');
      return `${path}?expires=${expires}&session=${familyId}&signature=${mac}`;
    },
    verifySignature,
    async verify(path, { expires, session, signature: given }) {
      if (!(await verifySignature(path, expires, session, given))) return null;
      const [live] = await db
        .select({ id: users.id, type: users.type })
        .from(oauthTokens)
        .innerJoin(users, eq(users.id, oauthTokens.userId))
        .where(and(eq(oauthTokens.familyId, session as string), isNull(oauthTokens.revokedAt), gt(oauthTokens.expiresAt, now())))
        .limit(1);
      return live ?? null;
    },
  };
}

/** Seconds a signed link still has (for `Cache-Control: private, max-age`). */
export function secondsLeft(expires: string, now: Date): number {
  return Math.max(0, Number(expires) - Math.floor(now.getTime() / 1000));
}
