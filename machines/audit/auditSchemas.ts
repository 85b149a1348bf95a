import { type } from 'arktype';
import { queryText } from '../lookups/schemas';
import { isValidIsoDate } from '../rules/dates';
import { int4OfText } from '../validation/fields';
import { AUDIT_ACTIONS, type AuditAction } from './constants';

/**
 * The medic's audit (issue 16 item 2; openapi listAudit, exportAudit): the query of the list and of its CSV export,
 * checked by the server and by the screen's filters, with the same pt-BR messages. Every parameter is optional.
 *
 * - `patient`: one patient's id: the rows that name them (a list page that showed them included).
 * - `actor`: who acted (a user id: the medic, a secretary, a former secretary).
 * - `action`: one of AUDIT_ACTIONS.
 * - `from`, `to`: São Paulo days, yyyy-MM-dd, both included.
 * - `page`: 1-based page of AUDIT_PAGE_SIZE rows, newest first (the export has no page: every row).
 */
export const AUDIT_PAGE_SIZE = 50;
const MAX_PAGE = 100_000;

export const AUDIT_MESSAGES = {
  invalidPatient: 'Paciente inválido.',
  invalidActor: 'Pessoa inválida.',
  invalidAction: `Ação inválida: use ${AUDIT_ACTIONS.join(', ')}.`,
  invalidFrom: 'Data inicial inválida: use o formato aaaa-mm-dd.',
  invalidTo: 'Data final inválida: use o formato aaaa-mm-dd.',
  invertedPeriod: 'A data inicial deve ser anterior ou igual à data final.',
  invalidPage: `A página deve ser um número inteiro de 1 a ${MAX_PAGE}.`,
} as const;

const M = AUDIT_MESSAGES;

const idParam = (message: string) => queryText.pipe((raw, ctx) => (raw === '' ? null : (int4OfText(raw) ?? ctx.error({ message }))));
const dayParam = (message: string) => queryText.pipe((raw, ctx) => (raw === '' ? null : isValidIsoDate(raw) ? raw : ctx.error({ message })));

export const auditQuerySchema = type({
  'patient?': idParam(M.invalidPatient),
  'actor?': idParam(M.invalidActor),
  'action?': queryText
    .pipe((raw) => raw || null)
    .to(type.enumerated(...AUDIT_ACTIONS, null).configure({ message: M.invalidAction })),
  'from?': dayParam(M.invalidFrom),
  'to?': dayParam(M.invalidTo),
  'page?': queryText.pipe((raw, ctx) => {
    if (raw === '') return 1;
    const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
    return page >= 1 && page <= MAX_PAGE ? page : ctx.error({ message: M.invalidPage });
  }),
});

export type AuditQuery = typeof auditQuerySchema.infer;

export const auditExportQuerySchema = auditQuerySchema.omit('page');

/** The period's own rule, checked after the schema (a schema-level narrow would hide its fields from the contract test). */
export function periodProblem(filters: { from: string | null; to: string | null }): string | null {
  return filters.from && filters.to && filters.from > filters.to ? M.invertedPeriod : null;
}

export type AuditFilters = {
  patient: number | null;
  actor: number | null;
  action: AuditAction | null;
  from: string | null;
  to: string | null;
  page: number;
};

export function auditFiltersOf(query: Partial<AuditQuery>): AuditFilters {
  return {
    patient: query.patient ?? null,
    actor: query.actor ?? null,
    action: query.action ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    page: query.page ?? 1,
  };
}
