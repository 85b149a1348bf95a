/**
 * The surgery list's reads (the 'Cirurgias' page and the homes share them): one page of cases and the days of a
 * month with scheduled cases.
 */
import type { CaseStatus } from '../../machines/constants';
import type { components, paths } from '../../openapi/schema';
import { api } from './client';
import { readList, type ReadResult } from './read';

export type Surgery = components['schemas']['Surgery'];

export class RequestFailed extends Error {
  constructor(readonly status: number) {
    super(`request failed with ${status}`);
  }
}

type SurgeryListQuery = {
  /** Null: no status__in (the server lists every stage but concluido, SPEC §4). */
  statuses: readonly CaseStatus[] | null;
  /** yyyy-MM-dd: only cases scheduled that São Paulo day (with is_schedule=true, DECISIONS §11). */
  date: string | null;
  limit: number;
  offset: number;
  /**
   * The list's order (openapi `ordering`): 'schedule' (the server's default: scheduled day, then the last status
   * change) or '-status_changed_at' (the newest status change first, the secretary's 'Alterações de status').
   * Omitted: the server's default.
   */
  ordering?: SurgeryOrdering;
  /** The patient's name or CPF digits (openapi `search`); omitted or '' = no search. */
  search?: string;
  /** Only cases past their stage's target (openapi `overdue`). */
  overdue?: boolean;
  /** Only cases the signed-in user holds (openapi `mine`, 'Minhas pendências'). */
  mine?: boolean;
};

/** openapi listSurgeries `ordering`: each order ascending, or descending with a leading '-'. */
export type SurgeryOrdering = NonNullable<
  NonNullable<paths['/surgery/api/v1/surgery/']['get']['parameters']['query']>['ordering']
>;

type SurgeryPage = {
  results: Surgery[];
  /** Total matching cases, when the server tells it. */
  count: number | null;
  /** A search that matched nothing in the stages asked: how many closed cases it matches (else null). */
  closedCount: number | null;
};

/** The list's filters as query parameters (the list and its CSV export, openapi exportSurgeries, send the same). */
export function surgeryFilterParams(query: Omit<SurgeryListQuery, 'limit' | 'offset'>) {
  return {
    ...(query.statuses !== null && query.statuses.length > 0 ? { status__in: query.statuses.join(',') } : {}),
    ...(query.date !== null ? { is_schedule: true, date: query.date } : {}),
    ...(query.ordering !== undefined ? { ordering: query.ordering } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.overdue ? { overdue: true } : {}),
    ...(query.mine ? { mine: true } : {}),
  };
}

/** GET /surgery/api/v1/surgery/ with the status filter, the optional day and a page window. */
export async function listSurgeries(query: SurgeryListQuery, signal: AbortSignal): Promise<SurgeryPage> {
  const { data, response } = await api.GET('/surgery/api/v1/surgery/', {
    params: { query: { limit: query.limit, offset: query.offset, ...surgeryFilterParams(query) } },
    signal,
  });
  if (!response.ok || !data) throw new RequestFailed(response.status);
  return { results: data.results, count: data.count ?? null, closedCount: data.closed_count ?? null };
}

/** One day of a month with scheduled cases (openapi listScheduleDays). */
type ScheduleDay = { date: string; count: number };

/**
 * GET /surgery/api/v1/schedule_days/?month=yyyy-MM&status__in=…: the days of one São Paulo month that have scheduled
 * cases in those stages, with how many each (the homes' calendar marks a whole month with one request). An empty
 * `statuses` sends no `status__in` (the server then leaves out concluido).
 */
export function listScheduleDays(month: string, statuses: readonly CaseStatus[], signal: AbortSignal): Promise<ReadResult<ScheduleDay[]>> {
  return readList(() =>
    api.GET('/surgery/api/v1/schedule_days/', {
      params: { query: { month, ...(statuses.length > 0 ? { status__in: statuses.join(',') } : {}) } },
      signal,
    }),
  );
}
