/**
 * The four settings forms without React: their values, the client-side checks (each problem on its field, pt-BR),
 * the payloads they send (SPEC §3) and which toasts an outcome shows (SPEC §8). Used by the modals and unit-tested.
 */
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { SettingsForm, SettingsPayload } from '../../../machines/settings/settingsModalMachine';
import { isWellFormedEmail, passwordProblems } from '../../../machines/rules/account';
import { settingsTexts as T } from '../../lib/i18n/settings';

/** The contract's limit for names and nicknames (SettingsUpdate). */
export const NAME_MAX_LENGTH = 150;

export type NameValues = { first_name: string; last_name: string };
export type NicknameValues = { nickname: string };
export type PasswordValues = { password: string; new_password: string; confirm_password: string };
export type InviteValues = { first_name: string; last_name: string; email: string };

type Problems<T> = Partial<Record<keyof T & string, string>>;

function blank(value: string): boolean {
  return value.trim() === '';
}

function nameProblem(value: string, required: string): string | undefined {
  if (blank(value)) return required;
  return [...value.trim()].length > NAME_MAX_LENGTH ? T.validation.nameTooLong : undefined;
}

function withoutEmpty<T>(problems: Problems<T>): Problems<T> {
  return Object.fromEntries(Object.entries(problems).filter(([, message]) => message)) as Problems<T>;
}

export function nameProblems(values: NameValues): Problems<NameValues> {
  return withoutEmpty({
    first_name: nameProblem(values.first_name, T.validation.firstNameRequired),
    last_name: nameProblem(values.last_name, T.validation.lastNameRequired),
  });
}

export function nicknameProblems(values: NicknameValues): Problems<NicknameValues> {
  return withoutEmpty({
    nickname: [...values.nickname.trim()].length > NAME_MAX_LENGTH ? T.validation.nameTooLong : undefined,
  });
}

/** Current password given; the new one follows the account policy and differs from it; the confirmation matches. */
export function passwordFormProblems(values: PasswordValues): Problems<PasswordValues> {
  const { password, new_password, confirm_password } = values;
  let newProblem: string | undefined;
  if (new_password === '') newProblem = T.validation.newPasswordRequired;
  else newProblem = passwordProblems(new_password)[0] ?? (new_password === password ? T.validation.newPasswordSame : undefined);
  return withoutEmpty({
    password: password === '' ? T.validation.currentPasswordRequired : undefined,
    new_password: newProblem,
    confirm_password: confirm_password !== new_password ? T.validation.passwordsDiffer : undefined,
  });
}

export function inviteProblems(values: InviteValues): Problems<InviteValues> {
  let email: string | undefined;
  if (blank(values.email)) email = T.validation.emailRequired;
  else if (!isWellFormedEmail(values.email)) email = T.validation.emailInvalid;
  return withoutEmpty({
    first_name: nameProblem(values.first_name, T.validation.firstNameRequired),
    last_name: nameProblem(values.last_name, T.validation.lastNameRequired),
    email,
  });
}

/** A react-hook-form resolver over one of the problem functions above (the rules exist once). */
export function problemsResolver<T extends FieldValues>(problemsOf: (values: T) => Problems<T>): Resolver<T> {
  return async (values) => {
    const problems = problemsOf(values);
    const entries = Object.entries(problems) as Array<[string, string]>;
    if (entries.length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of entries) errors[field] = { type: 'rule', message };
    return { values: {}, errors: errors as never };
  };
}

export function namePayload(values: NameValues): SettingsPayload {
  return { form: 'name', first_name: values.first_name.trim(), last_name: values.last_name.trim() };
}

/** An empty nickname is sent as null (the server stores no nickname then). */
export function nicknamePayload(values: NicknameValues): SettingsPayload {
  const nickname = values.nickname.trim();
  return { form: 'nickname', nickname: nickname === '' ? null : nickname };
}

export function passwordPayload(values: PasswordValues): SettingsPayload {
  return { form: 'password', password: values.password, new_password: values.new_password };
}

export function invitePayload(values: InviteValues): SettingsPayload {
  return {
    form: 'invite',
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim().toLowerCase(),
  };
}

/** SPEC §8: 'Enviado com sucesso!' for the invite, 'Atualizado com sucesso!' for the rest. */
export function successToast(form: SettingsForm): string {
  return form === 'invite' ? T.toasts.sent : T.toasts.updated;
}

export type FailureToasts = { error: string | null; warnings: string[] };

/**
 * SPEC §8 on a failed send. Password: the server's text when it gave one (each as a warning), else 'Ocorreu uma falha
 * no envio!'. Name and nickname: 'Ocorreu uma falha no envio!'. Invite: 'Ocorreu uma falha no envio!', followed by
 * the server's reason when it gave one (e.g. the person is already linked), since that modal closes either way.
 */
export function failureToasts(form: SettingsForm, messages: readonly string[]): FailureToasts {
  if (form === 'password') {
    return messages.length > 0 ? { error: null, warnings: [...messages] } : { error: T.toasts.failed, warnings: [] };
  }
  if (form === 'invite') return { error: T.toasts.failed, warnings: [...messages] };
  return { error: T.toasts.failed, warnings: [] };
}
