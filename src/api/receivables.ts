/**
 * The calls of 'A receber' (issue 14 item 3; openapi listReceivables, exportReceivables, listAppealAlerts) over the
 * one typed client. The list is a tagged read (the page designs its states); the homes' alerts reject on failure
 * (useRetryableRead); the export is the ExportCsvButton's call.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { read, type ReadResult } from './read';

export type ReceivableList = components['schemas']['ReceivableList'];
export type Receivable = ReceivableList['results'][number];
export type AppealAlert = components['schemas']['AppealAlertList']['results'][number];
export type MedicOption = components['schemas']['MedicListItem'];

/** The list's query (the URL's filters; absent = not filtered). */
export type ReceivablesQuery = {
  payer?: string;
  bucket?: 'd0_30' | 'd31_60' | 'd61_90' | 'd90_plus';
  appeals?: boolean;
  medic?: number;
  q?: string;
  as_of?: string;
  page?: number;
};

export function listReceivables(query: ReceivablesQuery, signal?: AbortSignal): Promise<ReadResult<ReceivableList>> {
  return read(() => api.GET('/surgery/api/v1/receivables/', { params: { query }, signal }));
}

/** The CSV of every row with the same filters (no page). */
export function exportReceivables(query: ReceivablesQuery) {
  const { page: _page, ...filters } = query;
  return api.GET('/surgery/api/v1/receivables/export.csv', { params: { query: filters }, parseAs: 'blob' });
}

export async function listAppealAlerts(signal?: AbortSignal): Promise<AppealAlert[]> {
  const { data, response } = await api.GET('/surgery/api/v1/appeal_alerts/', { signal });
  if (!response.ok || !Array.isArray(data?.results)) throw new Error(`listAppealAlerts: ${response.status}`);
  return data.results;
}

/** The secretary's medics, for the 'Médico' filter. */
export async function listReceivableMedics(signal?: AbortSignal): Promise<MedicOption[]> {
  const { data, response } = await api.GET('/project_auth/api/v1/list_medic/', { signal });
  if (!response.ok || !data) throw new Error(`listMedics answered ${response.status}`);
  return data.results;
}
