/**
 * The URL search of the two surgery lists (/surgery-status and the secretary home's 'Alterações de status'), read by
 * each route's `validateSearch`, so filters, search and order survive a reload, the browser's back and the way back
 * from a case (issue 11, item 6). Only values that differ from the page's defaults are written, so an untouched list
 * keeps a clean URL.
 *
 * - `status`: the chosen stages, comma-separated; absent = the seven active stages (SPEC §4 default); '' (present but
 *   empty) = the filter cleared (no `status__in`: every stage but concluido).
 * - `q`: the patient's name or CPF (the server's `search`).
 * - `sort`: one of LIST_SORTS (the server's `ordering`); absent = the page's default order.
 * - `day`: a yyyy-MM-dd day (the list's scheduled day on /surgery-status, the calendar's day on the home).
 * - `stage` (/surgery-status only): the one stage a home panel opened the list with (its filter then hidden).
 * - `overdue`, `mine` (/surgery-status only; issue 13): 'Atrasados' and 'Minhas pendências', written `1` when on.
 */
import { ACTIVE_STATUSES, isCaseStatus, type CaseStatus } from '../../../machines/stages';
import type { SurgeryOrdering } from '../../api/surgeryList';

export const LIST_SORTS = [
  'schedule',
  '-schedule',
  '-status_changed_at',
  'status_changed_at',
  'patient',
  '-patient',
] as const satisfies readonly SurgeryOrdering[];

/** Longest search the server takes (openapi listSurgeries `search`). */
export const LIST_SEARCH_MAX = 100;

type SurgeryListSearch = {
  status?: string;
  q?: string;
  sort?: SurgeryOrdering;
};

export type SurgeryStatusSearch = SurgeryListSearch & { day?: string; stage?: CaseStatus; overdue?: 1; mine?: 1 };

/** A filter switched on in the URL: `1` (or `true`, as a person might type it). */
const isOn = (value: unknown) => value === 1 || value === '1' || value === true || value === 'true';
export type HomeSearch = SurgeryListSearch & { day?: string };

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A real calendar day written yyyy-MM-dd, or undefined. */
function readDay(value: unknown): string | undefined {
  const day = text(value);
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, date));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === date ? day : undefined;
}

/** The stage list of `status`: unknown stages dropped, repeats once; '' stays '' (the cleared filter). */
function readStatus(value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const stages = [...new Set(raw.split(',').map((part) => part.trim()).filter(isCaseStatus))];
  if (raw.trim() !== '' && stages.length === 0) return undefined;
  return stages.join(',');
}

/** The part of a URL search both lists share; anything unreadable is dropped (the page's default applies). */
function readListSearch(search: Record<string, unknown>): SurgeryListSearch {
  const out: SurgeryListSearch = {};
  const status = readStatus(search.status);
  if (status !== undefined) out.status = status;
  const q = text(search.q)?.slice(0, LIST_SEARCH_MAX);
  if (q && q.trim() !== '') out.q = q;
  const sort = text(search.sort);
  if (sort && (LIST_SORTS as readonly string[]).includes(sort)) out.sort = sort as SurgeryOrdering;
  return out;
}

export function validateSurgeryStatusSearch(search: Record<string, unknown>): SurgeryStatusSearch {
  const out: SurgeryStatusSearch = readListSearch(search);
  const day = readDay(search.day);
  if (day) out.day = day;
  if (isCaseStatus(search.stage)) out.stage = search.stage;
  if (isOn(search.overdue)) out.overdue = 1;
  if (isOn(search.mine)) out.mine = 1;
  return out;
}

export function validateHomeSearch(search: Record<string, unknown>): HomeSearch {
  const out: HomeSearch = readListSearch(search);
  const day = readDay(search.day);
  if (day) out.day = day;
  return out;
}

/** The stages the filter shows as chosen for `status` (absent: the seven active stages). */
export function selectedStages(status: string | undefined): string[] {
  if (status === undefined) return [...ACTIVE_STATUSES];
  return status === '' ? [] : status.split(',');
}

/** `status` for the chosen stages: undefined when they are exactly the default (so the URL stays clean). */
export function statusParam(selected: readonly string[]): string | undefined {
  const stages = selected.filter(isCaseStatus);
  const isDefault = stages.length === ACTIVE_STATUSES.length && ACTIVE_STATUSES.every((stage) => stages.includes(stage));
  return isDefault ? undefined : stages.join(',');
}

/** The list's `status__in` for the chosen stages: null when none (the server's default). */
export function statusesOf(selected: readonly string[]): CaseStatus[] | null {
  const stages = selected.filter(isCaseStatus);
  return stages.length > 0 ? stages : null;
}
