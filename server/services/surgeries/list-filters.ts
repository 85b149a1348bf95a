import type { CaseStatus } from '../../../machines/constants';
import { DEFAULT_LIST_STATUSES, SURGERY_PAGE_DEFAULT } from '../../../machines/surgeryCase/listDefaults';
import type { scheduleDaysQuerySchema, SurgeryOrdering, surgeryListQuerySchema } from '../../../machines/surgeryCase/listQuerySchemas';
import { saoPauloDayBounds, saoPauloMonthBounds } from '../sao-paulo-time';

/** A surgery list's filters, from its query (checked by machines/surgeryCase/listQuerySchemas.ts). */
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
  /** Only cases past their stage's target (DECISIONS §15). */
  overdue: boolean;
  /** Only cases the signed-in user holds ('Minhas pendências'). */
  mine: boolean;
};

export function listFiltersOf(query: typeof surgeryListQuerySchema.infer): SurgeryListFilters {
  return {
    statuses: query.status__in ?? DEFAULT_LIST_STATUSES,
    scheduledOnly: query.is_schedule ?? false,
    day: query.date ? saoPauloDayBounds(query.date) : null,
    limit: query.limit ?? SURGERY_PAGE_DEFAULT,
    offset: query.offset ?? 0,
    ordering: query.ordering ?? 'schedule',
    search: query.search ?? '',
    overdue: query.overdue ?? false,
    mine: query.mine ?? false,
  };
}

/** The calendar month's filters: the month, the stages and the instants the São Paulo month spans, `[start, end)`. */
export function scheduleDaysFiltersOf(query: typeof scheduleDaysQuerySchema.infer) {
  const bounds = saoPauloMonthBounds(query.month);
  if (!bounds) throw new Error('schedule days: month checked but unreadable');
  return { month: query.month, statuses: query.status__in ?? DEFAULT_LIST_STATUSES, bounds };
}
