/**
 * The case page's own read, small enough for its route's loader (src/routes/surgery-details.tsx), which starts it
 * beside the page's chunk (src/lib/prefetchedRead.ts).
 */
import { api } from '../../api/client';
import { read, type ReadResult } from '../../api/read';
import type { Surgery } from './types';

/** The case id of the address, or null when it is not a positive integer (then: the case-not-found way out). */
export function surgeryIdParam(raw: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** GET /surgery/api/v1/surgery/{id}/. */
export function getSurgery(id: number, signal?: AbortSignal): Promise<ReadResult<Surgery>> {
  return read(() => api.GET('/surgery/api/v1/surgery/{id}/', { params: { path: { id } }, signal }));
}

/** The key of a case's read in the prefetch slot. */
export const caseReadKey = (id: number) => `surgery:${id}`;
