/**
 * The calls of the medic's 'Auditoria' and of a patient's data-subject archive (issue 16 items 2 and 3; openapi
 * listAudit, listAuditPeople, exportAudit, exportPatientData, listPatients) over the one typed client. The list is a
 * tagged read (the page designs its states); the CSV is the ExportCsvButton's call; the archive is read as a stream
 * so its button can show how much has arrived.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { read, readList, type ReadResult } from './read';

export type AuditList = components['schemas']['AuditList'];
export type AuditEvent = AuditList['results'][number];
export type AuditAction = components['schemas']['AuditAction'];

/** The list's query (the URL's filters; absent = not filtered). */
type AuditQuery = {
  patient?: number;
  actor?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
  page?: number;
};

export function listAudit(query: AuditQuery, signal?: AbortSignal): Promise<ReadResult<AuditList>> {
  return read(() => api.GET('/surgery/api/v1/audit/', { params: { query }, signal }));
}

/** The CSV of every row with the same filters (no page). */
export function exportAudit(query: AuditQuery) {
  const { page: _page, ...filters } = query;
  return api.GET('/surgery/api/v1/audit/export.csv', { params: { query: filters }, parseAs: 'blob' });
}

/** A patient as the audit's filter names them. */
export type AuditPatient = { id: number; nome_completo: string };

/** The 'Paciente' filter's search: the medic's patients by name (the first 20). Rejects on failure. */
export async function searchAuditPatients(text: string, signal: AbortSignal): Promise<AuditPatient[]> {
  const { data, response } = await api.GET('/surgery/api/v1/patient/', {
    params: { query: { ...(text ? { search: text } : {}), limit: 20 } },
    signal,
  });
  if (!response.ok || !data) throw new Error(`listPatients answered ${response.status}`);
  return data.results.map((patient) => ({ id: patient.id, nome_completo: patient.nome_completo }));
}

type AuditPerson = { id: number; name: string; type: 'medic' | 'secretary' };

/**
 * The 'Pessoa' filter: the medic, her secretaries and everyone who ever acted in her audit (a removed secretary
 * too), by name, once, the medic first. Rejects on failure.
 */
export function listAuditPeople(signal: AbortSignal): Promise<ReadResult<AuditPerson[]>> {
  return readList(() => api.GET('/surgery/api/v1/audit/people/', { signal }));
}

/** GET …/patient/{id}/data_export/ as a stream (the ZIP is sent as it is written). */
export function exportPatientData(id: number, signal?: AbortSignal) {
  return api.GET('/surgery/api/v1/patient/{id}/data_export/', { params: { path: { id } }, parseAs: 'stream', signal });
}
