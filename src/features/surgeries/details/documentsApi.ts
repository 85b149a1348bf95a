/**
 * The patient's documents already sent for another case of the same patient (issue 33 #10d; openapi
 * listReusableDocuments, reuseDocument), over the one typed client: the list read when the documents step opens, and
 * the copy, which answers the case as the server left it (or the messages to show).
 */
import type { components } from '../../../../openapi/schema';
import { api } from '../../../api/client';
import { callApi, type CallResult } from '../../../api/call';
import { read, type ReadResult } from '../../../api/read';
import type { Surgery } from '../types';

export type ReusableDocument = components['schemas']['ReusableDocument'];
type ReuseBody = components['schemas']['ReuseDocument'];

export function listReusableDocuments(id: number, signal?: AbortSignal): Promise<ReadResult<{ results: ReusableDocument[] }>> {
  return read(() => api.GET('/surgery/api/v1/surgery/{id}/reusable_documents/', { params: { path: { id } }, signal }));
}

export function reuseDocument(id: number, body: ReuseBody): Promise<CallResult<Surgery>> {
  return callApi(() => api.POST('/surgery/api/v1/surgery/{id}/reuse_document/', { params: { path: { id } }, body }));
}

export type DocumentFile = Surgery['document_files'][number];
type NamedDocumentForm = components['schemas']['NamedDocumentForm'];
/** Issue 33 #10c: a file for the named document `name` of the case's checklist (openapi attachNamedDocument). */
export function attachNamedDocument(id: number, name: string, file: File): Promise<CallResult<Surgery>> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, file.name || 'arquivo');
  // openapi-fetch passes FormData through untouched (the browser sets the multipart boundary).
  const body = form as unknown as NamedDocumentForm;
  return callApi(() => api.POST('/surgery/api/v1/surgery/{id}/named_documents/', { params: { path: { id } }, body }));
}

/** Issue 33 #10b: one stored file out of the case (openapi deleteSurgeryDocumentFile). */
export function removeDocumentFile(id: number, fileId: number): Promise<CallResult<Surgery>> {
  return callApi(() => api.DELETE('/surgery/api/v1/surgery/{id}/document_files/{fileId}/', { params: { path: { id, fileId } } }));
}
