/**
 * The signed-in devices' IO (issue 35 item 4): GET devices/, DELETE devices/{id}/ and devices/others/.
 */
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { read, type ReadResult } from '../../api/read';

export type Device = components['schemas']['Device'];

/** GET /project_auth/api/v1/devices/: this device first, then the most recently used. */
export async function listDevices(signal?: AbortSignal): Promise<ReadResult<Device[]>> {
  const result = await read(() => api.GET('/project_auth/api/v1/devices/', { signal }));
  return result.kind === 'ok' ? { kind: 'ok', value: result.value.results } : result;
}

/** Ends one sign-in (`id`) or every other one; true when the server did (204). */
export async function endDevices(which: { id: string } | 'others'): Promise<boolean> {
  try {
    const { response } =
      which === 'others'
        ? await api.DELETE('/project_auth/api/v1/devices/others/')
        : await api.DELETE('/project_auth/api/v1/devices/{id}/', { params: { path: { id: which.id } } });
    return response.ok;
  } catch {
    return false;
  }
}
