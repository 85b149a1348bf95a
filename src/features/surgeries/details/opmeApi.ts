/**
 * The OPME calls of the authorization step (openapi listOpmeItems, createOpmeItem, updateOpmeItem, deleteOpmeItem;
 * DECISIONS §15). Every write answers the whole list as it left it, with the case's new version.
 */
import type { components } from '../../../../openapi/schema';
import { api } from '../../../api/client';
import { callApi, type CallResult } from '../../../api/call';
import { read, type ReadResult } from '../../../api/read';

export type OpmeList = components['schemas']['OpmeList'];
export type OpmeItem = components['schemas']['OpmeItem'];
type OpmeItemBody = components['schemas']['OpmeItemInput'];

export function listOpme(id: number, signal?: AbortSignal): Promise<ReadResult<OpmeList>> {
  return read(() => api.GET('/surgery/api/v1/surgery/{id}/opme/', { params: { path: { id } }, signal }));
}

export function createOpme(id: number, body: OpmeItemBody): Promise<CallResult<OpmeList>> {
  return callApi(() => api.POST('/surgery/api/v1/surgery/{id}/opme/', { params: { path: { id } }, body }));
}

export function updateOpme(id: number, itemId: number, body: OpmeItemBody): Promise<CallResult<OpmeList>> {
  return callApi(() => api.PUT('/surgery/api/v1/surgery/{id}/opme/{itemId}/', { params: { path: { id, itemId } }, body }));
}

export function deleteOpme(id: number, itemId: number): Promise<CallResult<OpmeList>> {
  return callApi(() => api.DELETE('/surgery/api/v1/surgery/{id}/opme/{itemId}/', { params: { path: { id, itemId } } }));
}
