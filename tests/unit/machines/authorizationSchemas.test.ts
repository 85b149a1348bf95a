import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_MESSAGES as M, authorizationSchema } from '../../../machines/preoperative/authorizationSchemas';
import { check } from '../../../machines/validation/problems';

const TODAY = '2026-11-27';
const schema = authorizationSchema(TODAY);
const body = (over: Record<string, unknown> = {}) => ({
  status: 'aprovada',
  requested_on: '2026-11-10',
  protocol: ' 123456 ',
  password: 'ABC-99',
  decided_on: '2026-11-20',
  valid_until: '2026-12-20',
  notes: '',
  ...over,
});

function problems(input: unknown) {
  const result = check(schema, input);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('authorizationSchema', () => {
  it('a full approved record: trimmed texts, blank notes null', () => {
    const result = check(schema, body({ version: 3 }));
    expect(result).toEqual({
      ok: true,
      value: {
        status: 'aprovada',
        requested_on: '2026-11-10',
        protocol: '123456',
        password: 'ABC-99',
        decided_on: '2026-11-20',
        valid_until: '2026-12-20',
        notes: null,
        version: 3,
      },
    });
  });

  it('a decided status without a decision date is decided today', () => {
    for (const status of ['aprovada', 'parcial', 'negada']) {
      const result = check(schema, body({ status, decided_on: null, valid_until: null }));
      expect(result.ok && result.value.decided_on).toBe(TODAY);
    }
  });

  it('pendente: everything may be empty', () => {
    const result = check(schema, { status: 'pendente', requested_on: null, protocol: null, password: null, decided_on: null, valid_until: null, notes: null });
    expect(result.ok).toBe(true);
  });

  it('solicitada needs the request date and takes no decision date', () => {
    expect(problems(body({ status: 'solicitada', requested_on: null, decided_on: null })).fields).toEqual({
      requested_on: [M.requestedOnRequired],
    });
    expect(problems(body({ status: 'solicitada' })).fields).toEqual({ decided_on: [M.decidedOnNotDecided] });
  });

  it('the order of the dates, and no request or decision in the future', () => {
    expect(problems(body({ decided_on: '2026-11-01' })).fields).toEqual({ decided_on: [M.decidedBeforeRequest] });
    expect(problems(body({ valid_until: '2026-11-19' })).fields).toEqual({ valid_until: [M.validBeforeDecision] });
    expect(problems(body({ status: 'solicitada', decided_on: null, valid_until: '2026-11-01' })).fields).toEqual({
      valid_until: [M.validBeforeRequest],
    });
    expect(problems(body({ requested_on: '2026-11-28', decided_on: null })).fields).toEqual({
      requested_on: ['A data não pode ser depois de hoje!'],
    });
    expect(problems(body({ decided_on: '2026-11-28' })).fields.decided_on).toEqual(['A data não pode ser depois de hoje!']);
  });

  it('every field problem at once, in pt-BR', () => {
    const found = problems({
      status: 'talvez',
      requested_on: '2026-02-30',
      protocol: 'x'.repeat(61),
      password: 'y'.repeat(61),
      decided_on: 'ontem',
      valid_until: 12,
      notes: 'z'.repeat(1001),
    });
    expect(found.fields).toEqual({
      status: [M.invalidStatus],
      requested_on: [M.invalidRequestedOn],
      protocol: [M.protocolTooLong],
      password: [M.passwordTooLong],
      decided_on: [M.invalidDecidedOn],
      valid_until: ['Dados inválidos.'],
      notes: [M.notesTooLong],
    });
  });

  it('missing keys, unknown keys and a bad version', () => {
    expect(problems({}).fields.status).toEqual([M.statusRequired]);
    expect(problems(body({ extra: 1 })).error).toContain('Campo não reconhecido: extra.');
    expect(problems(body({ version: 0 })).fields).toEqual({ version: [M.invalidVersion] });
  });
});
