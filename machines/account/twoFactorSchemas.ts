import { type } from 'arktype';
import { anyBoolean } from '../validation/fields';

/**
 * The two-factor sign-in bodies (issue 35 item 3; docs/SECURITY.md "Two-factor sign-in"): confirming an enrolment,
 * disabling it, and the medic's requirement for his secretaries. Shared by the server and the settings forms. The code
 * is `otp`, as in the token endpoint's mfa-otp grant (`code` is taken in SPEC §8's error body).
 */
const TWO_FACTOR_FIELD_MESSAGES = {
  codeRequired: 'Informe o código do aplicativo autenticador.',
  codeFormat: 'O código tem 6 dígitos.',
  codeOrRecoveryRequired: 'Informe o código do aplicativo autenticador ou um código de recuperação.',
  passwordRequired: 'Informe a senha atual.',
  requiredMissing: 'Informe se a verificação em duas etapas é exigida (required).',
} as const;
const M = TWO_FACTOR_FIELD_MESSAGES;

/** Six digits, spaces around or in the middle allowed (`123 456`, as some apps show it); the output has none. */
const totpCode = type('string')
  .configure({ message: M.codeFormat, missing: M.codeRequired })
  .narrow((value, ctx) => {
    const digits = value.replace(/\s/g, '');
    if (digits === '') return ctx.reject({ message: M.codeRequired });
    return /^\d{6}$/.test(digits) || ctx.reject({ message: M.codeFormat });
  })
  .pipe((value) => value.replace(/\s/g, ''));

/** A TOTP code or a recovery code (`k7m2p-x9qr4`), trimmed. */
const codeOrRecovery = type('string')
  .configure({ message: M.codeOrRecoveryRequired, missing: M.codeOrRecoveryRequired })
  .narrow((value, ctx) => (value.trim() !== '' && value.length <= 64) || ctx.reject({ message: M.codeOrRecoveryRequired }))
  .pipe((value) => value.trim());

/** POST /project_auth/api/v1/two_factor/confirm/ (openapi TwoFactorConfirm). */
export const twoFactorConfirmSchema = type({ otp: totpCode });

/** POST /project_auth/api/v1/two_factor/disable/ (openapi TwoFactorDisable). */
export const twoFactorDisableSchema = type({
  password: type('string > 0').configure({ message: M.passwordRequired, missing: M.passwordRequired }),
  otp: codeOrRecovery,
});

/** PUT /project_auth/api/v1/two_factor/secretaries/ (openapi TwoFactorSecretaries). */
export const twoFactorSecretariesSchema = type({ required: anyBoolean.configure({ missing: M.requiredMissing }) });

export type TwoFactorConfirmInput = typeof twoFactorConfirmSchema.infer;
export type TwoFactorDisableInput = typeof twoFactorDisableSchema.infer;
export type TwoFactorSecretariesInput = typeof twoFactorSecretariesSchema.infer;
