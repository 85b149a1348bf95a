import { describe, expect, it } from 'vitest';
import { surgeryRegistrationSchema } from '../../../../machines/surgeryCase/schemas';
import { problemsIn } from '../../../../machines/validation/problems';
import { missingCodesToast } from '../../../../src/features/surgeries/registrationChecks';
import {
  chosenIds,
  emptySurgeryForm,
  readServerProblems,
  toCreateSurgeryBody,
  type SurgeryFormValues,
} from '../../../../src/features/surgeries/rules';

const procedure = (id: number) => ({ id, code: `P${id}`, description: `Procedimento ${id}`, table: 'tuss' as const });
const cid = (id: number) => ({ id, code: `K${id}`, description: `CID ${id}` });
const hospital = { id: 7, fantasy_name: 'Hospital Central' };
const plan = { id: 3, fantasy_name: 'Unimed' };

function filled(overrides: Partial<SurgeryFormValues> = {}): SurgeryFormValues {
  return {
    ...emptySurgeryForm(),
    procedures: [{ item: procedure(1) }, { item: procedure(2) }],
    cids: [{ item: cid(10) }],
    hospital,
    payment_fountains: 'plano_saude',
    health_plan: plan,
    fees_payments: 1234.56,
    ...overrides,
  };
}

describe('chosenIds', () => {
  it('keeps chosen ids in order, without empty rows or repeats', () => {
    expect(chosenIds([{ item: { id: 3 } }, { item: null }, { item: { id: 1 } }, { item: { id: 3 } }])).toEqual([3, 1]);
  });
  it('drops ids that are not positive integers', () => {
    expect(chosenIds([{ item: { id: Number.NaN } }, { item: { id: -1 } }, { item: { id: 1.5 } }, { item: { id: 2 } }])).toEqual([2]);
  });
});

const problemsOf = (values: SurgeryFormValues) => problemsIn(surgeryRegistrationSchema, values);
const noCodes = { procedures: [{ item: null }], cids: [{ item: null }] };

describe('the missing codes (surgeryRegistrationSchema, missingCodesToast)', () => {
  it('asks for both with one toast when both are missing', () => {
    const values = filled(noCodes);
    expect(missingCodesToast(values)).toBe('Preencha CID e Procedimento!');
    expect(problemsOf(values)?.fields).toEqual({ procedures: ['Preencha procedimento!'], cids: ['Preencha CID!'] });
  });
  it('asks for the CID alone', () => {
    const values = filled({ cids: noCodes.cids });
    expect(missingCodesToast(values)).toBe('Preencha CID!');
    expect(problemsOf(values)?.fields).toEqual({ cids: ['Preencha CID!'] });
  });
  it('asks for the procedure alone', () => {
    const values = filled({ procedures: noCodes.procedures });
    expect(missingCodesToast(values)).toBe('Preencha procedimento!');
    expect(problemsOf(values)?.fields).toEqual({ procedures: ['Preencha procedimento!'] });
  });
  it('is happy with both', () => {
    expect(missingCodesToast(filled())).toBeNull();
  });
});

describe('surgeryRegistrationSchema', () => {
  it('accepts a complete form', () => {
    expect(problemsOf(filled())).toBeNull();
  });
  it('needs the payment source and the hospital', () => {
    const problems = problemsOf(filled({ payment_fountains: '', health_plan: null, hospital: null }));
    expect(problems?.fields).toEqual({ payment_fountains: ['Selecione a fonte pagadora.'], hospital: ['Selecione o hospital.'] });
  });
  it('needs the health plan for plano_saude only', () => {
    expect(problemsOf(filled({ health_plan: null }))?.error).toEqual(['Selecione o convênio.']);
    expect(problemsOf(filled({ payment_fountains: 'particular', health_plan: null }))).toBeNull();
  });
  it('limits the notes to 1000 characters', () => {
    expect(problemsOf(filled({ surgery_note: 'a'.repeat(1000) }))).toBeNull();
    expect(Object.keys(problemsOf(filled({ surgery_note: 'a'.repeat(1001) }))?.fields ?? {})).toEqual(['surgery_note']);
  });
});

describe('toCreateSurgeryBody', () => {
  it('builds the createSurgery body', () => {
    expect(toCreateSurgeryBody(42, filled({ opme: true, surgery_note: '  Jejum de 8 horas  ' }))).toEqual({
      cid: [10],
      procedure: [1, 2],
      patient: 42,
      hospital: 7,
      health_plan: 3,
      fees_payments: 1234.56,
      surgery_note: 'Jejum de 8 horas',
      opme: true,
      payment_fountains: 'plano_saude',
    });
  });
  it('sends no expected value for clt and no plan for other sources', () => {
    const body = toCreateSurgeryBody(1, filled({ payment_fountains: 'clt' }));
    expect(body.fees_payments).toBeNull();
    expect(body.health_plan).toBeNull();
    expect(toCreateSurgeryBody(1, filled({ payment_fountains: 'particular' })).health_plan).toBeNull();
  });
  it('sends an empty note as null', () => {
    expect(toCreateSurgeryBody(1, filled({ surgery_note: '   ' })).surgery_note).toBeNull();
  });
});

describe('readServerProblems', () => {
  it('toasts the error list and places the cid/procedure field errors', () => {
    const result = readServerProblems(
      { error: ['Preencha CID e Procedimento!'], cid: ['Preencha CID!'], procedure: ['Preencha procedimento!'] },
      'Ocorreu um erro interno!',
    );
    expect(result.toasts).toEqual(['Preencha CID e Procedimento!', 'Preencha CID!', 'Preencha procedimento!']);
    expect(result.fields).toEqual([
      { field: 'cids.0.item', message: 'Preencha CID!' },
      { field: 'procedures.0.item', message: 'Preencha procedimento!' },
    ]);
  });
  it('does not repeat a field message already in the error list', () => {
    expect(readServerProblems({ error: ['Preencha CID!'], cid: ['Preencha CID!'] }, 'x').toasts).toEqual(['Preencha CID!']);
  });
  it('reads non_field_errors and falls back for an unknown body', () => {
    expect(readServerProblems({ non_field_errors: ['Conflito'] }, 'x').toasts).toEqual(['Conflito']);
    expect(readServerProblems('<html>', 'Ocorreu um erro interno!').toasts).toEqual(['Ocorreu um erro interno!']);
  });
});

describe('the form a new case starts with (issue 11, item 17)', () => {
  it("starts a patient who has a convênio as paid by 'Plano de Saúde' with that plan", () => {
    const amil = { id: 9, fantasy_name: 'Amil' };
    expect(emptySurgeryForm(amil)).toMatchObject({ payment_fountains: 'plano_saude', health_plan: amil });
    expect(emptySurgeryForm(null)).toMatchObject({ payment_fountains: '', health_plan: null });
  });
});
