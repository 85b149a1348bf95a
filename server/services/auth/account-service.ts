import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { EMAIL_MAX_LENGTH } from '../../../machines/rules/account';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { invites, medicSecretaries, patients, surgeries, users } from '../../db/schema/index';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { FileStorage } from '../storage/file-storage';
import { createInviteService, NAME_MAX_LENGTH, normaliseEmail } from './invite-service';
import { hashPassword, passwordProblems, verifyPassword } from './password';
import { createTokenService } from './token-service';
import { createProfilePhotoService } from './profile-photo';
import { Problems, required } from './user-service';

/** Wrong current passwords allowed per window and account before change_password waits (as sign-in, DECISIONS §3). */
export const CHANGE_PASSWORD_LIMITS = { windowSeconds: 15 * 60, perAccount: 5 } as const;

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
  invalidData: 'Dados inválidos.',
  nameOrNickname: 'Envie o nome e o sobrenome, ou o apelido.',
  namesTogether: 'Envie o nome e o sobrenome juntos.',
  readOnly: (field: string) => `O campo ${field} não pode ser alterado.`,
  unknownField: (field: string) => `Campo não reconhecido: ${field.slice(0, 40)}.`,
  wrongPassword: 'Senha atual incorreta.',
  samePassword: 'A nova senha deve ser diferente da senha atual.',
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
export type PendingInvite = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  sent_at: string;
  expires_at: string;
  expired: boolean;
};

/** The Settings of the contract (openapi components.schemas.Settings). */
export type Settings = {
  first_name: string;
  last_name: string;
  nickname: string | null;
  crm: string | null;
  email: string;
  image: string | null;
  secretary_set: Array<{ id: number; email: string }>;
  invite_set: PendingInvite[];
};

export type ChangePasswordInput = { password?: string | null; new_password?: string | null };
export type CreateSecretaryInput = { first_name?: string | null; last_name?: string | null; email?: string | null };

export type AccountServiceDeps = {
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  storage: FileStorage;
  config: Pick<Config, 'publicUrl'>;
  now: () => Date;
};

const SETTINGS_FIELDS = new Set(['first_name', 'last_name', 'nickname']);
/** Settings the user sees but cannot change here, with their pt-BR labels. */
const READ_ONLY_FIELDS: Record<string, string> = {
  email: 'E-mail',
  crm: 'CRM',
  image: 'Imagem',
  secretary_set: 'Secretárias',
  invite_set: 'Convites',
};

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
export type GettingStarted = { patient: boolean; surgery: boolean; secretary: 'linked' | 'invited' | 'none' };

type SettingsUpdate = { names: { firstName: string; lastName: string } | null; nickname: string | null | undefined };

/** A text the body may send as a string (or null, meaning empty); any other JSON type is malformed. */
function optionalText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw badRequest([ACCOUNT_MESSAGES.invalidData]);
  return value;
}

/**
 * Reads PUT settings/ (openapi SettingsUpdate): `first_name` and `last_name` together, and/or
 * `nickname`; names trimmed, required and ≤ 150 characters; an empty nickname is null. Read-only and
 * unknown fields are refused, so a misspelt field never passes as a save. 400 listing every problem.
 */
