import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { changePasswordSchema, createSecretarySchema, settingsUpdateSchema } from '../../../machines/account/settingsSchemas';
import { invites, medicSecretaries, oauthTokens, patients, surgeries, users } from '../../db/schema/index';
import { isUnlinkedSecretary } from '../access/scope';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { FileStorage } from '../storage/file-storage';
import { createInviteService, normaliseEmail } from './invite-service';
import { hashPassword, verifyPassword } from './password';
import { passwordWork } from './password-work';
import type { AccountMailDeps } from './service-deps';
import { createTokenService } from './token-service';
import { createProfilePhotoService } from './profile-photo';
import { releaseHeldCases } from '../surgeries/holder-service';

/** Wrong current passwords allowed per window and account before change_password waits (as sign-in, DECISIONS §3). */
const CHANGE_PASSWORD_LIMITS = { windowSeconds: 15 * 60, perAccount: 5 } as const;

/**
 * Invite e-mails a medic may send (new invites and resends together; issue 11 items 7 and 18): three per address
 * per hour, twenty per day in all. Counted when a send is attempted, so a burst cannot pass the limit.
 */
export const INVITE_LIMITS = {
  perAddress: 3,
  addressWindowSeconds: 60 * 60,
  perMedic: 20,
  medicWindowSeconds: 24 * 60 * 60,
} as const;

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Senha atual incorreta.',
  passwordChanged: 'Senha alterada com sucesso!',
  tooManyPasswordAttempts: 'Muitas tentativas com a senha atual incorreta. Aguarde alguns minutos e tente novamente.',
  inviteSent: 'Enviado com sucesso!',
  secretaryNotFound: 'Secretária não encontrada.',
  inviteNotFound: 'Convite não encontrado.',
  inviteResent: 'Convite reenviado!',
  tooManyInvitesToAddress: 'Muitos convites para este e-mail em pouco tempo. Aguarde alguns minutos e tente novamente.',
  tooManyInvites: 'Você enviou muitos convites hoje. Tente novamente amanhã.',
} as const;

/** A pending invite as settings/ lists it (openapi Settings.invite_set). */
type PendingInvite = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  sent_at: string;
  expires_at: string;
  expired: boolean;
};

/** The Settings of the contract (openapi components.schemas.Settings). */
type Settings = {
  first_name: string;
  last_name: string;
  nickname: string | null;
  crm: string | null;
  email: string;
  image: string | null;
  secretary_set: Array<{ id: number; email: string }>;
  invite_set: PendingInvite[];
};

/** The bodies after their schemas (machines/account/settingsSchemas.ts). */
export type SettingsUpdateInput = typeof settingsUpdateSchema.infer;
export type ChangePasswordInput = typeof changePasswordSchema.infer;
export type CreateSecretaryInput = typeof createSecretarySchema.infer;

type AccountServiceDeps = AccountMailDeps & { rateLimiter: RateLimiter; storage: FileStorage };

/** 429 for too many wrong current passwords; the route adds `Retry-After` from `retryAfterSeconds`. */
export class TooManyPasswordAttempts extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, { error: [ACCOUNT_MESSAGES.tooManyPasswordAttempts] });
  }
}

/** 429 for too many invite e-mails; the route adds `Retry-After` from `retryAfterSeconds`. */
export class TooManyInvites extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, { error: [message] });
  }
}

/**
 * The first steps of a new medic's account (openapi getGettingStarted, DECISIONS §13): whether he has a patient and
 * a case, and whether a secretary is linked, only invited (a pending invite that has not expired) or neither.
 */
type GettingStarted = { patient: boolean; surgery: boolean; secretary: 'linked' | 'invited' | 'none' };

