/** The dashboard read (SPEC §7), shared by the doctor home ('Resumo', 'Distribuição por etapa') and /all-data. */
import type { components } from '../../openapi/schema';
import type { DashboardSearch } from '../lib/dashboard/period';
import { api } from './client';
import { read, type ReadResult } from './read';

export type Dashboard = components['schemas']['Dashboard'];
export type DashboardFigures = Dashboard['data'];
export type DashboardMoney = Dashboard['money'];

/** GET /surgery/api/v1/dashboard/ (no query: all time, as the homes read it). */
export function getDashboard(signal?: AbortSignal, query: DashboardSearch = {}): Promise<ReadResult<Dashboard>> {
  return read(() => api.GET('/surgery/api/v1/dashboard/', { signal, params: { query } }));
}

/** GET /surgery/api/v1/dashboard/export.csv of the same period, as a blob (ExportCsvButton). */
export function exportDashboard(query: DashboardSearch) {
  return api.GET('/surgery/api/v1/dashboard/export.csv', { params: { query }, parseAs: 'blob' });
}