function readSettingsUpdate(body: unknown): SettingsUpdate {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest([ACCOUNT_MESSAGES.invalidData]);
  const source = body as Record<string, unknown>;
  const problems = new Problems();
  for (const key of Object.keys(source)) {
    if (READ_ONLY_FIELDS[key]) problems.add(ACCOUNT_MESSAGES.readOnly(READ_ONLY_FIELDS[key]));
    else if (!SETTINGS_FIELDS.has(key)) problems.add(ACCOUNT_MESSAGES.unknownField(key));
  }
  const hasFirst = 'first_name' in source;
  const hasLast = 'last_name' in source;
  const hasNickname = 'nickname' in source;
  if (!hasFirst && !hasLast && !hasNickname) problems.add(ACCOUNT_MESSAGES.nameOrNickname);
  if (hasFirst !== hasLast) problems.add(ACCOUNT_MESSAGES.namesTogether);
  let names: SettingsUpdate['names'] = null;
  if (hasFirst && hasLast) {
    const firstName = problems.text(optionalText(source.first_name), 'Nome', NAME_MAX_LENGTH);
    const lastName = problems.text(optionalText(source.last_name), 'Sobrenome', NAME_MAX_LENGTH);
    names = { firstName, lastName };
  }
  const nickname = hasNickname
    ? problems.text(optionalText(source.nickname), 'Apelido', NAME_MAX_LENGTH, false) || null
    : undefined;
  problems.throwIfAny();
  return { names, nickname };
}

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

    /** Saves the names and/or the nickname (readSettingsUpdate) and answers the settings as they are now. */
    async updateSettings(medicId: number, body: unknown): Promise<Settings | null> {
      const update = readSettingsUpdate(body);
      await db
        .update(users)
        .set({
          ...(update.names ? { firstName: update.names.firstName, lastName: update.names.lastName } : {}),
          ...(update.nickname !== undefined ? { nickname: update.nickname } : {}),
          updatedAt: now(),
        })
        .where(and(eq(users.id, medicId), eq(users.type, 'medic')));
      return getSettings(medicId);
    },

    /**
     * Changes the password of `userId` after checking the current one. Checks that need only the body
     * come first (both present, the new one follows the signup's policy and differs from the current);
     * then the wrong-password counter (429 once it reached the limit, as sign-in), then the KDF. On
     * success the hash is replaced (only if it did not change meanwhile) and every other sign-in of
     * the user is revoked in the same transaction; the one holding `keepToken` stays valid.
     */
    async changePassword(userId: number, input: ChangePasswordInput, keepToken: string): Promise<{ message: string }> {
      const current = input.password ?? '';
      const next = input.new_password ?? '';
      const problems = new Problems();
      if (!current) problems.add(required('Senha atual'));
      if (!next) problems.add(required('Nova senha'));
      else passwordProblems(next).forEach((problem) => problems.add(problem));
      if (current && next && current.normalize('NFKC') === next.normalize('NFKC')) problems.add(ACCOUNT_MESSAGES.samePassword);
      problems.throwIfAny();

      const counterKey = `password:user:${userId}`;
      const attempts = await rateLimiter.peek(counterKey);
      if (attempts.count >= CHANGE_PASSWORD_LIMITS.perAccount) {
        throw new TooManyPasswordAttempts(Math.max(1, Math.ceil(attempts.resetInSeconds)));
      }
      const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!user || !(await verifyPassword(current, user.passwordHash))) {
        await rateLimiter.hit(counterKey, CHANGE_PASSWORD_LIMITS.windowSeconds);
        throw badRequest([ACCOUNT_MESSAGES.wrongPassword]);
      }
      const passwordHash = await hashPassword(next);
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
      await rateLimiter.reset(counterKey);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },

    /**
     * Invites a secretary for the medic (Settings' 'Adicionar uma pessoa a sua conta'): Nome,
     * Sobrenome and E-mail required, then the invite service's own checks and e-mail (DECISIONS §2).
     */
    async createSecretary(medicId: number, input: CreateSecretaryInput): Promise<{ message: string }> {
      const problems = new Problems();
      const firstName = problems.text(input.first_name, 'Nome', NAME_MAX_LENGTH);
      const lastName = problems.text(input.last_name, 'Sobrenome', NAME_MAX_LENGTH);
      const email = problems.text(input.email, 'E-mail', EMAIL_MAX_LENGTH);
      problems.throwIfAny();
      await countInviteSend(medicId, email);
      await inviteService.createInvite({ medicId, email, firstName, lastName });
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

export type AccountService = ReturnType<typeof createAccountService>;
