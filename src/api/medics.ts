/** The medics a secretary works for (openapi listMedic), over the one typed client, as a tagged read. */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { readList, type ReadResult } from './read';

export type MedicItem = components['schemas']['MedicListItem'];

/** GET /project_auth/api/v1/list_medic/: a secretary's medics (for a medic, himself). */
export function listMedics(signal?: AbortSignal): Promise<ReadResult<MedicItem[]>> {
  return readList(() => api.GET('/project_auth/api/v1/list_medic/', { signal }));
}
