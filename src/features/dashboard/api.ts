/** The dashboard read (SPEC §7), shared by the doctor home ('Resumo', 'Distribuição por etapa') and /all-data. */
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { read, type ReadResult } from '../../api/read';

export type Dashboard = components['schemas']['Dashboard'];
export type DashboardFigures = Dashboard['data'];
export type DashboardGraphs = Dashboard['dash_graph'];

/** GET /surgery/api/v1/dashboard/. */
export function getDashboard(signal?: AbortSignal): Promise<ReadResult<Dashboard>> {
  return read(() => api.GET('/surgery/api/v1/dashboard/', { signal }));
}
