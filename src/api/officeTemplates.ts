/**
 * An office's own hospital and plan templates (issue 33 item 10f; openapi getOfficeTemplate, uploadOfficeTemplate,
 * deleteOfficeTemplate, downloadOfficeTemplate), for the 'Documentos exigidos' page. The upload goes through
 * `putForm` (./upload.ts: its progress), the rest through the typed client.
 */
import type { components } from '../../openapi/schema';
import { ptBR } from '../lib/i18n/pt-BR';
import { api } from './client';
import { callApi, callDownload, resultOf, type CallResult } from './call';
import { read, type ReadResult } from './read';
import { putForm } from './upload';

type OfficeTemplate = components['schemas']['OfficeTemplate'];
type Scope = components['schemas']['ChecklistScope'];

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

export function downloadOfficeTemplate(scope: Scope, id: number, medic: number | null) {
  return callDownload(
    () =>
      api.GET('/surgery/api/v1/document_requirements/{scope}/{id}/template/file/', {
        params: { path: { scope, id }, query: medicQuery(medic) },
        parseAs: 'blob',
      }),
    `modelo-${scope}-${id}.docx`,
  );
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
  const answer = await putForm(url, form, ({ loaded, total }) => {
    if (total > 0) onProgress(Math.min(100, Math.round((loaded / total) * 100)));
  });
  return answer ? resultOf(answer.status, answer.body) : { ok: false, status: 0, messages: [ptBR.errors.noResponse], fields: {} };
}
