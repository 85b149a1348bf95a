import { describe, expect, it } from 'vitest';
import { DEFAULT_STAGE_TARGET_DAYS, MAX_STAGE_TARGET_DAYS } from '../../../machines/preoperative/constants';
import {
  CLOCK_MESSAGES as C,
  stageTargetsQuerySchema,
  stageTargetsSchema,
  surgeryHolderSchema,
} from '../../../machines/preoperative/clockSchemas';
import { surgeryListQuerySchema } from '../../../machines/surgeryCase/listQuerySchemas';
import { check } from '../../../machines/validation/problems';

/** The clocks' and holders' payloads (issue 13 item 4): one schema each for the API and the settings form. */

describe('stageTargetsSchema', () => {
  it('takes the seven targets as whole days from 1 to MAX_STAGE_TARGET_DAYS', () => {
    expect(check(stageTargetsSchema, DEFAULT_STAGE_TARGET_DAYS)).toEqual({ ok: true, value: DEFAULT_STAGE_TARGET_DAYS });
    const edges = { ...DEFAULT_STAGE_TARGET_DAYS, ind_paciente: 1, pagamento: MAX_STAGE_TARGET_DAYS };
    expect(check(stageTargetsSchema, edges)).toEqual({ ok: true, value: edges });
  });

  it.each([0, -1, MAX_STAGE_TARGET_DAYS + 1, 2.5, Number.NaN, '5', null])('refuses %s with the stage named in pt-BR', (value) => {
    const result = check(stageTargetsSchema, { ...DEFAULT_STAGE_TARGET_DAYS, autorizacao: value });
    expect(result).toEqual({
      ok: false,
      problems: { error: [C.targetInvalid('autorizacao')], fields: { autorizacao: [C.targetInvalid('autorizacao')] } },
    });
    expect(C.targetInvalid('autorizacao')).toBe('O prazo da etapa "Autorização" deve ser um número inteiro de 1 a 365 dias.');
  });

  it('says which stage is missing, and refuses an unknown key', () => {
    const { prep_doc: _omitted, ...rest } = DEFAULT_STAGE_TARGET_DAYS;
    const missing = check(stageTargetsSchema, rest);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problems.fields).toEqual({ prep_doc: ['Informe o prazo da etapa "Preparação de documentação".'] });
    const extra = check(stageTargetsSchema, { ...DEFAULT_STAGE_TARGET_DAYS, concluido: 1 });
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.problems.error).toEqual(['Campo não reconhecido: concluido.']);
  });
});

describe('surgeryHolderSchema', () => {
  it('takes a positive int4 id', () => {
    expect(check(surgeryHolderSchema, { holder: 12 })).toEqual({ ok: true, value: { holder: 12 } });
  });

  it.each([
    [{}, C.holderMissing],
    [{ holder: '12' }, C.holderInvalid],
    [{ holder: 0 }, C.holderInvalid],
    [{ holder: 1.5 }, C.holderInvalid],
    [{ holder: 2_147_483_648 }, C.holderInvalid],
  ])('%j: %s', (body, message) => {
    expect(check(surgeryHolderSchema, body)).toEqual({ ok: false, problems: { error: [message], fields: { holder: [message] } } });
  });
});

describe('stageTargetsQuerySchema', () => {
  it('reads `medic` as an id; empty is none; anything else is refused', () => {
    expect(check(stageTargetsQuerySchema, { medic: '7' })).toEqual({ ok: true, value: { medic: 7 } });
    expect(check(stageTargetsQuerySchema, { medic: '' })).toEqual({ ok: true, value: { medic: null } });
    expect(check(stageTargetsQuerySchema, {})).toEqual({ ok: true, value: {} });
    expect(check(stageTargetsQuerySchema, { medic: '0' }).ok).toBe(false);
    expect(check(stageTargetsQuerySchema, { medic: 'x' }).ok).toBe(false);
  });
});

describe('surgeryListQuerySchema: overdue and mine', () => {
  it('reads true, false and empty; other filters unchanged', () => {
    expect(check(surgeryListQuerySchema, { overdue: 'true', mine: 'false' })).toEqual({ ok: true, value: { overdue: true, mine: false } });
    expect(check(surgeryListQuerySchema, { overdue: '', mine: 'true', is_schedule: 'true' })).toEqual({
      ok: true,
      value: { overdue: false, mine: true, is_schedule: true },
    });
  });

  it('refuses anything else in pt-BR', () => {
    expect(check(surgeryListQuerySchema, { overdue: 'yes' })).toMatchObject({
      ok: false,
      problems: { error: ['O filtro overdue aceita apenas true ou false.'] },
    });
    expect(check(surgeryListQuerySchema, { mine: '1' })).toMatchObject({
      ok: false,
      problems: { error: ['O filtro mine aceita apenas true ou false.'] },
    });
  });
});
