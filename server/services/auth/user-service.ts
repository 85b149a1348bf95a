import { and, eq } from 'drizzle-orm';
import { EMAIL_MAX_LENGTH } from '../../../machines/rules/account';
import { isValidCpf, onlyDigits } from '../../../machines/rules/cpf';
import { AREA_CODE_UNKNOWN_MESSAGE, hasRealAreaCode, nationalDigits } from '../../../machines/rules/phone';
import type { UserType } from '../../../machines/constants';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { medicSecretaries, specialties, users, type UserRow } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import { bodyId } from '../../http/path-id';
import type { Mailer } from '../mail/mailer';
import type { FileStorage } from '../storage/file-storage';
import { createInviteService, isWellFormedEmail, normaliseEmail, NAME_MAX_LENGTH } from './invite-service';
import { hashPassword, passwordProblems, verifyPassword } from './password';
import { createProfilePhotoService } from './profile-photo';

export const ADDRESS_MAX_LENGTH = 300;
export const CRM_MAX_LENGTH = 30;

export const SIGNUP_MESSAGES = {
  success: 'Cadastrado com sucesso!',
  invalidCpf: 'CPF inválido.',
  invalidEmail: 'E-mail inválido.',
  invalidCellphone: 'Celular inválido.',
  emailTaken: 'Este e-mail já está cadastrado.',
  cpfTaken: 'Este CPF já está cadastrado.',
  passwordsDiffer: 'As senhas não conferem.',
  unknownSpecialty: 'Especialidade não encontrada.',
  mustAcceptStorage: 'É preciso aceitar o armazenamento dos dados para se cadastrar.',
  secretaryEmailMissing: 'Informe o e-mail da secretária.',
  secretaryEmailInvalid: 'E-mail da secretária inválido.',
  secretaryEmailIsOwn: 'O e-mail da secretária deve ser diferente do seu.',
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

export const required = (label: string) => `O campo ${label} é obrigatório.`;
export const tooLong = (label: string, max: number) => `O campo ${label} deve ter no máximo ${max} caracteres.`;

/** The doctor signup payload of SPEC §3 plus `crm`, after the route checked the JSON types. */
export type DoctorSignupInput = {
  nickname?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  cpf?: string | null;
  specialty?: number | string | null;
  address?: string | null;
  cellphone?: string | null;
  crm?: string | null;
  password?: string | null;
  confirmPassword?: string | null;
  email?: string | null;
  IAcceptToStoreData?: boolean | null;
  IHaveASecretary?: boolean | null;
  secretary?: string | null;
  news?: boolean | null;
};

/** The secretary invite signup payload of SPEC §3. */
export type SecretarySignupInput = {
  nickname?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  cpf?: string | null;
  password?: string | null;
  confirmPassword?: string | null;
  email?: string | null;
  news?: boolean | null;
};

/**
 * SPEC §3 Profile plus `has_secretary` (DECISIONS §13): whether a medic has a linked secretary, which decides his
 * menu; always false for a secretary.
 */
export type Profile = {
  type: UserType;
  /** `image`: the signed link of the user's own photo (issue 11 item 13), or null. */
  user: { id: number; first_name: string; last_name: string; nickname: string | null; image: string | null };
  has_secretary: boolean;
};

export type UserServiceDeps = {
  db: Database;
  mailer: Mailer;
  storage: FileStorage;
  config: Pick<Config, 'publicUrl'>;
  now: () => Date;
};

/** Collects pt-BR problems; each reader trims and bounds one field (also used by the account service). */
export class Problems {
  readonly list: string[] = [];
  add(message: string): void {
    if (!this.list.includes(message)) this.list.push(message);
  }
  /** A trimmed text field ('' when absent); reports it missing or too long. */
  text(value: string | null | undefined, label: string, max: number, isRequired = true): string {
    const trimmed = (value ?? '').trim();
    if (isRequired && !trimmed) this.add(required(label));
    if (trimmed.length > max) this.add(tooLong(label, max));
    return trimmed;
  }
  cpf(value: string | null | undefined): string {
    const cpf = this.text(value, 'CPF', 20);
    if (cpf && !isValidCpf(cpf)) this.add(SIGNUP_MESSAGES.invalidCpf);
    return onlyDigits(cpf);
  }
  /** The new password and its confirmation (never trimmed). */
  password(password: string | null | undefined, confirmation: string | null | undefined): string {
    const plain = password ?? '';
    if (!plain) this.add(required('Senha'));
    if (!confirmation) this.add(required('Confirmação de senha'));
    if (plain && confirmation && plain !== confirmation) this.add(SIGNUP_MESSAGES.passwordsDiffer);
    if (plain) passwordProblems(plain).forEach((problem) => this.add(problem));
    return plain;
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw badRequest([...this.list]);
  }
}

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

/** The specialty's id, bounded to int4 (a larger one is "not found", never a failed query). */
const specialtyId = (value: number | string | null | undefined): number | null => bodyId(value);

/**
 * Accounts: doctor signup, secretary signup by invite, sign-in credentials and the profile.
 * Every validation problem is a pt-BR message; a failed signup writes nothing.
 */
export function createUserService(deps: UserServiceDeps) {
  const { db } = deps;
  const inviteService = createInviteService(deps);
  const photos = createProfilePhotoService(deps);

  async function findByEmail(email: string): Promise<UserRow | null> {
    const [user] = await db.select().from(users).where(eq(users.email, normaliseEmail(email)));
    return user ?? null;
  }

  async function cpfTaken(type: UserType, cpf: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.type, type), eq(users.cpf, cpf)));
    return Boolean(row);
  }

  async function validateDoctor(input: DoctorSignupInput) {
    const problems = new Problems();
    const firstName = problems.text(input.first_name, 'Nome', NAME_MAX_LENGTH);
    const lastName = problems.text(input.last_name, 'Sobrenome', NAME_MAX_LENGTH);
    const nickname = problems.text(input.nickname, 'Apelido', NAME_MAX_LENGTH, false);
    const cpf = problems.cpf(input.cpf);
    const address = problems.text(input.address, 'Endereço', ADDRESS_MAX_LENGTH);
    const cellphoneText = problems.text(input.cellphone, 'Celular', 30);
    const cellphone = onlyDigits(cellphoneText);
    if (cellphoneText && (cellphone.length < 10 || cellphone.length > 13)) problems.add(SIGNUP_MESSAGES.invalidCellphone);
    else if (cellphoneText && !hasRealAreaCode(nationalDigits(cellphone))) problems.add(AREA_CODE_UNKNOWN_MESSAGE);
    const crm = problems.text(input.crm, 'CRM', CRM_MAX_LENGTH);
    const hasSpecialty = input.specialty !== null && input.specialty !== undefined && String(input.specialty).trim() !== '';
    if (!hasSpecialty) problems.add(required('Especialidade'));
    const specialty = specialtyId(input.specialty);
    const email = normaliseEmail(problems.text(input.email, 'E-mail', EMAIL_MAX_LENGTH));
    if (email && !isWellFormedEmail(email)) problems.add(SIGNUP_MESSAGES.invalidEmail);
    const password = problems.password(input.password, input.confirmPassword);
    if (input.IAcceptToStoreData !== true) problems.add(SIGNUP_MESSAGES.mustAcceptStorage);
    const secretaryEmail = input.IHaveASecretary === true ? normaliseEmail(input.secretary ?? '') : '';
    if (input.IHaveASecretary === true) {
      if (!secretaryEmail) problems.add(SIGNUP_MESSAGES.secretaryEmailMissing);
      else if (!isWellFormedEmail(secretaryEmail)) problems.add(SIGNUP_MESSAGES.secretaryEmailInvalid);
      else if (secretaryEmail === email) problems.add(SIGNUP_MESSAGES.secretaryEmailIsOwn);
    }

    if (hasSpecialty) {
      const [found] = specialty
        ? await db.select({ id: specialties.id }).from(specialties).where(eq(specialties.id, specialty))
        : [];
      if (!found) problems.add(SIGNUP_MESSAGES.unknownSpecialty);
    }
    if (email && isWellFormedEmail(email) && (await findByEmail(email))) problems.add(SIGNUP_MESSAGES.emailTaken);
    if (cpf.length === 11 && isValidCpf(cpf) && (await cpfTaken('medic', cpf))) problems.add(SIGNUP_MESSAGES.cpfTaken);
    problems.throwIfAny();
    return { firstName, lastName, nickname, cpf, address, cellphone, crm, specialty, email, password, secretaryEmail };
  }

  async function validateNewSecretary(input: SecretarySignupInput) {
    const problems = new Problems();
    const firstName = problems.text(input.first_name, 'Nome', NAME_MAX_LENGTH);
    const lastName = problems.text(input.last_name, 'Sobrenome', NAME_MAX_LENGTH);
    const nickname = problems.text(input.nickname, 'Apelido', NAME_MAX_LENGTH, false);
    const cpf = problems.cpf(input.cpf);
    const password = problems.password(input.password, input.confirmPassword);
    if (cpf.length === 11 && isValidCpf(cpf) && (await cpfTaken('secretary', cpf))) problems.add(SIGNUP_MESSAGES.cpfTaken);
    problems.throwIfAny();
    return { firstName, lastName, nickname, cpf, password };
  }

  return {
    invites: inviteService,
    findByEmail,

    /**
     * Creates a medic (SPEC §3 doctor signup + crm). With IHaveASecretary, the secretary's e-mail gets an
     * invite in the same transaction. 400 `{ error: [...] }` listing every problem; nothing is written.
     */
    async signupMedic(input: DoctorSignupInput): Promise<{ id: number }> {
      const valid = await validateDoctor(input);
      const passwordHash = await hashPassword(valid.password);
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              type: 'medic',
              email: valid.email,
              passwordHash,
              firstName: valid.firstName,
              lastName: valid.lastName,
              nickname: valid.nickname || null,
              cpf: valid.cpf,
              crm: valid.crm,
              address: valid.address,
              cellphone: valid.cellphone,
              specialtyId: valid.specialty,
              news: input.news === true,
              acceptsDataStorage: true,
            })
            .returning({ id: users.id });
          const id = created!.id;
          if (valid.secretaryEmail) await inviteService.createInvite({ medicId: id, email: valid.secretaryEmail }, tx);
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
        if (!input.password) throw badRequest([required('Senha')]);
        if (!(await verifyPassword(input.password, existing.passwordHash))) {
          throw badRequest([SIGNUP_MESSAGES.wrongExistingPassword]);
        }
        const id = await db.transaction((tx) => inviteService.acceptInvite(tx, invite, async () => existing.id));
        return { id };
      }

      const valid = await validateNewSecretary(input);
      const passwordHash = await hashPassword(valid.password);
      try {
        const id = await db.transaction((tx) =>
          inviteService.acceptInvite(tx, invite, async () => {
            const [created] = await tx
              .insert(users)
              .values({
                type: 'secretary',
                email: invite.email,
                passwordHash,
                firstName: valid.firstName,
                lastName: valid.lastName,
                nickname: valid.nickname || null,
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

export type UserService = ReturnType<typeof createUserService>;
