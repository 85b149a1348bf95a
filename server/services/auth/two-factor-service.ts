import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { medicSecretaries, mfaTokens, secretaryTwoFactorPolicies, twoFactorRecoveryCodes, twoFactorSecrets, users } from '../../db/schema/index';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { loadAppSecret } from '../app-secrets';
import { badRequest, HttpError } from '../../http/errors';
import { verifyPassword } from './password';
import { passwordWork, type PasswordWork } from './password-work';
import { base32Encode, generateTotpSecret, matchTotp, otpauthUri } from './totp';

/**
 * Two-factor sign-in (issue 35 item 3, docs/SECURITY.md "Two-factor sign-in"): TOTP enrolment, its recovery codes,
 * the medic's requirement for his secretaries and the short-lived mfa_token that carries a sign-in from its
 * password to its second factor.
 */
export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'Código inválido. Confira o código no aplicativo autenticador e tente novamente.',
  missingCode: 'Informe o código do aplicativo autenticador.',
  notPending: 'Comece a configuração da verificação em duas etapas novamente.',
  alreadyEnabled: 'A verificação em duas etapas já está ativada.',
  notEnabled: 'A verificação em duas etapas não está ativada.',
  wrongPassword: 'Senha atual incorreta.',
  requiredByMedic: 'Seu médico exige a verificação em duas etapas: ela não pode ser desativada.',
  tooManyAttempts: 'Muitas tentativas incorretas. Aguarde alguns minutos e tente novamente.',
  disabled: 'Verificação em duas etapas desativada.',
} as const;

const TWO_FACTOR_LIMITS = {
  /** How long the second step may take after the password. */
  mfaTokenTtlSeconds: 5 * 60,
  /** Wrong codes one mfa_token takes before it is spent (each also counts toward the sign-in lockout). */
  mfaTokenMaxFailures: 5,
  recoveryCodes: 10,
  /** Wrong password-or-code attempts at disabling per window (as change_password). */
  disablePerWindow: 5,
  windowSeconds: 15 * 60,
} as const;

