/**
 * The calls of the surgeries feature (SPEC §7), over the one typed client. Searches throw on failure (the search
 * selects show their error state); page reads return a tagged result so each screen designs its own states.
 */
import type { CaseStatus } from '../../../machines/constants';
import type { paths } from '../../../openapi/schema';
import { api } from '../../api/client';
import { thrownCallMessage } from '../../api/errors';
import { read, type ReadResult } from '../../api/read';
import type { Cid, CreateSurgeryBody, Hospital, Patient, Procedure, Surgery } from './types';

class RequestFailed extends Error {
  constructor(readonly status: number) {
    super(`request failed with ${status}`);
  }
}

function resultsOrThrow<T>(answer: { data?: { results: T[] }; response: Response }): T[] {
  if (!answer.response.ok || !answer.data) throw new RequestFailed(answer.response.status);
  return answer.data.results;
}

/** GET /surgery/api/v1/patient/?search= (by name or CPF digits). */
export async function searchPatients(text: string, signal: AbortSignal): Promise<Patient[]> {
  return resultsOrThrow(await api.GET('/surgery/api/v1/patient/', { params: { query: { search: text } }, signal }));
}

export async function searchProcedures(text: string, signal: AbortSignal): Promise<Procedure[]> {
  const query = text ? { search: text } : {};
  return resultsOrThrow(await api.GET('/surgery/api/v1/procedure/', { params: { query }, signal }));
}

export async function searchCids(text: string, signal: AbortSignal): Promise<Cid[]> {
  const query = text ? { search: text } : {};
  return resultsOrThrow(await api.GET('/surgery/api/v1/cid/', { params: { query }, signal }));
}

export async function searchHospitals(text: string, signal: AbortSignal): Promise<Hospital[]> {
  const query = text ? { search: text } : {};
  return resultsOrThrow(await api.GET('/surgery/api/v1/hospital/', { params: { query }, signal }));
}

/** GET /surgery/api/v1/patient/{id}/. */
export function getPatient(id: number, signal?: AbortSignal): Promise<ReadResult<Patient>> {
  return read(() => api.GET('/surgery/api/v1/patient/{id}/', { params: { path: { id } }, signal }));
}

/** GET /surgery/api/v1/surgery/{id}/. */
export function getSurgery(id: number, signal?: AbortSignal): Promise<ReadResult<Surgery>> {
  return read(() => api.GET('/surgery/api/v1/surgery/{id}/', { params: { path: { id } }, signal }));
}

export type SurgeryListQuery = {
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
};

/** openapi listSurgeries `ordering`: each order ascending, or descending with a leading '-'. */
export type SurgeryOrdering = NonNullable<
  NonNullable<paths['/surgery/api/v1/surgery/']['get']['parameters']['query']>['ordering']
>;

export type SurgeryPage = {
  results: Surgery[];
  /** Total matching cases, when the server tells it. */
  count: number | null;
};

/** GET /surgery/api/v1/surgery/ with the status filter, the optional day and a page window. */
export async function listSurgeries(query: SurgeryListQuery, signal: AbortSignal): Promise<SurgeryPage> {
  const { data, response } = await api.GET('/surgery/api/v1/surgery/', {
    params: {
      query: {
        limit: query.limit,
        offset: query.offset,
        ...(query.statuses !== null && query.statuses.length > 0 ? { status__in: query.statuses.join(',') } : {}),
        ...(query.date !== null ? { is_schedule: true, date: query.date } : {}),
        ...(query.ordering !== undefined ? { ordering: query.ordering } : {}),
        ...(query.search ? { search: query.search } : {}),
      },
    },
    signal,
  });
  if (!response.ok || !data) throw new RequestFailed(response.status);
  return { results: data.results, count: data.count ?? null };
}

/** One day of a month with scheduled cases (openapi listScheduleDays). */
export type ScheduleDay = { date: string; count: number };

/**
 * GET /surgery/api/v1/schedule_days/?month=yyyy-MM&status__in=…: the days of one São Paulo month that have scheduled
 * cases in those stages, with how many each (the homes' calendar marks a whole month with one request). An empty
 * `statuses` sends no `status__in` (the server then leaves out concluido). Throws on failure.
 */
export async function listScheduleDays(
  month: string,
  statuses: readonly CaseStatus[],
  signal: AbortSignal,
): Promise<ScheduleDay[]> {
  const { data, response } = await api.GET('/surgery/api/v1/schedule_days/', {
    params: { query: { month, ...(statuses.length > 0 ? { status__in: statuses.join(',') } : {}) } },
    signal,
  });
  if (!response.ok || !data) throw new RequestFailed(response.status);
  return data.results;
}

export type CreateResult =
  | { kind: 'created'; id: number }
  | { kind: 'rejected'; status: number; body: unknown }
  | { kind: 'offline'; message: string };

/** POST /surgery/api/v1/create_surgery/. */
export async function createSurgery(body: CreateSurgeryBody): Promise<CreateResult> {
  try {
    const { data, error, response } = await api.POST('/surgery/api/v1/create_surgery/', { body });
    if (response.ok && data) return { kind: 'created', id: data.id };
    return { kind: 'rejected', status: response.status, body: error };
  } catch (error) {
    return { kind: 'offline', message: thrownCallMessage(error) };
  }
}
