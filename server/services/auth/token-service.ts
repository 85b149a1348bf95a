import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { oauthTokens, users, type UserRow } from '../../db/schema/index';

/** Access tokens live one hour, refresh tokens thirty days (DECISIONS §3). */
const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * A refresh token presented again less than this after its exchange gets the same successor pair
 * (DECISIONS §14: two tabs, or a retried request, must never sign the user out); later, it is reuse.
 */
const REFRESH_GRACE_SECONDS = 30;

export type TokenPair = {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  familyId: string;
};

type TokenServiceDeps = {
  db: Database;
  now: () => Date;
  /** Access token lifetime; ACCESS_TOKEN_TTL_SECONDS unless the config shortens it (e2e refresh checks). */
  accessTokenTtlSeconds?: number;
};

/** A new opaque token: 32 random bytes, base64url. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked table does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

type Successor = { accessToken: string; refreshToken: string };

/** The key that seals a refresh token's successor: only a holder of the raw refresh token can derive it. */
function successorKey(refreshToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', refreshToken, 'oauth-successor', 'refresh-grace-window', 32));
}

function sealSuccessor(refreshToken: string, successor: Successor): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(refreshToken), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(successor), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function openSuccessor(refreshToken: string, sealed: string): Successor | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', successorKey(refreshToken), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const value = JSON.parse(plain) as Partial<Successor>;
    if (typeof value.accessToken !== 'string' || typeof value.refreshToken !== 'string') return null;
    return { accessToken: value.accessToken, refreshToken: value.refreshToken };
  } catch {
    return null;
  }
}

/**
 * Opaque OAuth tokens kept in `oauth_tokens`. Every pair issued from one password sign-in shares a
 * family; refresh tokens rotate on each use. A used one presented again within REFRESH_GRACE_SECONDS
 * gets the same successor pair; later, it revokes the family (reuse detection, RFC 9700 §4.14.2),
 * as does signing out.
 * @see https://datatracker.ietf.org/doc/html/rfc9700#section-4.14.2
 */
/**
 * The live access token of a digest with its user, as a named prepared statement (every authenticated request runs
 * it: its text is built once, and PostgreSQL plans it once per connection). One lookup on the token_hash index.
 */
