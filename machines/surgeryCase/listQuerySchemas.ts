import { type } from 'arktype';
import { CASE_STATUSES, type CaseStatus } from '../constants';
import { queryText, searchParam } from '../lookups/schemas';
import { isValidIsoDate } from '../rules/dates';
import { DEFAULT_LIST_STATUSES, SURGERY_PAGE_DEFAULT } from './listDefaults';

export { DEFAULT_LIST_STATUSES } from './listDefaults';

/**
 * The surgery list's and the calendar month's queries (openapi listSurgeries, listScheduleDays): every parameter
 * optional but the month, each with its pt-BR message. Other parameters are ignored.
 */

const SURGERY_PAGE_MAX = 500;

/**
 * The list orders of `ordering`, each ascending or, with a leading '-', descending: the schedule (default;
 * unscheduled last either way), the last status change, or the patient's name.
 */
const SURGERY_ORDERINGS = ['schedule', '-schedule', 'status_changed_at', '-status_changed_at', 'patient', '-patient'] as const;
export type SurgeryOrdering = (typeof SURGERY_ORDERINGS)[number];

const LIST_MESSAGES = {
  unknownStatus: (values: string) => `Etapa desconhecida: ${values.slice(0, 80)}.`,
  invalidDate: 'Data inválida: use o formato aaaa-mm-dd.',
  invalidIsSchedule: 'O filtro is_schedule aceita apenas true ou false.',
  invalidOverdue: 'O filtro overdue aceita apenas true ou false.',
  invalidMine: 'O filtro mine aceita apenas true ou false.',
  invalidLimit: `O limite deve ser um número inteiro de 1 a ${SURGERY_PAGE_MAX}.`,
  invalidOffset: 'O deslocamento (offset) deve ser um número inteiro maior ou igual a zero.',
  unknownOrdering: 'Ordem desconhecida: use schedule, status_changed_at ou patient (com - na frente para inverter).',
  missingMonth: 'Informe o mês (month) no formato aaaa-mm.',
  invalidMonth: 'Mês inválido: use o formato aaaa-mm.',
} as const;

const L = LIST_MESSAGES;

/** `status__in`: a comma list of stage keys, each once; absent or empty: DEFAULT_LIST_STATUSES. */
const statusList = queryText.pipe((raw, ctx): readonly CaseStatus[] | ReturnType<typeof ctx.error> => {
  const parts = raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length === 0) return DEFAULT_LIST_STATUSES;
  const unknown = parts.filter((part) => !CASE_STATUSES.some((status) => status === part));
  if (unknown.length > 0) return ctx.error({ message: L.unknownStatus(unknown.join(', ')) });
  return [...new Set(parts as CaseStatus[])];
});

/** A whole number within [min, max] written in digits; `fallback` when absent or empty. */
function integerParam(min: number, max: number, message: string) {
  return queryText.pipe((raw, ctx) => {
    if (!/^\d{1,9}$/.test(raw)) return ctx.error({ message });
    const value = Number(raw);
    return value >= min && value <= max ? value : ctx.error({ message });
  });
}

/** A true/false filter: 'true' turns it on; '' or 'false' leaves it off; anything else is `message`. */
function flagParam(message: string) {
  return queryText.pipe((raw, ctx) => {
    if (raw === '' || raw === 'false') return false;
    return raw === 'true' ? true : ctx.error({ message });
  });
}

export const surgeryListQuerySchema = type({
  'status__in?': statusList,
  'is_schedule?': queryText.pipe((raw, ctx) => {
    if (raw === '' || raw === 'false') return false;
    return raw === 'true' ? true : ctx.error({ message: L.invalidIsSchedule });
  }),
  /** Only cases past their stage's target (DECISIONS §15). */
  'overdue?': flagParam(L.invalidOverdue),
  /** Only cases the signed-in user holds ('Minhas pendências'). */
  'mine?': flagParam(L.invalidMine),
  'date?': queryText.pipe((raw, ctx) => (raw === '' ? null : isValidIsoDate(raw) ? raw : ctx.error({ message: L.invalidDate }))),
  'ordering?': queryText
    .pipe((raw) => raw || 'schedule')
    .to(type.enumerated(...SURGERY_ORDERINGS).configure({ message: L.unknownOrdering })),
  'search?': searchParam,
  'limit?': queryText.pipe((raw) => raw || String(SURGERY_PAGE_DEFAULT)).to(integerParam(1, SURGERY_PAGE_MAX, L.invalidLimit)),
  'offset?': queryText.pipe((raw) => raw || '0').to(integerParam(0, 999_999_999, L.invalidOffset)),
});

export const scheduleDaysQuerySchema = type({
  month: queryText
    .pipe((raw, ctx) => {
      if (raw === '') return ctx.error({ message: L.missingMonth });
      const match = /^(\d{4})-(\d{2})$/.exec(raw);
      return match && isValidIsoDate(`${raw}-01`) ? raw : ctx.error({ message: L.invalidMonth });
    })
    .configure({ missing: L.missingMonth }),
  'status__in?': statusList,
});

/** The status list's CSV export (openapi exportSurgeries): the list's filters and order, without the page. */
export const surgeryExportQuerySchema = surgeryListQuerySchema.omit('limit', 'offset');
