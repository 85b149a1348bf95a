/**
 * The clocks' and holders' calls (issue 13 item 4; openapi getStageTargets, updateStageTargets, listSurgeryHolders,
 * updateSurgeryHolder).
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { callApi, type CallResult } from './call';
import { read, readList, type ReadResult } from './read';

export type StageTargets = components['schemas']['StageTargets'];
export type HolderOption = components['schemas']['SurgeryHolderOption'];
type Surgery = components['schemas']['Surgery'];

/** GET stage_targets/ (the signed-in medic's). */
export function getStageTargets(signal?: AbortSignal): Promise<ReadResult<StageTargets>> {
  return read(() => api.GET('/project_auth/api/v1/stage_targets/', { signal }));
}

/** PUT stage_targets/ with all seven targets. */
export function saveStageTargets(targets: StageTargets): Promise<CallResult<StageTargets>> {
  return callApi(() => api.PUT('/project_auth/api/v1/stage_targets/', { body: targets }));
}

/** GET surgery/{id}/holders/: the case's medic, then his linked secretaries. */
export function listHolders(id: number, signal?: AbortSignal): Promise<ReadResult<HolderOption[]>> {
  return readList(() => api.GET('/surgery/api/v1/surgery/{id}/holders/', { params: { path: { id } }, signal }));
}

/** PUT surgery/{id}/holder/: answers the case with its new holder (and version). */
export function reassignHolder(id: number, holder: number): Promise<CallResult<Surgery>> {
  return callApi(() => api.PUT('/surgery/api/v1/surgery/{id}/holder/', { params: { path: { id } }, body: { holder } }));
}

export type SurgeryHistoryEntry = components['schemas']['SurgeryHistoryEntry'];

/** GET surgery/{id}/history/: the case's timeline, newest first (issue 33 item 7). */
export function getSurgeryHistory(id: number, signal?: AbortSignal): Promise<ReadResult<SurgeryHistoryEntry[]>> {
  return readList(() => api.GET('/surgery/api/v1/surgery/{id}/history/', { params: { path: { id } }, signal }));
}
