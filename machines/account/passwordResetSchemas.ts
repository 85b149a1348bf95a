import { type } from 'arktype';
import { ACCOUNT_FIELD_MESSAGES as M, accountEmail, newPassword, passwordConfirmation } from './fields';

/**
 * 'Esqueci minha senha' (issue 35 item 1): the e-mail that asks for a link, and the new password the link's page
 * sets, under the signup's password rule (./fields.ts `newPassword`, machines/rules/account.ts).
 */

/** POST /project_auth/api/v1/password_reset/ (openapi PasswordResetRequest). */
export const passwordResetRequestSchema = type({ email: accountEmail });

const newPasswordField = { new_password: newPassword(M.newPasswordRequired) };

/** POST /project_auth/api/v1/password_reset/{token} (openapi PasswordResetConfirm). */
export const passwordResetSchema = type(newPasswordField);

/** The page's form: the new password and its repetition, which is never sent. */
export const passwordResetForm = type({ ...newPasswordField, confirm_password: passwordConfirmation }).narrow(
  (value, ctx) => value.confirm_password === value.new_password || ctx.reject({ path: ['confirm_password'], message: M.passwordsDiffer }),
);
