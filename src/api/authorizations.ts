/**
 * The authorization records' calls (issue 13; openapi listAuthorizations, updateAuthorization,
 * listAuthorizationAlerts). Reads reject on failure (the screens show their own failed states); the save answers a
 * tagged result like the lifecycle's moves: the record and the case as saved, or the server's messages.
 */
import { api } from './client';
import { generalErrorMessages, thrownCallMessage } from './errors';
import type { components } from '../../openapi/schema';
import type { AuthorizationPayer } from '../../machines/preoperative/constants';

type Schemas = components['schemas'];
export type AuthorizationRecord = Schemas['AuthorizationRecord'];
export type AuthorizationUpdate = Schemas['AuthorizationUpdate'];
export type AuthorizationSaved = Schemas['AuthorizationSaved'];
export type AuthorizationAlertItem = Schemas['AuthorizationAlertList']['results'][number];

type SaveAuthorizationResult =
  | { kind: 'ok'; saved: AuthorizationSaved }
  | { kind: 'rejected'; status: number; messages: string[]; fields: Record<string, string[]> }
  | { kind: 'offline'; message: string };

/** GET surgery/{id}/authorizations/: the records of the payers that apply. */
export async function listAuthorizations(id: number, signal?: AbortSignal): Promise<AuthorizationRecord[]> {
  const { data, response } = await api.GET('/surgery/api/v1/surgery/{id}/authorizations/', { params: { path: { id } }, signal });
  if (!response.ok || !Array.isArray(data?.results)) throw new Error(`listAuthorizations: ${response.status}`);
  return data.results;
}

/** The field messages of a 400 body (`{ error, field: [...] }`). */
function fieldMessages(body: unknown): Record<string, string[]> {
  if (!body || typeof body !== 'object') return {};
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'error' && Array.isArray(value)) fields[key] = value.filter((item): item is string => typeof item === 'string');
  }
  return fields;
}

/** PUT surgery/{id}/authorizations/{payer}/. */
export async function saveAuthorization(id: number, payer: AuthorizationPayer, body: AuthorizationUpdate): Promise<SaveAuthorizationResult> {
  try {
    const { data, error, response } = await api.PUT('/surgery/api/v1/surgery/{id}/authorizations/{payer}/', {
      params: { path: { id, payer } },
      body,
    });
    if (response.ok && data) return { kind: 'ok', saved: data };
    const problem = error as unknown;
    return { kind: 'rejected', status: response.status, messages: generalErrorMessages(problem), fields: fieldMessages(problem) };
  } catch (error) {
    return { kind: 'offline', message: thrownCallMessage(error) };
  }
}

/** GET authorization_alerts/: the visible cases' warnings, soonest first. */
export async function listAuthorizationAlerts(signal?: AbortSignal): Promise<AuthorizationAlertItem[]> {
  const { data, response } = await api.GET('/surgery/api/v1/authorization_alerts/', { signal });
  if (!response.ok || !Array.isArray(data?.results)) throw new Error(`listAuthorizationAlerts: ${response.status}`);
  return data.results;
}
