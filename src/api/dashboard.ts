/** The dashboard read (SPEC §7), shared by the doctor home ('Resumo', 'Distribuição por etapa') and /all-data. */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { read, type ReadResult } from './read';

export type Dashboard = components['schemas']['Dashboard'];
export type DashboardFigures = Dashboard['data'];

/** GET /surgery/api/v1/dashboard/. */
export function getDashboard(signal?: AbortSignal): Promise<ReadResult<Dashboard>> {
  return read(() => api.GET('/surgery/api/v1/dashboard/', { signal }));
}
