import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oauthTokens, signInDevices } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { parseUserAgent, UNKNOWN_BROWSER, UNKNOWN_SYSTEM } from './user-agent';

/** A sign-in's last use is written at most once per this many seconds per server process ("approximate"). */
const DEVICE_TOUCH_SECONDS = 5 * 60;
/** The most sign-ins one process remembers having touched; past it the memory starts again. */
const TOUCH_MEMORY = 10_000;

const DEVICE_MESSAGES = {
  notFound: 'Dispositivo não encontrado.',
} as const;

const FAMILY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A signed-in device as the list answers it (openapi Device). */
type Device = {
  id: string;
  browser: string;
  system: string;
  signed_in_at: string;
  last_used_at: string;
  current: boolean;
};

/**
 * Where an account is signed in (issue 35 item 4, docs/SECURITY.md). A device is a sign-in: one token family, live
 * while one of its tokens is. Its browser and system are read from the User-Agent of the requests it makes and its
 * last use is written at most every DEVICE_TOUCH_SECONDS. Ending one revokes its family, which ends its access and
 * refresh tokens and every signed file link issued to it (signed-links.ts checks the family), at once.
 */
export function createDeviceService({ db, now }: { db: Database; now: () => Date }) {
  const touched = new Map<string, number>();

  return {
    /** Records that the sign-in `familyId` was used now by `userAgent` (skipped when written less than 5 minutes ago). */
    async touch(familyId: string, userId: number, userAgent: string | undefined): Promise<void> {
      const at = now();
      const last = touched.get(familyId);
      if (last !== undefined && at.getTime() - last < DEVICE_TOUCH_SECONDS * 1000) return;
      if (touched.size >= TOUCH_MEMORY) touched.clear();
      touched.set(familyId, at.getTime());
      const { browser, system } = parseUserAgent(userAgent);
      await db
        .insert(signInDevices)
        .values({ familyId, userId, browser, system, createdAt: at, lastUsedAt: at })
        .onConflictDoUpdate({
          target: signInDevices.familyId,
          set: { browser: sql`excluded.browser`, system: sql`excluded.system`, lastUsedAt: sql`excluded.last_used_at` },
        });
    },

    /**
     * The user's live sign-ins, the current one first, then the most recently used. A sign-in is live while a token
     * of its family is neither revoked nor expired; its last use is the later of the recorded use and its newest
     * token (a refresh is a use). Rows of sign-ins that ended are dropped on the way.
     */
    async list(userId: number, currentFamily: string | null): Promise<Device[]> {
      const at = now();
      const rows = await db
        .select({
          familyId: oauthTokens.familyId,
          firstToken: sql<string>`min(${oauthTokens.createdAt})`,
          lastToken: sql<string>`max(${oauthTokens.createdAt})`,
          browser: signInDevices.browser,
          system: signInDevices.system,
          signedInAt: signInDevices.createdAt,
          lastUsedAt: signInDevices.lastUsedAt,
        })
        .from(oauthTokens)
        .leftJoin(signInDevices, eq(signInDevices.familyId, oauthTokens.familyId))
        .where(and(eq(oauthTokens.userId, userId), isNull(oauthTokens.revokedAt), sql`${oauthTokens.expiresAt} > ${at.toISOString()}`))
        .groupBy(oauthTokens.familyId, signInDevices.browser, signInDevices.system, signInDevices.createdAt, signInDevices.lastUsedAt);
      await db
        .delete(signInDevices)
        .where(
          and(
            eq(signInDevices.userId, userId),
            sql`not exists (select 1 from ${oauthTokens} where ${oauthTokens.familyId} = ${signInDevices.familyId} and ${oauthTokens.revokedAt} is null and ${oauthTokens.expiresAt} > ${at.toISOString()})`,
          ),
        );
      const iso = (value: Date | string) => new Date(value).toISOString();
      const latest = (a: Date | string, b: Date | string | null) => (b && new Date(b) > new Date(a) ? b : a);
      const devices = rows.map((row) => ({
        id: row.familyId,
        browser: row.browser ?? UNKNOWN_BROWSER,
        system: row.system ?? UNKNOWN_SYSTEM,
        signed_in_at: iso(row.signedInAt ?? row.firstToken),
        last_used_at: iso(latest(row.lastToken, row.lastUsedAt)),
        current: row.familyId === currentFamily,
      }));
      return devices.sort(
        (a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at) || a.id.localeCompare(b.id),
      );
    },

    /** Ends the user's sign-in `familyId` (its tokens and links); 404 when it is not a live sign-in of hers. */
    async end(userId: number, familyId: string): Promise<void> {
      if (!FAMILY_PATTERN.test(familyId)) throw notFound(DEVICE_MESSAGES.notFound);
      const at = now();
      const revoked = await db.transaction(async (tx) => {
        const rows = await tx
          .update(oauthTokens)
          .set({ revokedAt: at })
          .where(
            and(
              eq(oauthTokens.userId, userId),
              eq(oauthTokens.familyId, familyId),
              isNull(oauthTokens.revokedAt),
              sql`${oauthTokens.expiresAt} > ${at.toISOString()}`,
            ),
          )
          .returning({ id: oauthTokens.id });
        if (rows.length > 0) await tx.delete(signInDevices).where(eq(signInDevices.familyId, familyId));
        return rows.length;
      });
      touched.delete(familyId);
      if (revoked === 0) throw notFound(DEVICE_MESSAGES.notFound);
    },

    /** Ends every sign-in of the user but `currentFamily`. */
    async endOthers(userId: number, currentFamily: string): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        await tx
          .update(oauthTokens)
          .set({ revokedAt: at })
          .where(and(eq(oauthTokens.userId, userId), ne(oauthTokens.familyId, currentFamily), isNull(oauthTokens.revokedAt)));
        await tx.delete(signInDevices).where(and(eq(signInDevices.userId, userId), ne(signInDevices.familyId, currentFamily)));
      });
    },
  };
}
