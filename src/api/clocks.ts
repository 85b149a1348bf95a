/**
 * The clocks' and holders' calls (issue 13 item 4; openapi getStageTargets, updateStageTargets, listSurgeryHolders,
 * updateSurgeryHolder).
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { generalErrorMessages } from './errors';
import { read, type ReadResult } from './read';

export type StageTargets = components['schemas']['StageTargets'];
export type HolderOption = components['schemas']['SurgeryHolderOption'];
type Surgery = components['schemas']['Surgery'];

/** What a write answered: the value, or the server's pt-BR messages (none: a failure without words). */
type WriteResult<T> = { kind: 'ok'; value: T } | { kind: 'failed'; status: number; messages: string[] };

async function written<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<WriteResult<T>> {
  try {
    const { data, error, response } = await call();
    if (response.ok && data !== undefined) return { kind: 'ok', value: data };
    return { kind: 'failed', status: response.status, messages: generalErrorMessages(error) };
  } catch {
    return { kind: 'failed', status: 0, messages: [] };
  }
}

/** GET stage_targets/ (the signed-in medic's). */
export function getStageTargets(signal?: AbortSignal): Promise<ReadResult<StageTargets>> {
  return read(() => api.GET('/project_auth/api/v1/stage_targets/', { signal }));
}

/** PUT stage_targets/ with all seven targets. */
export function saveStageTargets(targets: StageTargets): Promise<WriteResult<StageTargets>> {
  return written(() => api.PUT('/project_auth/api/v1/stage_targets/', { body: targets }));
}

/** GET surgery/{id}/holders/: the case's medic, then his linked secretaries. */
export async function listHolders(id: number, signal?: AbortSignal): Promise<HolderOption[]> {
  const result = await read(() => api.GET('/surgery/api/v1/surgery/{id}/holders/', { params: { path: { id } }, signal }));
  // A body without the list (the contract guarantees it) is a failed read, not a broken screen.
  if (result.kind !== 'ok' || !Array.isArray(result.value?.results)) throw new Error('holders: read failed');
  return result.value.results;
}

/** PUT surgery/{id}/holder/: answers the case with its new holder (and version). */
export function reassignHolder(id: number, holder: number): Promise<WriteResult<Surgery>> {
  return written(() => api.PUT('/surgery/api/v1/surgery/{id}/holder/', { params: { path: { id } }, body: { holder } }));
}

export type SurgeryHistoryEntry = components['schemas']['SurgeryHistoryEntry'];

/** GET surgery/{id}/history/: the case's timeline, newest first (issue 33 item 7). Rejects for a failed read. */
export async function getSurgeryHistory(id: number, signal?: AbortSignal): Promise<SurgeryHistoryEntry[]> {
  const result = await read(() => api.GET('/surgery/api/v1/surgery/{id}/history/', { params: { path: { id } }, signal }));
  if (result.kind !== 'ok' || !Array.isArray(result.value?.results)) throw new Error('history: read failed');
  return result.value.results;
}
