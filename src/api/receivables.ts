/**
 * The calls of 'A receber' (issue 14 item 3; openapi listReceivables, exportReceivables, listAppealAlerts) over the
 * one typed client. The reads are tagged results (each screen designs its states, src/lib/useRead.ts); the export is
 * the ExportCsvButton's call.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { read, readList, type ReadResult } from './read';

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

export function listAppealAlerts(signal?: AbortSignal): Promise<ReadResult<AppealAlert[]>> {
  return readList(() => api.GET('/surgery/api/v1/appeal_alerts/', { signal }));
}