/**
 * The account of the signed-in user (SPEC §2 Settings, §3, §7; openapi getSettings, updateSettings,
 * changePassword, createSecretary, removeSecretary): the medic's settings and linked secretaries,
 * invites, and the password change. Every refusal is a pt-BR 400 and writes nothing.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, rateLimiter, now } = deps;
  const inviteService = createInviteService(deps);
  const tokens = createTokenService({ db, now });
  const photos = createProfilePhotoService(deps);

  /** The medic's settings, or null when `medicId` is no medic. Secretaries by e-mail; pending invites are not links. */
  async function getSettings(medicId: number): Promise<Settings | null> {
    const [medic] = await db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        nickname: users.nickname,
        crm: users.crm,
        email: users.email,
        imageKey: users.imageKey,
      })
      .from(users)
      .where(and(eq(users.id, medicId), eq(users.type, 'medic')));
    if (!medic) return null;
    const at = now();
    const pending = await db
      .select({
        id: invites.id,
        email: invites.email,
        firstName: invites.firstName,
        lastName: invites.lastName,
        createdAt: invites.createdAt,
        expiresAt: invites.expiresAt,
      })
      .from(invites)
      .where(and(eq(invites.medicId, medicId), isNull(invites.acceptedAt)))
      .orderBy(sql`${invites.createdAt} desc`, sql`${invites.id} desc`);
    const secretaries = await db
      .select({ id: users.id, email: users.email })
      .from(medicSecretaries)
      .innerJoin(users, eq(users.id, medicSecretaries.secretaryId))
      .where(eq(medicSecretaries.medicId, medicId))
      // Byte order: the same on PGlite and on a PostgreSQL server whatever its locale.
      .orderBy(sql`${users.email} collate "C"`, users.id);
    return {
      first_name: medic.firstName,
      last_name: medic.lastName,
      nickname: medic.nickname,
      crm: medic.crm,
      email: medic.email,
      image: await photos.link(medicId, medic.imageKey),
      secretary_set: secretaries,
      invite_set: pending.map((invite) => ({
        id: invite.id,
        email: invite.email,
        first_name: invite.firstName,
        last_name: invite.lastName,
        sent_at: invite.createdAt.toISOString(),
        expires_at: invite.expiresAt.toISOString(),
        expired: invite.expiresAt.getTime() <= at.getTime(),
      })),
    };
  }

  /** Counts one invite e-mail to `email` for the medic; 429 past INVITE_LIMITS. */
  async function countInviteSend(medicId: number, email: string): Promise<void> {
    const address = await rateLimiter.hit(`invite:address:${medicId}:${normaliseEmail(email)}`, INVITE_LIMITS.addressWindowSeconds);
    if (address.count > INVITE_LIMITS.perAddress) {
      throw new TooManyInvites(ACCOUNT_MESSAGES.tooManyInvitesToAddress, Math.max(1, Math.ceil(address.resetInSeconds)));
    }
    const medic = await rateLimiter.hit(`invite:medic:${medicId}`, INVITE_LIMITS.medicWindowSeconds);
    if (medic.count > INVITE_LIMITS.perMedic) {
      throw new TooManyInvites(ACCOUNT_MESSAGES.tooManyInvites, Math.max(1, Math.ceil(medic.resetInSeconds)));
    }
  }

  return {
    getSettings,

    /** One statement of four EXISTS checks over the medic's own rows (GettingStarted). */
    async gettingStarted(medicId: number): Promise<GettingStarted> {
      const at = now();
      const [row] = await db
        .select({
          patient: sql<boolean>`exists (${db.select({ one: sql`1` }).from(patients).where(eq(patients.medicId, medicId))})`,
          surgery: sql<boolean>`exists (${db.select({ one: sql`1` }).from(surgeries).where(eq(surgeries.medicId, medicId))})`,
          linked: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(medicSecretaries)
            .where(eq(medicSecretaries.medicId, medicId))})`,
          invited: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(invites)
            .where(and(eq(invites.medicId, medicId), isNull(invites.acceptedAt), gt(invites.expiresAt, at)))})`,
        })
        .from(sql`(select 1) as one`);
      return {
        patient: Boolean(row?.patient),
        surgery: Boolean(row?.surgery),
        secretary: row?.linked ? 'linked' : row?.invited ? 'invited' : 'none',
      };
    },

    /** Saves the names (both) and/or the nickname and answers the settings as they are now. */
    async updateSettings(medicId: number, update: SettingsUpdateInput): Promise<Settings | null> {
      await db
        .update(users)
        .set({
          ...(update.first_name !== undefined && update.last_name !== undefined
            ? { firstName: update.first_name, lastName: update.last_name }
            : {}),
          ...(update.nickname !== undefined ? { nickname: update.nickname } : {}),
          updatedAt: now(),
        })
        .where(and(eq(users.id, medicId), eq(users.type, 'medic')));
      return getSettings(medicId);
    },

    /**
     * Changes the password of `userId` after checking the current one (the body's own rules are its
     * schema's). The attempt is counted before the KDF, atomically (one increment of the wrong-password counter:
     * parallel requests cannot all pass a count read before any of them failed); past the limit it is given back
     * and refused (429, as sign-in). A wrong password keeps its count; any other outcome gives it back. The check
     * and the new hash run in one slot of the hashing queue (429 when it is full). On success the hash is
     * replaced (only if it did not change meanwhile), the counter starts again and every other sign-in of the
     * user is revoked in the same transaction; the one holding `keepToken` stays valid.
     */
    async changePassword(userId: number, input: ChangePasswordInput, keepToken: string): Promise<{ message: string }> {
      const { password: current, new_password: next } = input;
      const counterKey = `password:user:${userId}`;
      const attempt = await rateLimiter.hit(counterKey, CHANGE_PASSWORD_LIMITS.windowSeconds);
      if (attempt.count > CHANGE_PASSWORD_LIMITS.perAccount) {
        await rateLimiter.release(counterKey);
        throw new TooManyPasswordAttempts(Math.max(1, Math.ceil(attempt.resetInSeconds)));
      }
      let outcome: 'wrong' | 'changed' | 'other' = 'other';
      try {
        const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
        const passwordHash = await (deps.passwordWork ?? passwordWork).run(async () =>
          user && (await verifyPassword(current, user.passwordHash)) ? hashPassword(next) : null,
        );
        if (!user || !passwordHash) {
          outcome = 'wrong';
          throw badRequest([ACCOUNT_MESSAGES.wrongPassword]);
        }
        const changed = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({ passwordHash, updatedAt: now() })
            .where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash)))
            .returning({ id: users.id });
          if (row) await tokens.revokeOtherFamilies(tx, userId, keepToken);
          return Boolean(row);
        });
        // Changed by another request between the check and the write: the password given is no longer current.
        if (!changed) throw badRequest([ACCOUNT_MESSAGES.wrongPassword]);
        outcome = 'changed';
        await rateLimiter.reset(counterKey);
        return { message: ACCOUNT_MESSAGES.passwordChanged };
      } finally {
        // Refused by the hashing queue, failed, or overtaken by another change: not a wrong password.
        if (outcome === 'other') await rateLimiter.release(counterKey).catch(() => {});
      }
    },

    /**
     * Invites a secretary for the medic (Settings' 'Adicionar uma pessoa a sua conta'): the invite
     * service's own checks and e-mail (DECISIONS §2), within the invite limits.
     */
    async createSecretary(medicId: number, input: CreateSecretaryInput): Promise<{ message: string }> {
      await countInviteSend(medicId, input.email);
      await inviteService.createInvite({ medicId, email: input.email, firstName: input.first_name, lastName: input.last_name });
      return { message: ACCOUNT_MESSAGES.inviteSent };
    },

    /** Resends the medic's pending invite `id` with a new link (the old one stops working); 404, 429 as documented. */
    async resendInvite(medicId: number, id: number): Promise<{ message: string }> {
      const pending = await inviteService.pendingInvite(medicId, id);
      if (!pending) throw notFound(ACCOUNT_MESSAGES.inviteNotFound);
      await countInviteSend(medicId, pending.email);
      if (!(await inviteService.resendInvite(medicId, id))) throw notFound(ACCOUNT_MESSAGES.inviteNotFound);
      return { message: ACCOUNT_MESSAGES.inviteResent };
    },

    /** Cancels the medic's pending invite `id`: its link answers 'Convite não encontrado.'; 404 when there is none. */
    async cancelInvite(medicId: number, id: number): Promise<void> {
      if (!(await inviteService.cancelInvite(medicId, id))) throw notFound(ACCOUNT_MESSAGES.inviteNotFound);
    },

    /**
     * Unlinks a secretary from the medic (DECISIONS §2: her account and work stay). The medic's
     * pending invites to her e-mail go too, so she cannot link herself back with an old link.
     * False when she is not linked to this medic (another medic's, unknown, or not a secretary).
     */
    async removeSecretary(medicId: number, secretaryId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(medicSecretaries)
          .where(and(eq(medicSecretaries.medicId, medicId), eq(medicSecretaries.secretaryId, secretaryId)))
          .returning({ secretaryId: medicSecretaries.secretaryId });
        if (!removed) return false;
        // The cases she held go back to the medic (DECISIONS §15: the holder is the medic or a linked secretary).
        await releaseHeldCases(tx, medicId, secretaryId);
        // Linked to no medic any more: every sign-in of hers ends now (item 33.19), rather than leave her an empty
        // app; the refresh of a revoked token then tells her why (routes/auth.ts).
        if (await isUnlinkedSecretary(tx, secretaryId)) {
          await tx.update(oauthTokens).set({ revokedAt: now() }).where(and(eq(oauthTokens.userId, secretaryId), isNull(oauthTokens.revokedAt)));
        }
        const [secretary] = await tx.select({ email: users.email }).from(users).where(eq(users.id, secretaryId));
        if (secretary) {
          await tx
            .delete(invites)
            .where(and(eq(invites.medicId, medicId), eq(invites.email, secretary.email), isNull(invites.acceptedAt)));
        }
        return true;
      });
    },
  };
}
