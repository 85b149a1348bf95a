import { describe, expect, it } from 'vitest';
import { validateAuditSearch } from '../../../../src/features/audit/auditSearch';

/** /audit's URL search, read with the server's own query schema (machines/audit/auditSchemas.ts). */
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