const ISSUER = 'Cirurgias';
export type MfaPurpose = 'verify' | 'enrol';
export type SecondFactor = { otp: string } | { recoveryCode: string };

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** 429 for too many wrong attempts at disabling, with `Retry-After`. */
class TooManyTwoFactorAttempts extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, { error: [TWO_FACTOR_MESSAGES.tooManyAttempts] }, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** A recovery code as shown: ten characters of an alphabet without look-alikes, in two groups (`k7m2p-x9qr4`). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
/** The form a recovery code is compared in: lower case, no separators or spaces. */
function canonicalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function createTwoFactorService(deps: {
  db: Database;
  now: () => Date;
  rateLimiter: RateLimiter;
  passwordWork?: PasswordWork;
}) {
  const { db, now, rateLimiter } = deps;

  async function seal(userId: number, secret: Buffer): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await loadAppSecret(db, 'two_factor_key'), iv);
    cipher.setAAD(Buffer.from(`two-factor:${userId}`));
    const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  async function unseal(userId: number, sealed: string): Promise<Buffer> {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', await loadAppSecret(db, 'two_factor_key'), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(`two-factor:${userId}`));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  }

  async function recoveryHash(code: string): Promise<string> {
    return createHmac('sha256', await loadAppSecret(db, 'recovery_code_key')).update(canonicalRecoveryCode(code)).digest('hex');
  }

  async function secretRow(userId: number) {
    const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    return row ?? null;
  }

  /**
   * Accepts a TOTP code of `userId`'s secret (enabled or pending, as `enabled` says) and records its step, in one
   * conditional update: two requests with the same code cannot both pass (RFC 6238 §5.2).
   */
  async function acceptTotp(userId: number, code: string, enabled: boolean): Promise<boolean> {
    const row = await secretRow(userId);
    if (!row || (row.enabledAt !== null) !== enabled) return false;
    const step = matchTotp(await unseal(userId, row.secretSealed), code.replace(/\s/g, ''), now(), row.lastStep);
    if (step === null) return false;
    const updated = await db
      .update(twoFactorSecrets)
      .set({ lastStep: step, ...(enabled ? {} : { enabledAt: now() }) })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          eq(twoFactorSecrets.secretSealed, row.secretSealed),
          or(isNull(twoFactorSecrets.lastStep), lt(twoFactorSecrets.lastStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return updated.length === 1;
  }

  /** Spends one unused recovery code of `userId` (a conditional update: used once, whatever runs in parallel). */
  async function spendRecoveryCode(userId: number, code: string): Promise<boolean> {
    if (!(await isEnabled(userId))) return false;
    const spent = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, await recoveryHash(code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return spent.length === 1;
  }

  async function isEnabled(userId: number): Promise<boolean> {
    const row = await secretRow(userId);
    return row?.enabledAt != null;
  }

  /** Whether one of the secretary's medics requires two-factor sign-in of his secretaries. */
  async function requiredForSecretary(userId: number): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(medicSecretaries)
      .innerJoin(secretaryTwoFactorPolicies, eq(secretaryTwoFactorPolicies.medicId, medicSecretaries.medicId))
      .where(eq(medicSecretaries.secretaryId, userId));
    return (row?.n ?? 0) > 0;
  }

  async function newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: TWO_FACTOR_LIMITS.recoveryCodes }, newRecoveryCode);
    const hashes = await Promise.all(codes.map(recoveryHash));
    await db.transaction(async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    });
    return codes;
  }

  return {
    isEnabled,
    requiredForSecretary,

    /** What the settings page shows. `secretaries_required` only for a medic. */
    async status(userId: number, type: 'medic' | 'secretary') {
      const enabled = await isEnabled(userId);
      const [left] = enabled
        ? await db
            .select({ n: count() })
            .from(twoFactorRecoveryCodes)
            .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
        : [{ n: 0 }];
      const base = { enabled, recovery_codes_left: left?.n ?? 0 };
      if (type === 'secretary') return { ...base, required: await requiredForSecretary(userId) };
      const [policy] = await db
        .select({ medicId: secretaryTwoFactorPolicies.medicId })
        .from(secretaryTwoFactorPolicies)
        .where(eq(secretaryTwoFactorPolicies.medicId, userId));
      return { ...base, required: false, secretaries_required: Boolean(policy) };
    },

    /** What a sign-in whose password was right still owes: nothing, the code, or an enrolment (required, not enrolled). */
    async signInRequirement(userId: number, type: 'medic' | 'secretary'): Promise<MfaPurpose | null> {
      if (await isEnabled(userId)) return 'verify';
      if (type === 'secretary' && (await requiredForSecretary(userId))) return 'enrol';
      return null;
    },

    /**
     * Starts (or starts again) an enrolment: a new secret, pending until a code of it is confirmed. Refused when
     * two-factor sign-in is already on (disable it first).
     */
    async begin(userId: number): Promise<{ secret: string; otpauth_uri: string; qr_code: string }> {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) throw badRequest([TWO_FACTOR_MESSAGES.notPending]);
      if (await isEnabled(userId)) throw badRequest([TWO_FACTOR_MESSAGES.alreadyEnabled]);
      const secret = generateTotpSecret();
      const secretSealed = await seal(userId, secret);
      await db
        .insert(twoFactorSecrets)
        .values({ userId, secretSealed, createdAt: now() })
        .onConflictDoUpdate({
          target: twoFactorSecrets.userId,
          set: { secretSealed, enabledAt: null, lastStep: null, createdAt: now() },
          // Never replaces an enabled secret (a parallel confirmation).
          setWhere: isNull(twoFactorSecrets.enabledAt),
        });
      const uri = otpauthUri(secret, user.email, ISSUER);
      // qrcode (and pngjs) load when a medic first sets up two factors, not at every start (issue 41, goal 5).
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        secret: base32Encode(secret),
        otpauth_uri: uri,
        qr_code: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
      };
    },

    /** Confirms the pending enrolment with a code of its secret: on, with ten new recovery codes (shown once). */
    async confirm(userId: number, code: string): Promise<string[]> {
      const row = await secretRow(userId);
      if (row?.enabledAt) throw badRequest([TWO_FACTOR_MESSAGES.alreadyEnabled]);
      if (!row) throw badRequest([TWO_FACTOR_MESSAGES.notPending]);
      if (!(await acceptTotp(userId, code, false))) throw badRequest([TWO_FACTOR_MESSAGES.wrongCode], { otp: [TWO_FACTOR_MESSAGES.wrongCode] });
      return newRecoveryCodes(userId);
    },

    /** The second factor of a sign-in (or of disabling): a TOTP code, or an unused recovery code. */
    async verify(userId: number, factor: SecondFactor): Promise<boolean> {
      if ('otp' in factor) return acceptTotp(userId, factor.otp, true);
      return spendRecoveryCode(userId, factor.recoveryCode);
    },

    /**
     * Turns two-factor sign-in off with the password and a code (or a recovery code); a secretary whose medic
     * requires it cannot. Wrong attempts are counted per account (429 past the limit).
     */
    async disable(userId: number, type: 'medic' | 'secretary', password: string, code: string): Promise<void> {
      if (type === 'secretary' && (await requiredForSecretary(userId))) throw badRequest([TWO_FACTOR_MESSAGES.requiredByMedic]);
      if (!(await isEnabled(userId))) throw badRequest([TWO_FACTOR_MESSAGES.notEnabled]);
      const counterKey = `two-factor:disable:${userId}`;
      const attempt = await rateLimiter.hit(counterKey, TWO_FACTOR_LIMITS.windowSeconds);
      if (attempt.count > TWO_FACTOR_LIMITS.disablePerWindow) {
        await rateLimiter.release(counterKey);
        throw new TooManyTwoFactorAttempts(Math.max(1, Math.ceil(attempt.resetInSeconds)));
      }
      const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      const passwordOk =
        Boolean(user) && (await (deps.passwordWork ?? passwordWork).run(() => verifyPassword(password, user!.passwordHash)));
      if (!passwordOk) throw badRequest([TWO_FACTOR_MESSAGES.wrongPassword], { password: [TWO_FACTOR_MESSAGES.wrongPassword] });
      const factor: SecondFactor = /^\s*\d{3}\s?\d{3}\s*$/.test(code) ? { otp: code } : { recoveryCode: code };
      if (!(await this.verify(userId, factor))) throw badRequest([TWO_FACTOR_MESSAGES.wrongCode], { otp: [TWO_FACTOR_MESSAGES.wrongCode] });
      await rateLimiter.release(counterKey);
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
      });
    },

    /** The medic's requirement for his secretaries. */
    async setSecretariesRequired(medicId: number, required: boolean): Promise<void> {
      if (required) await db.insert(secretaryTwoFactorPolicies).values({ medicId }).onConflictDoNothing();
      else await db.delete(secretaryTwoFactorPolicies).where(eq(secretaryTwoFactorPolicies.medicId, medicId));
    },

    // ---- the mfa_token of a sign-in between its password and its second factor

    async issueMfaToken(userId: number, purpose: MfaPurpose): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await db.delete(mfaTokens).where(lt(mfaTokens.expiresAt, at));
      await db.insert(mfaTokens).values({
        tokenHash: sha256(token),
        userId,
        purpose,
        expiresAt: new Date(at.getTime() + TWO_FACTOR_LIMITS.mfaTokenTtlSeconds * 1000),
      });
      return token;
    },

    /** The live mfa_token's user and purpose (unused, unexpired, under its failure limit), or null. */
    async readMfaToken(token: string): Promise<{ userId: number; purpose: MfaPurpose; email: string; type: 'medic' | 'secretary' } | null> {
      const [row] = await db
        .select({ userId: mfaTokens.userId, purpose: mfaTokens.purpose, email: users.email, type: users.type })
        .from(mfaTokens)
        .innerJoin(users, eq(users.id, mfaTokens.userId))
        .where(
          and(
            eq(mfaTokens.tokenHash, sha256(token)),
            isNull(mfaTokens.usedAt),
            gt(mfaTokens.expiresAt, now()),
            lt(mfaTokens.failures, TWO_FACTOR_LIMITS.mfaTokenMaxFailures),
          ),
        );
      return row ? { ...row, purpose: row.purpose as MfaPurpose } : null;
    },

    async mfaTokenFailed(token: string): Promise<void> {
      await db
        .update(mfaTokens)
        .set({ failures: sql`${mfaTokens.failures} + 1` })
        .where(eq(mfaTokens.tokenHash, sha256(token)));
    },

    /** Spends the mfa_token; false when another request spent it first. */
    async spendMfaToken(token: string): Promise<boolean> {
      const spent = await db
        .update(mfaTokens)
        .set({ usedAt: now() })
        .where(and(eq(mfaTokens.tokenHash, sha256(token)), isNull(mfaTokens.usedAt)))
        .returning({ userId: mfaTokens.userId });
      return spent.length === 1;
    },

    /** Confirms an enrolment made at sign-in (purpose 'enrol'): the code of the pending secret, then recovery codes. */
    async confirmAtSignIn(userId: number, code: string): Promise<string[] | null> {
      if (!(await acceptTotp(userId, code, false))) return null;
      return newRecoveryCodes(userId);
    },
  };
}
