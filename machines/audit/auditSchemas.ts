import { type } from 'arktype';
import { queryText } from '../lookups/schemas';
import { isValidIsoDate } from '../rules/dates';
import { int4OfText, pageOfText } from '../validation/queryValues';
import { AUDIT_ACTIONS, AUDIT_MESSAGES, type AuditAction } from './constants';

// The messages and the period's rule live in ./constants (no arktype): the screen reads its URL with them (issue 41).
export { AUDIT_MESSAGES, AUDIT_PAGE_SIZE, periodProblem } from './constants';

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
  'page?': queryText.pipe((raw, ctx) => pageOfText(raw) ?? ctx.error({ message: M.invalidPage })),
});

export type AuditQuery = typeof auditQuerySchema.infer;

export const auditExportQuerySchema = auditQuerySchema.omit('page');

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
