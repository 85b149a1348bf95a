/**
 * The lifecycle calls of /surgery-details (SPEC §7; openapi.yaml): update/{id}/, archive_surgery/{id}/,
 * cancel_surgery/{id}/, approvals/{id}/, include_surgery_files/{id}/ and download/{kind}/{id}/. Each answer becomes
 * a tagged result (machines/surgeryLifecycle `MoveResult`) that the lifecycle machine settles and the page shows
 * (SPEC §8): a move's 409 carries the server's message and the actual stage; a 400 (or 413, 404) its `error` list.
 */
import { isCaseStatus, type CaseStatus } from '../../../../machines/constants';
import { api } from '../../../api/client';
import { callDownload } from '../../../api/call';
import { read, type ReadResult } from '../../../api/read';
import { putForm, type UploadProgress } from '../../../api/upload';
import { errorStrings, generalErrorMessages, thrownCallMessage } from '../../../api/errors';
import type { DocumentFiles, MoveResult, UpdateSurgeryBody } from '../../../../machines/surgeryLifecycle/lifecycleRequests';
import type { components } from '../../../../openapi/schema';
import type { LossReasonChoice } from '../../../../machines/preoperative/lossReasons';
import { ptBR } from '../../../lib/i18n/pt-BR';
import type { Surgery } from '../types';

export type Approvals = components['schemas']['Approvals'];
export type TemplateKind = components['schemas']['TemplateKind'];

/** Reads any lifecycle answer (status + parsed body) into a MoveResult. */
export function moveResultOf(status: number, body: unknown): MoveResult {
  if (status >= 200 && status < 300 && typeof body === 'object' && body !== null) {
    return { kind: 'ok', surgery: body as Surgery };
  }
  if (status === 409 && typeof body === 'object' && body !== null) {
    const record = body as { message?: unknown; status?: { actual_status?: unknown } };
    const actual = record.status?.actual_status;
    if (isCaseStatus(actual)) return { kind: 'conflict', message: errorStrings(record.message)[0] ?? '', actual };
  }
  return { kind: 'rejected', status, messages: generalErrorMessages(body) };
}

async function settle(call: () => Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<MoveResult> {
  try {
    const { data, error, response } = await call();
    return moveResultOf(response.status, response.ok ? data : error);
  } catch (error) {
    return { kind: 'offline', message: thrownCallMessage(error) };
  }
}

/** PUT update/{id}/: saves the step's fields and, by `new_status`, stays, advances or goes back (DECISIONS §4). */
export function updateSurgery(id: number, body: UpdateSurgeryBody): Promise<MoveResult> {
  return settle(() => api.PUT('/surgery/api/v1/update/{id}/', { params: { path: { id } }, body }));
}

/** The body of archive and cancel: the version the page shows and, when given, the reason (issue 13). */
function closeBody(version: number, reason: LossReasonChoice | null) {
  return reason ? { version, reason: reason.reason, reason_note: reason.reason_note } : { version };
}

/** PUT archive_surgery/{id}/ ('Arquivar ciclo'), from the case `version` the page shows, with the reason asked. */
export function archiveSurgery(id: number, version: number, reason: LossReasonChoice | null = null): Promise<MoveResult> {
  return settle(() => api.PUT('/surgery/api/v1/archive_surgery/{id}/', { params: { path: { id } }, body: closeBody(version, reason) }));
}

/** PUT cancel_surgery/{id}/ (payment step only), from the case `version` the page shows, with the reason asked. */
export function cancelSurgery(id: number, version: number, reason: LossReasonChoice | null = null): Promise<MoveResult> {
  return settle(() => api.PUT('/surgery/api/v1/cancel_surgery/{id}/', { params: { path: { id } }, body: closeBody(version, reason) }));
}

/** GET approvals/{id}/. */
export function getApprovals(id: number, signal?: AbortSignal): Promise<ReadResult<Approvals>> {
  return read(() => api.GET('/surgery/api/v1/approvals/{id}/', { params: { path: { id } }, signal }));
}

/**
 * GET download/{kind}/{surgeryId}/ with the Bearer header (a new window would not carry the token, openapi.yaml):
 * the filled DOCX as a blob, or the 404's message ('Esse Hospital não tem template', ...).
 */
export function downloadTemplate(kind: TemplateKind, surgeryId: number) {
  return callDownload(
    () => api.GET('/surgery/api/v1/download/{kind}/{surgeryId}/', { params: { path: { kind, surgeryId } }, parseAs: 'blob' }),
    `modelo-${kind}-${surgeryId}.docx`,
  );
}

/**
 * PUT include_surgery_files/{id}/ (multipart: the chosen documents and `new_status`, prep_doc to save or env_doc to
 * advance). Sent with XMLHttpRequest, whose upload events report progress (fetch and openapi-fetch have none), with
 * the session's Bearer token; a 401 is retried once with a refreshed token, as the API client does.
 */
export async function uploadSurgeryFiles(
  id: number,
  version: number,
  files: DocumentFiles,
  newStatus: CaseStatus,
  onProgress: (progress: UploadProgress) => void,
  confirmMissingDocuments = false,
): Promise<MoveResult> {
  const form = new FormData();
  form.append('new_status', newStatus);
  form.append('version', String(version));
  // Issue 13: the user confirmed moving on with required documents missing.
  if (confirmMissingDocuments) form.append('missing_documents_confirmed', 'true');
  for (const [kind, file] of Object.entries(files)) if (file) form.append(kind, file, file.name);
  const url = `/surgery/api/v1/include_surgery_files/${id}/`;
  const answer = await putForm(url, form, onProgress);
  return answer ? moveResultOf(answer.status, answer.body) : { kind: 'offline', message: ptBR.errors.noResponse };
}
