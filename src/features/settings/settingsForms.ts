/**
 * The four settings forms without React: their values, the payloads they send (SPEC §3) and which toasts an outcome
 * shows (SPEC §8). Their checks are the schemas of machines/account/settingsSchemas.ts, the API's own. Used by the
 * modals and unit-tested.
 */
import type { SettingsForm, SettingsPayload } from '../../../machines/settings/settingsModalMachine';
import { settingsTexts as T } from '../../lib/i18n/settings';

export type NameValues = { first_name: string; last_name: string };
export type NicknameValues = { nickname: string };
export type PasswordValues = { password: string; new_password: string; confirm_password: string };
export type InviteValues = { first_name: string; last_name: string; email: string };

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

type FailureToasts = { error: string | null; warnings: string[] };

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
