/**
 * The real IO of /settings (STYLE §3): the `sendSettingsForm` actor supplied to machines/settings/settingsModalMachine
 * with `.provide`, and the read and the removal the page needs (SPEC §7: GET/PUT settings/, change_password/,
 * create_secretary/, remove_secretary/{id}).
 */
import { fromPromise } from 'xstate';
import type { components } from '../../../openapi/schema';
import { SettingsSendError, type SettingsPayload } from '../../../machines/settings/settingsModalMachine';
import { api } from '../../api/client';
import { callApi, type CallResult } from '../../api/call';
import { generalErrorMessages } from '../../api/errors';
import { read, type ReadResult } from '../../api/read';
import { reloadProfileFromServer } from '../../lib/session/session';

export type Settings = components['schemas']['Settings'];
export type LinkedPerson = Settings['secretary_set'][number];
export type PendingInvite = Settings['invite_set'][number];

/**
 * Whether an answer has what the page shows (names, e-mail, the people list). The contract guarantees it; a body that
 * breaks it is treated as a failed read instead of breaking the screen.
 */
export function isSettingsShape(value: unknown): value is Settings {
  if (typeof value !== 'object' || value === null) return false;
  const { first_name, last_name, email, secretary_set, invite_set } = value as Record<string, unknown>;
  return (
    typeof first_name === 'string' &&
    typeof last_name === 'string' &&
    typeof email === 'string' &&
    Array.isArray(secretary_set) &&
    Array.isArray(invite_set)
  );
}

/** GET /project_auth/api/v1/settings/. */
export async function getSettings(signal?: AbortSignal): Promise<ReadResult<Settings>> {
  const result = await read(() => api.GET('/project_auth/api/v1/settings/', { signal }));
  return result.kind === 'ok' && !isSettingsShape(result.value) ? { kind: 'error' } : result;
}

type Answer = { error?: unknown; response: Response };

/** The call of one modal. */
function callFor(payload: SettingsPayload, signal?: AbortSignal): Promise<Answer> {
  switch (payload.form) {
    case 'name':
      return api.PUT('/project_auth/api/v1/settings/', {
        body: { first_name: payload.first_name, last_name: payload.last_name },
        signal,
      });
    case 'nickname':
      return api.PUT('/project_auth/api/v1/settings/', { body: { nickname: payload.nickname }, signal });
    case 'password':
      return api.POST('/project_auth/api/v1/change_password/', {
        body: { password: payload.password, new_password: payload.new_password },
        signal,
      });
    case 'invite':
      return api.POST('/project_auth/api/v1/create_secretary/', {
        body: { first_name: payload.first_name, last_name: payload.last_name, email: payload.email },
        signal,
      });
  }
}

/**
 * Sends one settings modal. A refusal rejects with a SettingsSendError carrying the server's messages (SPEC §8 error
 * list; none for a network failure). After a name or nickname change the session's profile is re-read, so the
 * greeting and the header follow (DECISIONS §14) (the profile is the server's, not a copy patched here).
 */
export async function sendSettings(payload: SettingsPayload, signal?: AbortSignal): Promise<void> {
  let answer: Answer;
  try {
    answer = await callFor(payload, signal);
  } catch {
    throw new SettingsSendError([]);
  }
  if (!answer.response.ok) throw new SettingsSendError(generalErrorMessages(answer.error));
  if (payload.form === 'name' || payload.form === 'nickname') await reloadProfileFromServer();
}

/** The machine's `sendSettingsForm` actor. */
export const sendSettingsForm = fromPromise<void, SettingsPayload>(({ input, signal }) => sendSettings(input, signal));

/**
 * DELETE /project_auth/api/v1/remove_secretary/{id}: true when the link is gone (204). The profile is re-read, so a
 * medic left without a secretary gets the registration menu back (DECISIONS §13).
 */
export async function removeSecretary(id: number): Promise<boolean> {
  try {
    const { response } = await api.DELETE('/project_auth/api/v1/remove_secretary/{id}', { params: { path: { id } } });
    if (response.ok) await reloadProfileFromServer();
    return response.ok;
  } catch {
    return false;
  }
}

/** POST resend_invite/{id}: a new link e-mailed, the old one void (429 past the send limit, with its message). */
export function resendInvite(id: number): Promise<CallResult<unknown>> {
  return callApi(() => api.POST('/project_auth/api/v1/resend_invite/{id}', { params: { path: { id } } }));
}

/** DELETE cancel_invite/{id}: the invite and its link are gone (204). */
export function cancelInvite(id: number): Promise<CallResult<unknown>> {
  return callApi(() => api.DELETE('/project_auth/api/v1/cancel_invite/{id}', { params: { path: { id } } }));
}
