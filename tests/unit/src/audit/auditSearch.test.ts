import { describe, expect, it } from 'vitest';
import { auditQuerySchema, periodProblem } from '../../../../machines/audit/auditSchemas';
import { AUDIT_ACTIONS } from '../../../../machines/audit/constants';
import { check } from '../../../../machines/validation/problems';
import { validateAuditSearch } from '../../../../src/features/audit/auditSearch';

/** /audit's URL search, read with the server's own rules (machines/audit/auditSchemas.ts), without arktype. */
describe('validateAuditSearch', () => {
  it('keeps every valid filter, as the router parses them (numbers) or as typed (text)', () => {
    expect(validateAuditSearch({ patient: 12, actor: '3', action: 'update', from: '2026-03-01', to: '2026-03-31', page: 2 })).toEqual({
      patient: 12,
      actor: 3,
      action: 'update',
      from: '2026-03-01',
      to: '2026-03-31',
      page: 2,
    });
  });

  it('drops only the values the schema refuses, and keeps the rest', () => {
    expect(validateAuditSearch({ patient: 'abc', actor: 0, action: 'erase', from: '2026-02-30', to: '2026-03-31', page: 'x' })).toEqual({
      to: '2026-03-31',
    });
  });

  it("drops an inverted period's end, and the default page and unknown keys", () => {
    expect(validateAuditSearch({ from: '2026-03-31', to: '2026-03-01', page: 1, q: 'Maria' })).toEqual({ from: '2026-03-31' });
  });

  it('is empty for an untouched URL', () => {
    expect(validateAuditSearch({})).toEqual({});
  });
});

/** What the page read before issue 41: the API's own arktype schema, then the period's rule. */
function schemaReading(search: Record<string, unknown>): Record<string, unknown> {
  const raw: Record<string, string> = {};
  for (const key of ['patient', 'actor', 'action', 'from', 'to', 'page']) {
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
  const out: Record<string, unknown> = {};
  if (value.patient) out.patient = value.patient;
  if (value.actor) out.actor = value.actor;
  if (value.action) out.action = value.action;
  if (value.from) out.from = value.from;
  if (value.to && !periodProblem({ from: value.from ?? null, to: value.to })) out.to = value.to;
  if (value.page && value.page > 1) out.page = value.page;
  return out;
}

describe('validateAuditSearch without arktype (issue 41)', () => {
  const ids: unknown[] = [undefined, '', ' ', '0', '1', ' 7 ', 12, 0, -3, 1.5, '01', 'abc', '2147483647', '2147483648', 2147483648, true, null, ['1']];
  const actions: unknown[] = [undefined, '', 'update', ' update ', 'UPDATE', 'erase', 1, ...AUDIT_ACTIONS];
  const days: unknown[] = [undefined, '', '2026-03-01', ' 2026-03-31 ', '2026-02-30', '2026-3-1', '01/03/2026', 20260301, '2025-12-31'];
  const pages: unknown[] = [undefined, '', '1', '2', ' 3 ', 2, 0, '0', '100000', '100001', '999999', '1000000', '1e3', 2.5, -1, 'x'];

  it('accepts and drops exactly what the API schema does', () => {
    let compared = 0;
    for (const patient of ids)
      for (const action of actions) {
        const search = { patient, actor: ids[(compared * 7) % ids.length], action, page: pages[compared % pages.length] };
        expect(validateAuditSearch(search), JSON.stringify(search)).toEqual(schemaReading(search));
        compared += 1;
      }
    for (const from of days)
      for (const to of days)
        for (const page of pages) {
          const search = { from, to, page };
          expect(validateAuditSearch(search), JSON.stringify(search)).toEqual(schemaReading(search));
          compared += 1;
        }
    expect(compared).toBeGreaterThan(1000);
  });
});
