import { describe, expect, it } from 'vitest';
import { buildChecklist, planChecklistApplies, type RequirementRow } from '../../../machines/preoperative/checklistRules';
import {
  checklistMarkSchema,
  dispatchSchema,
  documentRequirementsSchema,
  requirementsQuerySchema,
} from '../../../machines/preoperative/checklistSchemas';
import { check } from '../../../machines/validation/problems';

/** The document checklists' schemas and the pure checklist rule (issue 13 item 2); messages written out. */

const problems = (schema: Parameters<typeof check>[0], input: unknown) => {
  const result = check(schema, input);
  return result.ok ? null : result.problems;
};

describe('documentRequirementsSchema', () => {
  it('keeps the kinds in SPEC order and the extras cleaned, as typed', () => {
    expect(check(documentRequirementsSchema, { kinds: ['medical_report', 'doctor_request'], extras: ['  Risco   cirúrgico '] })).toEqual({
      ok: true,
      value: { kinds: ['doctor_request', 'medical_report'], extras: ['Risco cirúrgico'] },
    });
    expect(check(documentRequirementsSchema, { kinds: [], extras: [] })).toEqual({ ok: true, value: { kinds: [], extras: [] } });
  });

  it('says every problem at once, on its field', () => {
    expect(problems(documentRequirementsSchema, { kinds: ['doctor_request', 'x', 'doctor_request'], extras: ['Risco', 'RISCO ', 'Laudo médico', ''] })).toEqual({
      error: [
        'Documento repetido: RISCO.',
        '"Laudo médico" já é um dos documentos da cirurgia: marque-o na lista.',
        'Informe o nome do documento.',
        'Tipo de documento desconhecido.',
        'Documento repetido: Pedido médico.',
      ],
      fields: {
        extras: ['Documento repetido: RISCO.', '"Laudo médico" já é um dos documentos da cirurgia: marque-o na lista.', 'Informe o nome do documento.'],
        kinds: ['Tipo de documento desconhecido.', 'Documento repetido: Pedido médico.'],
      },
    });
  });

  it('bounds the extras: 20 names of 80 characters', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `Documento ${i}`);
    expect(check(documentRequirementsSchema, { kinds: [], extras: twenty }).ok).toBe(true);
    expect(problems(documentRequirementsSchema, { kinds: [], extras: [...twenty, 'Mais um'] })?.error).toEqual(['Informe no máximo 20 documentos extras.']);
    expect(check(documentRequirementsSchema, { kinds: [], extras: ['x'.repeat(80)] }).ok).toBe(true);
    expect(problems(documentRequirementsSchema, { kinds: [], extras: ['x'.repeat(81)] })?.error).toEqual(['O nome do documento deve ter no máximo 80 caracteres.']);
  });

  it('refuses other shapes in pt-BR', () => {
    expect(problems(documentRequirementsSchema, { kinds: 'doctor_request', extras: [1] })?.error).toEqual(['Dados inválidos.']);
    expect(problems(documentRequirementsSchema, { kinds: [], extras: [], medic: 1 })?.error).toEqual(['Campo não reconhecido: medic.']);
  });
});

describe('requirementsQuerySchema', () => {
  it('reads the medic id, absent or empty as none', () => {
    expect(check(requirementsQuerySchema, {})).toEqual({ ok: true, value: { medic: null } });
    expect(check(requirementsQuerySchema, { medic: '12' })).toEqual({ ok: true, value: { medic: 12 } });
    expect(problems(requirementsQuerySchema, { medic: 'abc' })?.error).toEqual(['Médico não encontrado.']);
    expect(problems(requirementsQuerySchema, { medic: ['1', '2'] })?.error).toEqual(['Dados inválidos.']);
  });
});

describe('checklistMarkSchema', () => {
  it('takes a name and whether it was received', () => {
    expect(check(checklistMarkSchema, { name: ' Risco  cirúrgico ', received: true })).toEqual({ ok: true, value: { name: 'Risco cirúrgico', received: true } });
    expect(problems(checklistMarkSchema, {})?.error).toEqual(['Informe o documento.', 'Informe se o documento foi recebido.']);
  });
});

describe('dispatchSchema', () => {
  const schema = dispatchSchema('2026-03-10');
  const valid = { sent_on: '2026-03-10', recipient: 'Hospital', channel: 'portal', items: ['Pedido médico'] };

  it('takes a sending of today or before', () => {
    expect(check(schema, { ...valid, notes: '  ' })).toEqual({ ok: true, value: { ...valid, notes: null } });
    expect(check(schema, { ...valid, sent_on: '2025-12-31' }).ok).toBe(true);
  });

  it('says each problem in pt-BR', () => {
    expect(problems(schema, { ...valid, sent_on: '2026-03-11' })?.error).toEqual(['A data não pode ser depois de hoje!']);
    expect(problems(schema, { ...valid, sent_on: '10/03/2026' })?.error).toEqual(['Data do envio inválida.']);
    expect(problems(schema, { ...valid, channel: '' })?.error).toEqual(['Informe como os documentos foram enviados.']);
    expect(problems(schema, { ...valid, channel: 'fax' })?.error).toEqual(['Meio de envio inválido: os valores aceitos são email, portal e presencial.']);
    expect(problems(schema, { ...valid, items: ['A', 'a '] })?.error).toEqual(['Documento repetido no envio: a.']);
    expect(problems(schema, { ...valid, items: Array.from({ length: 31 }, (_, i) => `D${i}`) })?.error).toEqual(['Informe no máximo 30 documentos por envio.']);
    expect(problems(schema, { ...valid, recipient: '' })?.error).toEqual(['Informe para quem os documentos foram enviados.']);
  });

  it('is built once per day', () => {
    expect(dispatchSchema('2026-03-10')).toBe(schema);
  });
});

describe('buildChecklist', () => {
  const rows: RequirementRow[] = [
    { scope: 'plano', kind: 'doctor_request', name: null },
    { scope: 'plano', kind: null, name: 'risco cirúrgico' },
    { scope: 'hospital', kind: 'medical_report', name: null },
    { scope: 'hospital', kind: 'doctor_request', name: null },
    { scope: 'hospital', kind: null, name: 'Risco cirúrgico' },
  ];

  it('lists each document once, kinds in SPEC order then extras (the hospital’s first), with who requires it', () => {
    expect(buildChecklist(rows, ['medical_report'], ['RISCO CIRÚRGICO'])).toEqual({
      items: [
        { kind: 'doctor_request', name: 'Pedido médico', required_by: ['hospital', 'plano'], received: false },
        { kind: 'medical_report', name: 'Laudo médico', required_by: ['hospital'], received: true },
        { kind: null, name: 'Risco cirúrgico', required_by: ['hospital', 'plano'], received: true },
      ],
      missing: ['Pedido médico'],
    });
  });

  it('has nothing missing without requirements', () => {
    expect(buildChecklist([], [], [])).toEqual({ items: [], missing: [] });
  });

  it('applies the plan’s list only when the plan pays', () => {
    expect(planChecklistApplies('plano_saude')).toBe(true);
    expect(planChecklistApplies('particular')).toBe(false);
    expect(planChecklistApplies(null)).toBe(false);
  });
});
