/**
 * The URL search of /audit (routes/audit validateSearch): the filters and the page, read with the server's own query
 * schema (machines/audit/auditSchemas.ts), so the screen and the API accept the same values. A value the schema
 * refuses is dropped (the page's default applies), as is an inverted period's end; defaults are not written, so an
 * untouched list keeps a clean URL.
 */
import { auditQuerySchema, periodProblem } from '../../../machines/audit/auditSchemas';
import { check } from '../../../machines/validation/problems';
import type { AuditAction } from '../../api/audit';

export type AuditSearch = {
  patient?: number;
  actor?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
  page?: number;
};

const AUDIT_SEARCH_KEYS = ['patient', 'actor', 'action', 'from', 'to', 'page'] as const;

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const raw: Record<string, string> = {};
  for (const key of AUDIT_SEARCH_KEYS) {
    const value = search[key];
    if (typeof value === 'string') raw[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) raw[key] = String(value);
  }
  let result = check(auditQuerySchema, raw);
  if (!result.ok) {
    for (const field of Object.keys(result.problems.fields)) delete raw[field];
    result = check(auditQuerySchema, raw);
  }
  if (!result.ok) return {};
  const value = result.value;
  const out: AuditSearch = {};
  if (value.patient) out.patient = value.patient;
  if (value.actor) out.actor = value.actor;
  if (value.action) out.action = value.action;
  if (value.from) out.from = value.from;
  if (value.to && !periodProblem({ from: value.from ?? null, to: value.to })) out.to = value.to;
  if (value.page && value.page > 1) out.page = value.page;
  return out;
}

