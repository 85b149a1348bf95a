/**
 * The cases handed to the signed-in user (issue 33 item 13; openapi listCaseHandovers, dismissCaseHandover) over the
 * one typed client. The list is a tagged read (src/lib/useRead.ts); dismissing answers whether the server agreed.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { readList, type ReadResult } from './read';

export type CaseHandover = components['schemas']['CaseHandover'];

export function listCaseHandovers(signal?: AbortSignal): Promise<ReadResult<CaseHandover[]>> {
  return readList(() => api.GET('/surgery/api/v1/handovers/', { signal }));
}

export async function dismissCaseHandover(id: number): Promise<boolean> {
  const { response } = await api.POST('/surgery/api/v1/handovers/{id}/dismiss/', { params: { path: { id } } });
  return response.ok;
}
