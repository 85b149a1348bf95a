/**
 * The morning digest (issue 39 item 3, docs/DIGEST.md): who wants it, the signed link that stops it without signing
 * in, and the round that sends the day's digests. Every instance runs the round (./schedule.ts); the claim of an
 * account's day (digest_sends' primary key) succeeds in one of them only, so each account gets one digest a day
 * however many instances run and however often they restart.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DIGEST_TEXTS } from '../../../machines/account/digestTexts';
import { digestSends, digestSubscriptions, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { loadAppSecret } from '../app-secrets';
import type { AuditLog } from '../audit/audit-log';
import { saoPauloDay, toSaoPauloIso } from '../sao-paulo-time';
import { digestMessage, digestSections, type DigestReader } from './digest-content';

/** The digest leaves from this São Paulo hour on (the first round after it). */
const DIGEST_HOUR = 7;
const SECRET_NAME = 'digest_unsubscribe_key';
const TOKEN_PATTERN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

/** `audit`: where a sent digest is recorded as a read of the cases it named (the scheduler's; the routes send none). */
type DigestDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'now'> & { audit?: AuditLog; log?: (message: string) => void };

export function createDigestService({ db, config, mailer, now, audit, log = () => {} }: DigestDeps) {
  const signature = async (userId: number) =>
    createHmac('sha256', await loadAppSecret(db, SECRET_NAME)).update(`digest-unsubscribe:${userId}`).digest('base64url');

  /** The link of `userId`'s e-mails that stops the digest (no expiry: an old e-mail's link still works). */
  async function unsubscribeUrl(userId: number): Promise<string> {
    return `${config.publicUrl}/digest-unsubscribe#${userId}.${await signature(userId)}`;
  }

  async function sendOne(reader: DigestReader, today: string): Promise<boolean> {
    const [claimed] = await db
      .insert(digestSends)
      .values({ userId: reader.id, day: today, sentAt: now() })
      .onConflictDoNothing()
      .returning({ userId: digestSends.userId });
    if (!claimed) return false; // another instance has it
    try {
      const sections = await digestSections(db, reader, today, now);
      const message = digestMessage(reader, today, sections, { publicUrl: config.publicUrl, unsubscribeUrl: await unsubscribeUrl(reader.id) });
      if (!message) return false;
      await mailer.send(message);
      const ids = [...new Set(sections.flatMap((section) => section.lines.map((line) => line.surgeryId)))];
      audit?.read({ id: reader.id, address: null }, { action: 'list', entity: 'surgery', of: 'surgeries', ids, detail: 'digest' });
      return true;
    } catch (error) {
      // Given back, so the next round tries again; the error's text may hold an address, so only its code is logged.
      await db.delete(digestSends).where(and(eq(digestSends.userId, reader.id), eq(digestSends.day, today)));
      log(`digest not sent (${(error as { code?: string }).code ?? 'error'}); retried at the next round`);
      return false;
    }
  }

  return {
    async enabled(userId: number): Promise<{ enabled: boolean }> {
      const [row] = await db.select({ userId: digestSubscriptions.userId }).from(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
      return { enabled: Boolean(row) };
    },

    async setEnabled(userId: number, enabled: boolean): Promise<{ enabled: boolean }> {
      if (enabled) await db.insert(digestSubscriptions).values({ userId, createdAt: now() }).onConflictDoNothing();
      else await db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
      return { enabled };
    },

    /** The unsubscribe link's token (`<user id>.<HMAC>`): the digest stops; a token not this server's is refused. */
    async unsubscribe(token: string): Promise<{ message: string }> {
      const match = TOKEN_PATTERN.exec(token);
      const userId = match ? Number(match[1]) : NaN;
      const valid =
        match !== null &&
        Number.isSafeInteger(userId) &&
        timingSafeEqual(Buffer.from(await signature(userId)), Buffer.from(match[2]!));
      if (!valid) throw badRequest([DIGEST_TEXTS.invalidLink]);
      await db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
      return { message: DIGEST_TEXTS.unsubscribed };
    },

    unsubscribeUrl,

    /**
     * One round: from DIGEST_HOUR on (São Paulo), every subscribed account without a digest today gets one, when it
     * has something to say. Answers how many e-mails left.
     */
    async runDue(): Promise<number> {
      const at = now();
      if (Number(toSaoPauloIso(at).slice(11, 13)) < DIGEST_HOUR) return 0;
      const today = saoPauloDay(at);
      const due = await db
        .select({ id: users.id, type: users.type, firstName: users.firstName, email: users.email })
        .from(digestSubscriptions)
        .innerJoin(users, eq(users.id, digestSubscriptions.userId))
        .where(sql`not exists (select 1 from ${digestSends} where ${digestSends.userId} = ${users.id} and ${digestSends.day} = ${today})`)
        .orderBy(users.id);
      let sent = 0;
      for (const reader of due) if (await sendOne(reader, today)) sent += 1;
      return sent;
    },
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
