/**
 * The cases handed to the signed-in user (issue 33 item 13; openapi listCaseHandovers, dismissCaseHandover) over the
 * one typed client. The list rejects on failure (useRetryableRead); dismissing answers whether the server agreed.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';

export type CaseHandover = components['schemas']['CaseHandover'];

export async function listCaseHandovers(signal?: AbortSignal): Promise<CaseHandover[]> {
  const { data, response } = await api.GET('/surgery/api/v1/handovers/', { signal });
  if (!response.ok || !Array.isArray(data?.results)) throw new Error(`listCaseHandovers: ${response.status}`);
  return data.results;
}

export async function dismissCaseHandover(id: number): Promise<boolean> {
  const { response } = await api.POST('/surgery/api/v1/handovers/{id}/dismiss/', { params: { path: { id } } });
  return response.ok;
}
