/**
 * The authorization records' calls (issue 13; openapi listAuthorizations, updateAuthorization,
 * listAuthorizationAlerts). Reads are tagged results (the screens show their own failed states); the save answers the
 * record and the case as saved, or the server's messages.
 */
import { api } from './client';
import { callApi, type CallResult } from './call';
import { readList, type ReadResult } from './read';
import type { components } from '../../openapi/schema';
import type { AuthorizationPayer } from '../../machines/preoperative/constants';

type Schemas = components['schemas'];
export type AuthorizationRecord = Schemas['AuthorizationRecord'];
export type AuthorizationUpdate = Schemas['AuthorizationUpdate'];
export type AuthorizationSaved = Schemas['AuthorizationSaved'];
export type AuthorizationAlertItem = Schemas['AuthorizationAlertList']['results'][number];

/** GET surgery/{id}/authorizations/: the records of the payers that apply. */
export function listAuthorizations(id: number, signal?: AbortSignal): Promise<ReadResult<AuthorizationRecord[]>> {
  return readList(() => api.GET('/surgery/api/v1/surgery/{id}/authorizations/', { params: { path: { id } }, signal }));
}

/** PUT surgery/{id}/authorizations/{payer}/. */
export function saveAuthorization(id: number, payer: AuthorizationPayer, body: AuthorizationUpdate): Promise<CallResult<AuthorizationSaved>> {
  return callApi(() => api.PUT('/surgery/api/v1/surgery/{id}/authorizations/{payer}/', { params: { path: { id, payer } }, body }));
}

/** GET authorization_alerts/: the visible cases' warnings, soonest first. */
export function listAuthorizationAlerts(signal?: AbortSignal): Promise<ReadResult<AuthorizationAlertItem[]>> {
  return readList(() => api.GET('/surgery/api/v1/authorization_alerts/', { signal }));
}
