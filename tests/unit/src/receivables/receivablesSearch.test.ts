import { describe, expect, it } from 'vitest';
import { AGING_BUCKETS } from '../../../../machines/ledger/constants';
import { receivablesQuerySchema } from '../../../../machines/ledger/receivablesSchemas';
import { check } from '../../../../machines/validation/problems';
import { validateReceivablesSearch } from '../../../../src/features/receivables/receivablesSearch';

/** What the page read before issue 41: the API's own arktype schema. */
function schemaReading(search: Record<string, unknown>): Record<string, unknown> {
  const raw: Record<string, string> = {};
  for (const key of ['payer', 'bucket', 'appeals', 'medic', 'reason', 'q', 'as_of', 'page']) {
    const value = search[key];
    if (typeof value === 'string') raw[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) raw[key] = String(value);
    else if (value === true) raw[key] = 'true';
  }
  let result = check(receivablesQuerySchema, raw);
  if (!result.ok) {
    for (const field of Object.keys(result.problems.fields)) delete raw[field];
    result = check(receivablesQuerySchema, raw);
  }
  if (!result.ok) return {};
  const value = result.value;
  const out: Record<string, unknown> = {};
  if (value.payer) out.payer = value.payer;
  if (value.bucket) out.bucket = value.bucket;
  if (value.appeals) out.appeals = 1;
  if (value.medic) out.medic = value.medic;
  if (value.reason) out.reason = value.reason;
  if (value.q) out.q = value.q;
  if (value.as_of) out.as_of = value.as_of;
  if (value.page && value.page > 1) out.page = value.page;
  return out;
}

/** /receivables' URL search, read with the server's own rules (machines/ledger/receivablesSchemas.ts), without arktype. */
describe('validateReceivablesSearch', () => {
  it('keeps every valid filter, as the router parses them (numbers, booleans) or as typed (text)', () => {
    expect(
      validateReceivablesSearch({ payer: ' Unimed ', bucket: 'd31_60', appeals: 1, medic: '4', q: 'Maria', as_of: '2026-03-31', page: 3 }),
    ).toEqual({ payer: 'Unimed', bucket: 'd31_60', appeals: 1, medic: 4, q: 'Maria', as_of: '2026-03-31', page: 3 });
    expect(validateReceivablesSearch({ reason: 1310 })).toEqual({ reason: '1310' });
    expect(validateReceivablesSearch({ appeals: true })).toEqual({ appeals: 1 });
  });

  it('drops only the values the rules refuse, and the defaults', () => {
    expect(validateReceivablesSearch({ payer: 'x'.repeat(201), bucket: 'd0_29', appeals: '0', medic: 0, q: 'Ana', as_of: '2026-02-30', page: 1 })).toEqual({
      q: 'Ana',
    });
    expect(validateReceivablesSearch({})).toEqual({});
  });

  it('accepts and drops exactly what the API schema does (issue 41)', () => {
    const texts: unknown[] = [undefined, '', '  ', 'Unimed', ' Unimed ', 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(200), 'x'.repeat(201), 7, true, null];
    const buckets: unknown[] = [undefined, '', 'd0_30 ', 'D0_30', 'd0_29', 30, true, ...AGING_BUCKETS];
    const appeals: unknown[] = [undefined, '', '1', ' true ', 'true', '0', 'false', 0, 1, 2, 'yes', true, false];
    const ids: unknown[] = [undefined, '', '0', '1', ' 7 ', 12, 0, -3, 1.5, '01', 'abc', '2147483647', '2147483648', true];
    const days: unknown[] = [undefined, '', '2026-03-01', ' 2026-03-31 ', '2026-02-30', '2026-3-1', 20260301];
    const pages: unknown[] = [undefined, '', '1', '2', ' 3 ', 2, 0, '100000', '100001', '1000000', '1e3', 2.5, true, 'x'];
    const reasons: unknown[] = [undefined, '', '1310', ' 1402 ', '131', '13100', 'abcd', 1310, 131, true];
    let compared = 0;
    const at = (list: unknown[], n: number) => list[n % list.length];
    for (const payer of texts)
      for (const bucket of buckets)
        for (const appeal of appeals) {
          const n = compared;
          const search = { payer, bucket, appeals: appeal, medic: at(ids, n * 3), reason: at(reasons, n * 13), q: at(texts, n * 5), as_of: at(days, n * 7), page: at(pages, n * 11) };
          expect(validateReceivablesSearch(search), JSON.stringify(search)).toEqual(schemaReading(search));
          compared += 1;
        }
    for (const medic of ids)
      for (const asOf of days)
        for (const page of pages) {
          const search = { medic, as_of: asOf, page };
          expect(validateReceivablesSearch(search), JSON.stringify(search)).toEqual(schemaReading(search));
          compared += 1;
        }
    for (const reason of reasons) {
      const search = { reason };
      expect(validateReceivablesSearch(search), JSON.stringify(search)).toEqual(schemaReading(search));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(2000);
  });
});
