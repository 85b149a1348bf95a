/**
 * The URL search of /audit (routes/audit validateSearch): the filters and the page, read with the server's own rules
 * (machines/audit/auditSchemas.ts) written without arktype, so the page shows its list without loading it (issue 41);
 * tests/unit compares both on the same values. A value the rules refuse is dropped (the page's default applies), as
 * is an inverted period's end; defaults are not written, so an untouched list keeps a clean URL.
 */
import { AUDIT_ACTIONS, periodProblem } from '../../../machines/audit/constants';
import { isValidIsoDate } from '../../../machines/rules/dates';
import { int4OfText, pageOfText } from '../../../machines/validation/queryValues';
import type { AuditAction } from '../../api/audit';

export type AuditSearch = {
  patient?: number;
  actor?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
  page?: number;
};

/** The URL's value of a key as the query's text (the router parses numbers), or undefined. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  const patient = textOf(search.patient);
  const actor = textOf(search.actor);
  const action = textOf(search.action);
  const from = textOf(search.from);
  const to = textOf(search.to);
  const page = textOf(search.page);
  const patientId = patient ? int4OfText(patient) : null;
  if (patientId) out.patient = patientId;
  const actorId = actor ? int4OfText(actor) : null;
  if (actorId) out.actor = actorId;
  const known = AUDIT_ACTIONS.find((value) => value === action);
  if (known) out.action = known;
  if (from && isValidIsoDate(from)) out.from = from;
  if (to && isValidIsoDate(to) && !periodProblem({ from: out.from ?? null, to })) out.to = to;
  const pageNumber = page === undefined ? null : pageOfText(page);
  if (pageNumber && pageNumber > 1) out.page = pageNumber;
  return out;
}
