/**
 * The patient's documents already sent for another case of the same patient (issue 33 #10d; openapi
 * listReusableDocuments, reuseDocument), over the one typed client: the list read when the documents step opens, and
 * the copy, which answers the case as the server left it (or the messages to show).
 */
import type { components } from '../../../../openapi/schema';
import { api } from '../../../api/client';
import { generalErrorMessages, thrownCallMessage } from '../../../api/errors';
import { read, type ReadResult } from '../../../api/read';
import type { Surgery } from '../types';

export type ReusableDocument = components['schemas']['ReusableDocument'];
type ReuseBody = components['schemas']['ReuseDocument'];

export function listReusableDocuments(id: number, signal?: AbortSignal): Promise<ReadResult<{ results: ReusableDocument[] }>> {
  return read(() => api.GET('/surgery/api/v1/surgery/{id}/reusable_documents/', { params: { path: { id } }, signal }));
}

export async function reuseDocument(id: number, body: ReuseBody): Promise<{ kind: 'ok'; surgery: Surgery } | { kind: 'failed'; messages: string[] }> {
  try {
    const { data, error, response } = await api.POST('/surgery/api/v1/surgery/{id}/reuse_document/', { params: { path: { id } }, body });
    if (response.ok && data !== undefined) return { kind: 'ok', surgery: data };
    return { kind: 'failed', messages: generalErrorMessages(error) };
  } catch (error) {
    return { kind: 'failed', messages: [thrownCallMessage(error)] };
  }
}