export function prepareAccessTokenLookup(db: Database) {
  return db
    .select({ user: users, familyId: oauthTokens.familyId })
    .from(oauthTokens)
    .innerJoin(users, eq(users.id, oauthTokens.userId))
    .where(
      and(
        eq(oauthTokens.tokenHash, sql.placeholder('tokenHash')),
        eq(oauthTokens.kind, 'access'),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('access_token_lookup');
}

export function createTokenService({ db, now, accessTokenTtlSeconds = ACCESS_TOKEN_TTL_SECONDS }: TokenServiceDeps) {
  const accessTokenLookup = prepareAccessTokenLookup(db);

  function pairRows(userId: number, familyId: string, at: Date) {
    const accessToken = generateOpaqueToken();
    const refreshToken = generateOpaqueToken();
    const rows = [
      {
        userId,
        familyId,
        kind: 'access' as const,
        tokenHash: hashToken(accessToken),
        expiresAt: addSeconds(at, accessTokenTtlSeconds),
        createdAt: at,
      },
      {
        userId,
        familyId,
        kind: 'refresh' as const,
        tokenHash: hashToken(refreshToken),
        expiresAt: addSeconds(at, REFRESH_TOKEN_TTL_SECONDS),
        createdAt: at,
      },
    ];
    const pair: TokenPair = { accessToken, refreshToken, expiresIn: accessTokenTtlSeconds, familyId };
    return { rows, pair };
  }

  async function revokeFamily(executor: Pick<Database, 'update'>, familyId: string, at: Date): Promise<void> {
    await executor
      .update(oauthTokens)
      .set({ revokedAt: at })
      .where(and(eq(oauthTokens.familyId, familyId), isNull(oauthTokens.revokedAt)));
  }

  return {
    /**
     * Issues an access + refresh pair; a new family unless `familyId` continues one. The user's
     * expired tokens are deleted on the way (a used refresh token is kept until it expires, so reuse
     * detection still sees it), which keeps the table from growing without bound, and the sealed
     * successors whose grace window is over are dropped.
     */
    async issueTokens(userId: number, familyId: string = randomUUID()): Promise<TokenPair> {
      const at = now();
      const { rows, pair } = pairRows(userId, familyId, at);
      await db.transaction(async (tx) => {
        await tx.delete(oauthTokens).where(and(eq(oauthTokens.userId, userId), lt(oauthTokens.expiresAt, at)));
        await tx
          .update(oauthTokens)
          .set({ successorSealed: null })
          .where(
            and(
              eq(oauthTokens.userId, userId),
              isNotNull(oauthTokens.successorSealed),
              lt(oauthTokens.usedAt, addSeconds(at, -REFRESH_GRACE_SECONDS)),
            ),
          );
        await tx.insert(oauthTokens).values(rows);
      });
      return pair;
    },

    /**
     * Exchanges a refresh token for a new pair of the same family. The token's row is locked for the
     * transaction, so of two simultaneous exchanges one rotates it and the other waits, then finds it
     * used: within REFRESH_GRACE_SECONDS it gets the same successor (with the seconds left on its access
     * token), after that the family is revoked. Expired, revoked and unknown tokens fail without side
     * effects. Null on failure.
     */
    async refresh(refreshToken: string): Promise<(TokenPair & { userId: number }) | null> {
      const tokenHash = hashToken(refreshToken);
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(oauthTokens)
          .where(and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, 'refresh')))
          .for('update');
        if (!row || row.revokedAt || row.expiresAt <= at) return null;
        if (!row.usedAt) {
          const { rows, pair } = pairRows(row.userId, row.familyId, at);
          await tx
            .update(oauthTokens)
            .set({ usedAt: at, successorSealed: sealSuccessor(refreshToken, pair) })
            .where(eq(oauthTokens.id, row.id));
          await tx.insert(oauthTokens).values(rows);
          return { ...pair, userId: row.userId };
        }
        const elapsedSeconds = (at.getTime() - row.usedAt.getTime()) / 1000;
        const successor =
          elapsedSeconds < REFRESH_GRACE_SECONDS && row.successorSealed
            ? openSuccessor(refreshToken, row.successorSealed)
            : null;
        if (successor) {
          const expiresIn = Math.max(1, Math.floor(accessTokenTtlSeconds - elapsedSeconds));
          return { ...successor, expiresIn, familyId: row.familyId, userId: row.userId };
        }
        await revokeFamily(tx, row.familyId, at);
        return null;
      });
    },

    /** Whose refresh token `refreshToken` is (used, revoked or expired alike), or null for an unknown one. */
    async refreshTokenOwner(refreshToken: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: oauthTokens.userId })
        .from(oauthTokens)
        .where(and(eq(oauthTokens.tokenHash, hashToken(refreshToken)), eq(oauthTokens.kind, 'refresh')));
      return row?.userId ?? null;
    },

    /**
     * The user an access token belongs to, with its sign-in (token family), or null when it is
     * unknown, expired or revoked.
     */
    async authenticateAccessToken(token: string): Promise<(UserRow & { familyId: string }) | null> {
      if (!token) return null;
      const [row] = await accessTokenLookup.execute({ tokenHash: hashToken(token), now: now().toISOString() });
      return row ? { ...row.user, familyId: row.familyId } : null;
    },

    /**
     * Revokes every sign-in of `userId` except the one `keepToken` (an access or refresh token)
     * belongs to: after a password change, the other devices must sign in again. Runs in `executor`
     * (the password change's transaction). An unknown `keepToken` keeps nothing.
     */
    async revokeOtherFamilies(executor: Executor, userId: number, keepToken: string): Promise<void> {
      const [kept] = await executor
        .select({ familyId: oauthTokens.familyId })
        .from(oauthTokens)
        .where(and(eq(oauthTokens.tokenHash, hashToken(keepToken)), eq(oauthTokens.userId, userId)));
      await executor
        .update(oauthTokens)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(oauthTokens.userId, userId),
            isNull(oauthTokens.revokedAt),
            kept ? ne(oauthTokens.familyId, kept.familyId) : undefined,
          ),
        );
    },

    /**
     * Revokes the family of an access or refresh token (signing out). Unknown tokens are ignored,
     * as RFC 7009 §2.2 asks. Returns whether a token was found.
     */
    async revoke(token: string): Promise<boolean> {
      if (!token) return false;
      const [row] = await db
        .select({ familyId: oauthTokens.familyId })
        .from(oauthTokens)
        .where(eq(oauthTokens.tokenHash, hashToken(token)));
      if (!row) return false;
      await revokeFamily(db, row.familyId, now());
      return true;
    },
  };
}
