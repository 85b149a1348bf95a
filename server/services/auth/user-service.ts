import { and, eq } from 'drizzle-orm';
import type { doctorSignupSchema, secretarySignupSchema } from '../../../machines/account/signupSchemas';
import type { UserType } from '../../../machines/constants';
import { medicSecretaries, specialties, users, type UserRow } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import { loadSchemas } from '../../http/schemas';
import type { FileStorage } from '../storage/file-storage';
import { createInviteService, normaliseEmail } from './invite-service';
import { hashPassword, verifyPassword } from './password';
import { passwordWork } from './password-work';
import type { AccountMailDeps } from './service-deps';
import { createProfilePhotoService } from './profile-photo';

export const SIGNUP_MESSAGES = {
  success: 'Cadastrado com sucesso!',
  emailTaken: 'Este e-mail já está cadastrado.',
  cpfTaken: 'Este CPF já está cadastrado.',
  unknownSpecialty: 'Especialidade não encontrada.',
  inviteEmailMismatch: 'Use o e-mail para o qual o convite foi enviado.',
  wrongExistingPassword: 'Senha incorreta para a conta existente.',
  medicEmail: 'Este e-mail pertence a uma conta de médico e não pode ser usado por uma secretária.',
  tooManySignups: 'Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.',
} as const;

/**
 * Doctor signups per address (issue 11 item 18): the public signup answers 'Este CPF já está
 * cadastrado.', so without a limit it is a CPF lookup for anyone. Every attempt counts.
 */
export const SIGNUP_LIMITS = { windowSeconds: 60 * 60, perAddress: 10 } as const;

/** The doctor signup body after its schema (machines/account/signupSchemas.ts): trimmed, CPF and phone as digits. */
export type DoctorSignupInput = typeof doctorSignupSchema.infer;

/** The secretary invite signup body after its schema: the password, the rest as sent. */
export type SecretarySignupInput = typeof secretarySignupSchema.infer;

/**
 * SPEC §3 Profile plus `has_secretary` (DECISIONS §13): whether a medic has a linked secretary, which decides his
 * menu; always false for a secretary.
 */
type Profile = {
  type: UserType;
  /** `image`: the signed link of the user's own photo (issue 11 item 13), or null. */
  user: { id: number; first_name: string; last_name: string; nickname: string | null; image: string | null };
  has_secretary: boolean;
};

type UserServiceDeps = AccountMailDeps & { storage: FileStorage };

/** The unique constraint a failed insert hit, or null (drizzle wraps the PG error: code on `cause`). */
function uniqueViolation(error: unknown): string | null {
  const candidates = [(error as { cause?: unknown })?.cause, error];
  for (const candidate of candidates) {
    const pgError = candidate as { code?: string; constraint?: string } | undefined;
    if (pgError?.code === '23505') return pgError.constraint ?? '';
  }
  return null;
}

/** Turns a unique violation on users into the signup's 400; anything else is rethrown. */
function rethrowAsSignupProblem(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === null) throw error;
  throw badRequest([constraint.includes('cpf') ? SIGNUP_MESSAGES.cpfTaken : SIGNUP_MESSAGES.emailTaken]);
}

/**
 * Accounts: doctor signup, secretary signup by invite, sign-in credentials and the profile.
 * Every validation problem is a pt-BR message; a failed signup writes nothing.
 */
