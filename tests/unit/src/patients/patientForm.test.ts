import { describe, expect, it } from 'vitest';
import { formatCep } from '../../../../machines/patientWizard/patientFields';
import { formatPhone } from '../../../../machines/rules/phone';
import { detailsSchema, identificationSchema } from '../../../../machines/patientWizard/schemas';
import {
  EMPTY_FORM,
  stepResolver,
  toWizardData,
  wizardDataFromPatient,
  type PatientFormValues,
} from '../../../../src/features/patients/patientForm';
import type { Patient } from '../../../../src/features/patients/actors';

const patient: Patient = {
  id: 9,
  nome_completo: 'Ana Souza',
  foto: '/surgery/api/v1/patient/9/foto/?expires=1&signature=x',
  cellphone: '11987654321',
  convenio: { id: 7, fantasy_name: 'Unimed' },
  birthday: '1980-02-01',
  address: 'Rua A, 1',
  full_address: 'Rua A, 1 - CEP 01.310-100',
  cep: '01310100',
  cpf: '529.982.247-25',
  gender: 'female',
  medic: { id: 3, first_name: 'Carlos', last_name: 'Mendes' },
  anonymized_at: null,
  plan_card: { card_number: '0 123 456789 00-1', valid_until: '2027-01-31', plan_name: 'Unimed Nacional' },
};

const schemaOf = (step: 'identification' | 'details') =>
  step === 'identification'
    ? identificationSchema
    : detailsSchema({ mode: 'create', requiresMedic: true, today: '2026-03-10' });

async function resolve(values: PatientFormValues, step: 'identification' | 'details') {
  return stepResolver(schemaOf(step))(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

/** Each marked field and its message. */
const marks = (errors: Partial<Record<string, { message?: string }>>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('patient form conversions', () => {
  it('formats phones and CEPs stored as digits', () => {
    expect(formatPhone('11987654321')).toBe('(11) 9 8765-4321');
    expect(formatPhone('1132654321')).toBe('(11) 3265-4321');
    expect(formatPhone('(11) 9 8765-4321')).toBe('(11) 9 8765-4321');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(' 123 ')).toBe('123');
    expect(formatCep('01310100')).toBe('01.310-100');
    expect(formatCep(null)).toBe('');
  });

  it('prefills the edit form from a saved patient, with the SPEC masks', () => {
    expect(wizardDataFromPatient(patient)).toEqual({
      foto: null,
      nome_completo: 'Ana Souza',
      cellphone: '(11) 9 8765-4321',
      convenio: { id: 7, fantasy_name: 'Unimed' },
      birthday: '01/02/1980',
      address: 'Rua A, 1',
      cep: '01.310-100',
      cpf: '529.982.247-25',
      gender: 'female',
      medic: 3,
      card_number: '0 123 456789 00-1',
      card_valid_until: '31/01/2027',
      card_plan_name: 'Unimed Nacional',
      card_plan_id: 7,
    });
    expect(wizardDataFromPatient({ ...patient, birthday: null, cep: null, address: null, gender: null, convenio: null }))
      .toMatchObject({ birthday: '', cep: '', address: '', gender: '', convenio: null });
  });

  it('prefills empty card fields when the patient has no card for the plan', () => {
    expect(wizardDataFromPatient({ ...patient, plan_card: null })).toMatchObject({
      card_number: '',
      card_valid_until: '',
      card_plan_name: '',
      card_plan_id: null,
    });
  });

  it('reads the medic select as a number (or null)', () => {
    expect(toWizardData({ ...EMPTY_FORM, medic: '3' }).medic).toBe(3);
    expect(toWizardData({ ...EMPTY_FORM, medic: '' }).medic).toBeNull();
  });
});

describe('stepResolver (the step schemas)', () => {
  it('marks each field of the shown step with its first problem', async () => {
    const result = await resolve({ ...EMPTY_FORM, cellphone: '(11) 9 87' }, 'identification');
    expect(marks(result.errors)).toEqual({
      nome_completo: 'Preencha o nome do paciente.',
      cellphone: 'Informe um celular válido: (00) 9 0000-0000.',
    });
  });

  it('marks the card fields once a plan is chosen and the card is typed', async () => {
    const values = { ...EMPTY_FORM, nome_completo: 'Ana', cellphone: '(11) 9 8765-4321', convenio: { id: 7, fantasy_name: 'Unimed' } };
    expect(marks((await resolve({ ...values, card_valid_until: '31/02/2027' }, 'identification')).errors)).toEqual({
      card_number: 'Informe o número da carteira.',
      card_valid_until: 'Validade da carteira inválida.',
    });
    // Not typed: the card is optional.
    expect((await resolve(values, 'identification')).errors).toEqual({});
    // Without a plan the card fields are hidden and not read.
    expect((await resolve({ ...values, convenio: null, card_valid_until: '31/02/2027' }, 'identification')).errors).toEqual({});
  });

  it('checks only the fields of step 2 on step 2', async () => {
    const result = await resolve({ ...EMPTY_FORM, cpf: '111.111.111-12', medic: '3' }, 'details');
    expect(Object.keys(result.errors).sort()).toEqual(['cpf', 'gender']);
    expect(result.errors.cpf?.message).toBe('CPF Invalido!');
  });

  it('passes valid values through', async () => {
    const values: PatientFormValues = { ...EMPTY_FORM, cpf: '529.982.247-25', gender: 'male', medic: '3' };
    expect(await resolve(values, 'details')).toEqual({ values, errors: {} });
  });
});
