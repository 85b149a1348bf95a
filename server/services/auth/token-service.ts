import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { oauthTokens, users, type UserRow } from '../../db/schema/index';

/** Access tokens live one hour, refresh tokens thirty days (DECISIONS §3). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export type TokenPair = {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  familyId: string;
};

export type TokenServiceDeps = {
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

/**
 * Opaque OAuth tokens kept in `oauth_tokens`. Every pair issued from one password sign-in shares a
 * family; refresh tokens rotate on each use and presenting a used one revokes the family (reuse
 * detection, RFC 9700 §4.14.2), as does signing out.
 * @see https://datatracker.ietf.org/doc/html/rfc9700#section-4.14.2
 */
export function createTokenService({ db, now, accessTokenTtlSeconds = ACCESS_TOKEN_TTL_SECONDS }: TokenServiceDeps) {
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
     * detection still sees it), which keeps the table from growing without bound.
     */
    async issueTokens(userId: number, familyId: string = randomUUID()): Promise<TokenPair> {
      const at = now();
      const { rows, pair } = pairRows(userId, familyId, at);
      await db.transaction(async (tx) => {
        await tx.delete(oauthTokens).where(and(eq(oauthTokens.userId, userId), lt(oauthTokens.expiresAt, at)));
        await tx.insert(oauthTokens).values(rows);
      });
      return pair;
    },

    /**
     * Exchanges a refresh token for a new pair of the same family. The token is marked used by a
     * conditional UPDATE in the same transaction as the new pair's insert, so of two simultaneous
     * exchanges exactly one wins; the other sees a used token and is treated as reuse, which revokes
     * the family. Expired, revoked and unknown tokens fail without side effects. Null on failure.
     */
    async refresh(refreshToken: string): Promise<(TokenPair & { userId: number }) | null> {
      const tokenHash = hashToken(refreshToken);
      const at = now();
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(oauthTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(oauthTokens.tokenHash, tokenHash),
              eq(oauthTokens.kind, 'refresh'),
              isNull(oauthTokens.usedAt),
              isNull(oauthTokens.revokedAt),
              gt(oauthTokens.expiresAt, at),
            ),
          )
          .returning({ userId: oauthTokens.userId, familyId: oauthTokens.familyId });
        if (claimed) {
          const { rows, pair } = pairRows(claimed.userId, claimed.familyId, at);
          await tx.insert(oauthTokens).values(rows);
          return { ...pair, userId: claimed.userId };
        }
        const [existing] = await tx
          .select({ familyId: oauthTokens.familyId, usedAt: oauthTokens.usedAt })
          .from(oauthTokens)
          .where(and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, 'refresh')));
        if (existing?.usedAt) await revokeFamily(tx, existing.familyId, at);
        return null;
      });
    },

    /** The user an access token belongs to, or null when it is unknown, expired or revoked. */
    async authenticateAccessToken(token: string): Promise<UserRow | null> {
      if (!token) return null;
      const [row] = await db
        .select({ user: users })
        .from(oauthTokens)
        .innerJoin(users, eq(users.id, oauthTokens.userId))
        .where(
          and(
            eq(oauthTokens.tokenHash, hashToken(token)),
            eq(oauthTokens.kind, 'access'),
            isNull(oauthTokens.revokedAt),
            gt(oauthTokens.expiresAt, now()),
          ),
        );
      return row?.user ?? null;
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

export type TokenService = ReturnType<typeof createTokenService>;