export function createUserService(deps: UserServiceDeps) {
  const { db } = deps;
  const inviteService = createInviteService(deps);
  const photos = createProfilePhotoService(deps);
  /** scrypt through the hashing queue (429 when it is full); read per call, so a test may give its own queue. */
  const hashing = () => deps.passwordWork ?? passwordWork;

  async function findByEmail(email: string): Promise<UserRow | null> {
    const [user] = await db.select().from(users).where(eq(users.email, normaliseEmail(email)));
    return user ?? null;
  }

  async function cpfTaken(type: UserType, cpf: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.type, type), eq(users.cpf, cpf)));
    return Boolean(row);
  }

  /** What only the database knows of a well-formed doctor signup: the specialty exists, the e-mail and CPF are free. */
  async function checkDoctorAgainstDatabase(input: DoctorSignupInput): Promise<void> {
    const problems: string[] = [];
    const [found] = await db.select({ id: specialties.id }).from(specialties).where(eq(specialties.id, input.specialty));
    if (!found) problems.push(SIGNUP_MESSAGES.unknownSpecialty);
    if (await findByEmail(input.email)) problems.push(SIGNUP_MESSAGES.emailTaken);
    if (await cpfTaken('medic', input.cpf)) problems.push(SIGNUP_MESSAGES.cpfTaken);
    if (problems.length > 0) throw badRequest(problems);
  }

  return {
    invites: inviteService,
    findByEmail,

    /**
     * Creates a medic (SPEC §3 doctor signup + crm). With IHaveASecretary, the secretary's e-mail gets an
     * invite in the same transaction. 400 `{ error: [...] }` listing every problem; nothing is written.
     */
    async signupMedic(input: DoctorSignupInput): Promise<{ id: number }> {
      await checkDoctorAgainstDatabase(input);
      const passwordHash = await hashing().run(() => hashPassword(input.password));
      const secretaryEmail = input.IHaveASecretary ? normaliseEmail(input.secretary ?? '') : '';
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              type: 'medic',
              email: normaliseEmail(input.email),
              passwordHash,
              firstName: input.first_name,
              lastName: input.last_name,
              nickname: input.nickname ?? null,
              cpf: input.cpf,
              crm: input.crm,
              address: input.address,
              cellphone: input.cellphone,
              specialtyId: input.specialty,
              news: input.news === true,
              acceptsDataStorage: true,
            })
            .returning({ id: users.id });
          const id = created!.id;
          if (secretaryEmail) await inviteService.createInvite({ medicId: id, email: secretaryEmail }, tx);
          return { id };
        });
      } catch (error) {
        rethrowAsSignupProblem(error);
      }
    },

    /**
     * Secretary signup by invite (DECISIONS §2). The account's e-mail is the invite's. When that e-mail
     * already has a secretary account, only its password is needed and the account is linked. 404/410 for
     * unknown/used/expired invites, 400 for any other problem; a failure writes nothing.
     */
    async signupSecretary(token: string, input: SecretarySignupInput): Promise<{ id: number }> {
      const invite = await inviteService.findUsableInvite(db, token);
      const postedEmail = normaliseEmail(input.email ?? '');
      if (postedEmail && postedEmail !== invite.email) throw badRequest([SIGNUP_MESSAGES.inviteEmailMismatch]);
      const existing = await findByEmail(invite.email);
      if (existing?.type === 'medic') throw badRequest([SIGNUP_MESSAGES.medicEmail]);

      if (existing) {
        if (!(await hashing().run(() => verifyPassword(input.password, existing.passwordHash)))) {
          throw badRequest([SIGNUP_MESSAGES.wrongExistingPassword]);
        }
        const id = await db.transaction((tx) => inviteService.acceptInvite(tx, invite, async () => existing.id));
        return { id };
      }

      const { parse, newSecretarySchema } = await loadSchemas();
      const valid = parse(newSecretarySchema, input);
      if (await cpfTaken('secretary', valid.cpf)) throw badRequest([SIGNUP_MESSAGES.cpfTaken]);
      const passwordHash = await hashing().run(() => hashPassword(valid.password));
      try {
        const id = await db.transaction((tx) =>
          inviteService.acceptInvite(tx, invite, async () => {
            const [created] = await tx
              .insert(users)
              .values({
                type: 'secretary',
                email: invite.email,
                passwordHash,
                firstName: valid.first_name,
                lastName: valid.last_name,
                nickname: valid.nickname ?? null,
                cpf: valid.cpf,
                news: input.news === true,
                notifyFromMedic: input.news === true,
              })
              .returning({ id: users.id });
            return created!.id;
          }),
        );
        return { id };
      } catch (error) {
        rethrowAsSignupProblem(error);
      }
    },

    /** SPEC §3 Profile of a user, or null when the user does not exist. */
    async getProfile(userId: number): Promise<Profile | null> {
      const [user] = await db
        .select({
          id: users.id,
          type: users.type,
          firstName: users.firstName,
          lastName: users.lastName,
          nickname: users.nickname,
          imageKey: users.imageKey,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return null;
      const link =
        user.type === 'medic'
          ? await db
              .select({ id: medicSecretaries.secretaryId })
              .from(medicSecretaries)
              .where(eq(medicSecretaries.medicId, user.id))
              .limit(1)
          : [];
      return {
        type: user.type,
        user: {
          id: user.id,
          first_name: user.firstName,
          last_name: user.lastName,
          nickname: user.nickname,
          image: await photos.link(user.id, user.imageKey),
        },
        has_secretary: link.length > 0,
      };
    },
  };
}
