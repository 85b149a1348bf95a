import { type } from 'arktype';
import { anyString } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { ACCOUNT_FIELD_MESSAGES as M, accountEmail, firstName, lastName, newPassword, nickname } from './fields';

/**
 * The account's settings schemas (SPEC §2 Settings, §3): the four modals' forms and the bodies of PUT settings/,
 * POST change_password/ and POST create_secretary/, built from the same fields.
 *
 * A cross-field rule runs only once every field of its schema is well-formed (arktype checks the object after its
 * keys): a form shows it after the other mistakes are fixed.
 */

export const SETTINGS_MESSAGES = {
  nameOrNickname: 'Envie o nome e o sobrenome, ou o apelido.',
  namesTogether: 'Envie o nome e o sobrenome juntos.',
  readOnly: (label: string) => `O campo ${label} não pode ser alterado.`,
} as const;

type Reject = { reject: (problem: { path?: string[]; message: string }) => false };

/** 'Atualizar Nome do Perfil': both names. */
export const settingsNameSchema = type({ first_name: firstName, last_name: lastName });

/** 'Atualizar perfil': the nickname (empty: none). */
export const settingsNicknameSchema = type({ nickname });

const SETTINGS_KEYS = new Set(['first_name', 'last_name', 'nickname']);
/** Settings the user sees but cannot change here, with their pt-BR labels. */
const READ_ONLY_LABELS: Record<string, string> = {
  email: 'E-mail',
  crm: 'CRM',
  image: 'Imagem',
  secretary_set: 'Secretárias',
  invite_set: 'Convites',
};

/**
 * Refuses what PUT settings/ cannot save, so a misspelt field never passes as a save: a read-only or unknown field,
 * nothing to save, one name without the other.
 */
function savesNamesOrNickname(value: object, ctx: Reject): boolean {
  let ok = true;
  for (const key of Object.keys(value)) {
    if (SETTINGS_KEYS.has(key)) continue;
    const label = Object.hasOwn(READ_ONLY_LABELS, key) ? READ_ONLY_LABELS[key] : undefined;
    ok = ctx.reject({ message: label ? SETTINGS_MESSAGES.readOnly(label) : VALIDATION_MESSAGES.unknownField(key) });
  }
  const hasFirst = 'first_name' in value;
  const hasLast = 'last_name' in value;
  if (!hasFirst && !hasLast && !('nickname' in value)) ok = ctx.reject({ message: SETTINGS_MESSAGES.nameOrNickname });
  if (hasFirst !== hasLast) ok = ctx.reject({ message: SETTINGS_MESSAGES.namesTogether });
  return ok;
}

/**
 * PUT /project_auth/api/v1/settings/ (openapi SettingsUpdate): `first_name` and `last_name` together and/or
 * `nickname`. Any other key is refused by the object rule, which runs after the fields are well-formed.
 */
export const settingsUpdateSchema = type({
  'first_name?': firstName,
  'last_name?': lastName,
  'nickname?': nickname,
}).narrow(savesNamesOrNickname);

const currentPassword = type('string > 0').configure({ message: M.currentPasswordRequired, missing: M.currentPasswordRequired });

type PasswordChange = { password: string; new_password: string };

/** The new password differs from the current one (as the KDF sees them: NFKC). */
function changesPassword(value: PasswordChange, ctx: Reject): boolean {
  const same = value.password.normalize('NFKC') === value.new_password.normalize('NFKC');
  return !same || ctx.reject({ path: ['new_password'], message: M.newPasswordSame });
}

const passwordChangeFields = { password: currentPassword, new_password: newPassword(M.newPasswordRequired) };

/** POST /project_auth/api/v1/change_password/ (openapi ChangePassword). */
export const changePasswordSchema = type(passwordChangeFields).narrow(changesPassword);

/** 'Atualizar a senha': the body's fields and the new password repeated (SPEC §5), which is never sent. */
export const changePasswordForm = type({ ...passwordChangeFields, confirm_password: anyString }).narrow((value, ctx) => {
  const changed = changesPassword(value, ctx);
  const confirmed = value.confirm_password === value.new_password || ctx.reject({ path: ['confirm_password'], message: M.passwordsDiffer });
  return changed && confirmed;
});

/** POST /project_auth/api/v1/create_secretary/ (openapi CreateSecretary) and 'Adicionar uma pessoa a sua conta'. */
export const createSecretarySchema = type({ first_name: firstName, last_name: lastName, email: accountEmail });
