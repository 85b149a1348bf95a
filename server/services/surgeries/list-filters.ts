import { CASE_STATUSES, type CaseStatus } from '../../../machines/constants';
import { badRequest } from '../../http/errors';
import { readSearchParam } from '../lookups/search-filter';
import { saoPauloDayBounds, saoPauloMonthBounds } from '../sao-paulo-time';

/** Page size of the surgery list: default and ceiling (a practice can hold thousands of cases). */
export const SURGERY_PAGE_DEFAULT = 100;
export const SURGERY_PAGE_MAX = 500;

/** Without `status__in`, every stage but concluido (SPEC §4: the cleared filter). */
export const DEFAULT_LIST_STATUSES: readonly CaseStatus[] = CASE_STATUSES.filter((status) => status !== 'concluido');

/**
 * The list orders of `ordering` (openapi listSurgeries), each ascending or, with a leading '-', descending: the
 * schedule (default; unscheduled last either way), the last status change, or the patient's name.
 */
export const SURGERY_ORDERINGS = [
  'schedule',
  '-schedule',
  'status_changed_at',
  '-status_changed_at',
  'patient',
  '-patient',
] as const;
export type SurgeryOrdering = (typeof SURGERY_ORDERINGS)[number];

export const LIST_MESSAGES = {
  unknownStatus: (value: string) => `Etapa desconhecida: ${value}.`,
  invalidDate: 'Data inválida: use o formato aaaa-mm-dd.',
  invalidIsSchedule: 'O filtro is_schedule aceita apenas true ou false.',
  invalidLimit: `O limite deve ser um número inteiro de 1 a ${SURGERY_PAGE_MAX}.`,
  invalidOffset: 'O deslocamento (offset) deve ser um número inteiro maior ou igual a zero.',
  repeated: 'Parâmetro repetido na consulta.',
  unknownOrdering: 'Ordem desconhecida: use schedule, status_changed_at ou patient (com - na frente para inverter).',
  missingMonth: 'Informe o mês (month) no formato aaaa-mm.',
  invalidMonth: 'Mês inválido: use o formato aaaa-mm.',
} as const;

export type SurgeryListFilters = {
  statuses: readonly CaseStatus[];
  /** Only cases with a schedule. */
  scheduledOnly: boolean;
  /** Only cases scheduled within `[start, end)` (one São Paulo day). */
  day: { start: Date; end: Date } | null;
  limit: number;
  offset: number;
  ordering: SurgeryOrdering;
  /** The patient's name (every word, case- and accent-insensitive) or CPF digits; '' = no search. */
  search: string;
};

export type ScheduleDaysFilters = {
  /** The month asked for, `yyyy-MM`. */
  month: string;
  statuses: readonly CaseStatus[];
  /** The instants the São Paulo month spans, `[start, end)`. */
  bounds: { start: Date; end: Date };
};

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest([LIST_MESSAGES.repeated]);
  return value.trim();
}

function readStatuses(raw: string | undefined): readonly CaseStatus[] {
  if (raw === undefined || raw === '') return DEFAULT_LIST_STATUSES;
  const parts = raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length === 0) return DEFAULT_LIST_STATUSES;
  const unknown = parts.filter((part) => !(CASE_STATUSES as readonly string[]).includes(part));
  if (unknown.length > 0) throw badRequest(unknown.map((part) => LIST_MESSAGES.unknownStatus(part.slice(0, 40))));
  return [...new Set(parts as CaseStatus[])];
}

function readOrdering(raw: string | undefined): SurgeryOrdering {
  if (raw === undefined || raw === '') return 'schedule';
  if (!(SURGERY_ORDERINGS as readonly string[]).includes(raw)) throw badRequest([LIST_MESSAGES.unknownOrdering]);
  return raw as SurgeryOrdering;
}

function readInteger(raw: string | undefined, fallback: number, min: number, max: number, message: string): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw badRequest([message]);
  const value = Number(raw);
  if (value < min || value > max) throw badRequest([message]);
  return value;
}

function querySource(query: unknown): Record<string, unknown> {
  return (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
}

/**
 * The query of GET /surgery/api/v1/surgery/ (openapi listSurgeries): `status__in` (comma list,
 * empty = default), `is_schedule` (true/false), `date` (yyyy-MM-dd, São Paulo), `ordering`
 * (SURGERY_ORDERINGS), `search` (patient name or CPF, at most 100 characters), `limit` (1..500,
 * default 100) and `offset`. Anything unreadable: 400 with a pt-BR message.
 */
export function readSurgeryListFilters(query: unknown): SurgeryListFilters {
  const source = querySource(query);
  const isSchedule = single(source, 'is_schedule');
  if (isSchedule !== undefined && isSchedule !== '' && isSchedule !== 'true' && isSchedule !== 'false') {
    throw badRequest([LIST_MESSAGES.invalidIsSchedule]);
  }
  const date = single(source, 'date');
  let day: SurgeryListFilters['day'] = null;
  if (date !== undefined && date !== '') {
    day = saoPauloDayBounds(date);
    if (!day) throw badRequest([LIST_MESSAGES.invalidDate]);
  }
  return {
    statuses: readStatuses(single(source, 'status__in')),
    scheduledOnly: isSchedule === 'true',
    day,
    limit: readInteger(single(source, 'limit'), SURGERY_PAGE_DEFAULT, 1, SURGERY_PAGE_MAX, LIST_MESSAGES.invalidLimit),
    offset: readInteger(single(source, 'offset'), 0, 0, 999_999_999, LIST_MESSAGES.invalidOffset),
    ordering: readOrdering(single(source, 'ordering')),
    search: readSearchParam(source.search),
  };
}

/**
 * The query of GET /surgery/api/v1/schedule_days/ (openapi listScheduleDays): `month` (yyyy-MM,
 * required) and `status__in` read exactly as the list reads it. Anything unreadable: 400 in pt-BR.
 */
export function readScheduleDaysFilters(query: unknown): ScheduleDaysFilters {
  const source = querySource(query);
  const month = single(source, 'month');
  const statuses = readStatuses(single(source, 'status__in'));
  if (month === undefined || month === '') throw badRequest([LIST_MESSAGES.missingMonth]);
  const bounds = saoPauloMonthBounds(month);
  if (!bounds) throw badRequest([LIST_MESSAGES.invalidMonth]);
  return { month, statuses, bounds };
}
