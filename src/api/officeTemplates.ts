/**
 * An office's own hospital and plan templates (issue 33 item 10f; openapi getOfficeTemplate, uploadOfficeTemplate,
 * deleteOfficeTemplate, downloadOfficeTemplate), for the 'Documentos exigidos' page. The upload goes through
 * XMLHttpRequest, whose upload events report progress (fetch has none), with the session's Bearer token and one retry
 * after a refreshed token, as the API client does; the rest goes through the typed client.
 */
import type { components } from '../../openapi/schema';
import { ptBR } from '../lib/i18n/pt-BR';
import { attachmentName } from '../lib/download';
import { api, bearer } from './client';
import { callApi, resultOf, type CallResult } from './call';
import { generalErrorMessages, thrownCallMessage } from './errors';
import { read, type ReadResult } from './read';

type OfficeTemplate = components['schemas']['OfficeTemplate'];
type Scope = components['schemas']['ChecklistScope'];

type TemplateFile = { kind: 'ok'; blob: Blob; filename: string } | { kind: 'failed'; status: number | null; messages: string[] };

const medicQuery = (medic: number | null) => (medic === null ? {} : { medic });
const path = (scope: Scope, id: number) => `/surgery/api/v1/document_requirements/${scope}/${id}/template/`;

export function getOfficeTemplate(scope: Scope, id: number, medic: number | null, signal?: AbortSignal): Promise<ReadResult<OfficeTemplate>> {
  return read(() =>
    api.GET('/surgery/api/v1/document_requirements/{scope}/{id}/template/', { params: { path: { scope, id }, query: medicQuery(medic) }, signal }),
  );
}

export function removeOfficeTemplate(scope: Scope, id: number, medic: number | null): Promise<CallResult<OfficeTemplate>> {
  return callApi(() =>
    api.DELETE('/surgery/api/v1/document_requirements/{scope}/{id}/template/', { params: { path: { scope, id }, query: medicQuery(medic) } }),
  );
}

export async function downloadOfficeTemplate(scope: Scope, id: number, medic: number | null): Promise<TemplateFile> {
  try {
    const { data, error, response } = await api.GET('/surgery/api/v1/document_requirements/{scope}/{id}/template/file/', {
      params: { path: { scope, id }, query: medicQuery(medic) },
      parseAs: 'blob',
    });
    if (response.ok && data instanceof Blob) {
      return { kind: 'ok', blob: data, filename: attachmentName(response.headers.get('Content-Disposition'), `modelo-${scope}-${id}.docx`) };
    }
    let body: unknown = error;
    if (error instanceof Blob) {
      try {
        body = JSON.parse(await error.text()) as unknown;
      } catch {
        body = null;
      }
    }
    return { kind: 'failed', status: response.status, messages: generalErrorMessages(body) };
  } catch (error) {
    return { kind: 'failed', status: null, messages: [thrownCallMessage(error)] };
  }
}

function jsonOrNull(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function sendOnce(url: string, form: FormData, token: string | null, onProgress: (percent: number) => void) {
  return new Promise<{ status: number; body: unknown } | null>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => resolve({ status: request.status, body: jsonOrNull(request.responseText) });
    request.onerror = () => resolve(null);
    request.onabort = () => resolve(null);
    request.send(form);
  });
}

/** PUT …/template/ with the file as `file`; `onProgress` gets the percentage sent. */
export async function uploadOfficeTemplate(
  scope: Scope,
  id: number,
  medic: number | null,
  file: File,
  onProgress: (percent: number) => void,
): Promise<CallResult<OfficeTemplate>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const url = `${path(scope, id)}${medic === null ? '' : `?medic=${medic}`}`;
  const token = bearer.current();
  let answer = await sendOnce(url, form, token, onProgress);
  if (answer?.status === 401 && token) {
    const retryToken = await bearer.forRetry(token);
    if (retryToken) answer = await sendOnce(url, form, retryToken, onProgress);
  }
  return answer ? resultOf(answer.status, answer.body) : { ok: false, status: 0, messages: [ptBR.errors.noResponse], fields: {} };
}
