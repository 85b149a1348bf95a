import { describe, expect, it } from 'vitest';
import { PATIENT_MESSAGES as M } from '../../../machines/patientWizard/patientFields';
import {
  detailsSchema,
  identificationSchema,
  PATIENT_LIST_MESSAGES,
  patientFormSchema,
  patientListQuerySchema,
} from '../../../machines/patientWizard/schemas';
import { SEARCH_TOO_LONG } from '../../../machines/validation/fields';
import { check, VALIDATION_MESSAGES, type Problems } from '../../../machines/validation/problems';

const TODAY = '2026-03-10';
const create = { mode: 'create', requiresMedic: true, today: TODAY } as const;

/** Each field's messages for `input` (none when it is valid). */
function fieldsOf(schema: Parameters<typeof check>[0], input: unknown): Problems['fields'] {
  const result = check(schema, input);
  return result.ok ? {} : result.problems.fields;
}

const validStep1 = { nome_completo: 'Ana Souza', cellphone: '(11) 9 8765-4321' };
const validStep2 = { birthday: '01/02/1980', address: 'Rua A, 1', cep: '01.310-100', cpf: '529.982.247-25', gender: 'female', medic: '3' };
const validForm = {
  nome_completo: '  Ana   Souza ',
  cellphone: '(11) 3265-4321',
  cpf: '529.982.247-25',
  gender: 'female',
  convenio: '7',
  birthday: '1980-02-01',
  address: ' Rua  A, 1 ',
  cep: '01310-100',
  medic: '3',
};
const apiForm = patientFormSchema({ today: TODAY });

describe('the wizard step schemas', () => {
  it.each([
    [{ nome_completo: ' ' }, 'nome_completo', M.nameRequired],
    [{ nome_completo: 'A'.repeat(201) }, 'nome_completo', M.nameTooLong],
    [{ cellphone: '' }, 'cellphone', M.phoneRequired],
    [{ cellphone: '(11) 9 8765-432' }, 'cellphone', M.phoneInvalid],
    [{ cellphone: '(11) 3265-4321' }, 'cellphone', M.phoneInvalid],
    [{ cellphone: '(23) 9 8765-4321' }, 'cellphone', M.areaCodeUnknown],
  ])('step 1 refuses %j: %s says %s', (override, field, message) => {
    expect(fieldsOf(identificationSchema, { ...validStep1, ...override })).toEqual({ [field]: [message] });
  });

  it.each([
    [{ birthday: '31/02/1980' }, 'birthday', M.birthdayInvalid],
    [{ birthday: '1980-02-01' }, 'birthday', M.birthdayInvalid],
    [{ birthday: '31/12/1899' }, 'birthday', M.birthdayTooOld],
    [{ birthday: '11/03/2026' }, 'birthday', M.birthdayFuture],
    [{ address: 'R'.repeat(301) }, 'address', M.addressTooLong],
    [{ cep: '01310-10' }, 'cep', M.cepInvalid],
    [{ cep: '01 310 100' }, 'cep', M.cepInvalid],
    [{ cpf: ' ' }, 'cpf', M.cpfRequired],
    [{ cpf: '529.982.247-26' }, 'cpf', M.cpfInvalid],
    [{ cpf: '52998224725' }, 'cpf', M.cpfInvalid],
    [{ gender: '' }, 'gender', M.genderRequired],
    [{ medic: '' }, 'medic', M.medicRequired],
    [{ medic: null }, 'medic', M.medicRequired],
  ])('step 2 refuses %j: %s says %s', (override, field, message) => {
    expect(fieldsOf(detailsSchema(create), { ...validStep2, ...override })).toEqual({ [field]: [message] });
  });

  it('takes the medic as the select’s text or as the machine’s number, and only when a secretary registers', () => {
    expect(fieldsOf(detailsSchema(create), { ...validStep2, medic: 3 })).toEqual({});
    expect(fieldsOf(detailsSchema({ ...create, requiresMedic: false }), { ...validStep2, medic: null })).toEqual({});
  });

  it('names the CPF entered in edit mode (SPEC §5)', () => {
    expect(fieldsOf(detailsSchema({ ...create, mode: 'edit' }), { ...validStep2, cpf: '529.982.247-26' })).toEqual({
      cpf: ['O CPF 529.982.247-26 é invalido!'],
    });
  });

  it('finds every field’s problem at once', () => {
    expect(Object.keys(fieldsOf(identificationSchema, { nome_completo: '', cellphone: 'x' })).sort()).toEqual([
      'cellphone',
      'nome_completo',
    ]);
    const step2 = { birthday: 'x', address: 'R'.repeat(301), cep: 'x', cpf: '', gender: '', medic: '' };
    expect(Object.keys(fieldsOf(detailsSchema(create), step2)).sort()).toEqual([
      'address',
      'birthday',
      'cep',
      'cpf',
      'gender',
      'medic',
    ]);
  });

  it('builds a step-2 schema once per day and options', () => {
    expect(detailsSchema(create)).toBe(detailsSchema({ ...create }));
    expect(detailsSchema(create)).not.toBe(detailsSchema({ ...create, mode: 'edit' }));
    const tomorrow = detailsSchema({ ...create, today: '2026-03-11' });
    expect(fieldsOf(tomorrow, { ...validStep2, birthday: '11/03/2026' })).toEqual({});
    expect(detailsSchema({ ...create, today: '2026-03-11' })).toBe(tomorrow);
  });
});

describe('the API patient form', () => {
  it('answers what is stored: digits for phone, CPF and CEP, the name’s spaces as one, null for what is empty', () => {
    expect(check(apiForm, validForm)).toEqual({
      ok: true,
      value: {
        nome_completo: 'Ana Souza',
        cellphone: '1132654321',
        cpf: '52998224725',
        gender: 'female',
        convenio: 7,
        birthday: '1980-02-01',
        address: 'Rua A, 1',
        cep: '01310100',
        medic: 3,
      },
    });
    const minimal = { nome_completo: 'Ana', cellphone: '11987654321', cpf: '52998224725', gender: 'male' };
    expect(check(apiForm, { ...minimal, convenio: 'null', cep: '', address: ' ' })).toMatchObject({
      ok: true,
      value: { convenio: null, birthday: null, address: null, cep: null, medic: null },
    });
  });

  it.each([
    [{ nome_completo: '' }, 'nome_completo', M.nameRequired],
    [{ nome_completo: 'A'.repeat(201) }, 'nome_completo', M.nameTooLong],
    [{ cellphone: ' ' }, 'cellphone', M.phoneRequired],
    [{ cellphone: '1234-5678' }, 'cellphone', M.phoneNumberInvalid],
    [{ cellphone: '(11) 9 8765-432a' }, 'cellphone', M.phoneNumberInvalid],
    [{ cellphone: '7833334444' }, 'cellphone', M.areaCodeUnknown],
    [{ cpf: '' }, 'cpf', M.cpfRequired],
    [{ cpf: '111.111.111-11' }, 'cpf', M.cpfInvalid],
    [{ cpf: '529.982.247-25x' }, 'cpf', M.cpfInvalid],
    [{ gender: 'other' }, 'gender', M.genderRequired],
    [{ birthday: '17/05/1980' }, 'birthday', M.birthdayInvalidIso],
    [{ birthday: '1899-12-31' }, 'birthday', M.birthdayTooOld],
    [{ birthday: '2026-03-11' }, 'birthday', M.birthdayFuture],
    [{ address: 'R'.repeat(301) }, 'address', M.addressTooLong],
    [{ cep: 'abcdefgh' }, 'cep', M.cepInvalid],
    [{ convenio: 'Unimed' }, 'convenio', M.planUnknown],
    [{ convenio: '2147483648' }, 'convenio', M.planUnknown],
    [{ medic: '0' }, 'medic', M.medicUnknown],
  ])('refuses %j: %s says %s', (override, field, message) => {
    expect(fieldsOf(apiForm, { ...validForm, ...override })).toEqual({ [field]: [message] });
  });

  it('says which required field is missing, and refuses an unknown one', () => {
    expect(check(apiForm, {})).toEqual({
      ok: false,
      problems: {
        error: [M.phoneRequired, M.cpfRequired, M.genderRequired, M.nameRequired],
        fields: { cellphone: [M.phoneRequired], cpf: [M.cpfRequired], gender: [M.genderRequired], nome_completo: [M.nameRequired] },
      },
    });
    expect(check(apiForm, { ...validForm, apelido: 'x' })).toEqual({
      ok: false,
      problems: { error: ['Campo não reconhecido: apelido.'], fields: {} },
    });
  });

  it('is built once per day, with that day’s birthday rule', () => {
    expect(patientFormSchema({ today: TODAY })).toBe(apiForm);
    const tomorrow = patientFormSchema({ today: '2026-03-11' });
    expect(fieldsOf(tomorrow, { ...validForm, birthday: '2026-03-11' })).toEqual({});
  });
});

describe('the patient list query', () => {
  it('defaults to the first page of 50 and trims the search', () => {
    expect(check(patientListQuerySchema, {})).toEqual({ ok: true, value: { search: '', limit: 50, offset: 0 } });
    expect(check(patientListQuerySchema, { search: ' ana ', limit: '200', offset: '' })).toEqual({
      ok: true,
      value: { search: 'ana', limit: 200, offset: 0 },
    });
  });

  it.each([
    [{ limit: '0' }, 'limit', PATIENT_LIST_MESSAGES.limit],
    [{ limit: '1.5' }, 'limit', PATIENT_LIST_MESSAGES.limit],
    [{ limit: ['1', '2'] }, 'limit', PATIENT_LIST_MESSAGES.limit],
    [{ offset: '-1' }, 'offset', PATIENT_LIST_MESSAGES.offset],
    [{ offset: '2147483648' }, 'offset', PATIENT_LIST_MESSAGES.offset],
    [{ search: 'a'.repeat(101) }, 'search', SEARCH_TOO_LONG],
    [{ search: ['a', 'b'] }, 'search', VALIDATION_MESSAGES.invalidData],
  ])('refuses %j: %s says %s', (query, field, message) => {
    expect(fieldsOf(patientListQuerySchema, query)).toEqual({ [field]: [message] });
  });
});

describe('no English message reaches a user', () => {
  const ours = new Set<string>([
    ...Object.values(M),
    ...Object.values(PATIENT_LIST_MESSAGES),
    SEARCH_TOO_LONG,
    VALIDATION_MESSAGES.invalidData,
  ]);
  const wrongTypes = [123, true, null, [], {}];

  it.each([
    ['step 1', identificationSchema, validStep1],
    ['step 2', detailsSchema(create), validStep2],
    ['the API form', apiForm, validForm],
    ['the list query', patientListQuerySchema, { search: 'a', limit: '1', offset: '0' }],
  ] as const)('%s: every field of a wrong type says one of ours', (_, schema, valid) => {
    for (const field of Object.keys(valid)) {
      for (const value of wrongTypes) {
        const result = check(schema, { ...valid, [field]: value });
        const label = `${field}: ${JSON.stringify(value)}`;
        // The wizard's medic may be a number: the machine's data holds it so.
        if (schema !== apiForm && field === 'medic' && value === 123) continue;
        expect(result.ok, label).toBe(false);
        for (const message of result.ok ? [] : result.problems.error) expect(ours, label).toContain(message);
      }
    }
    const notAnObject = check(schema, 'x');
    expect(notAnObject.ok ? [] : notAnObject.problems.error).toEqual([VALIDATION_MESSAGES.invalidData]);
  });
});

describe('the API form\'s plan_card (issue 37: the patient\'s card)', () => {
  const card = (value: unknown) => JSON.stringify(value);
  const amil = { card_number: ' 0 123 456789 00-1 ', valid_until: '2027-01-31', plan_name: ' Amil 400 ' };

  it('reads the JSON part into the checked card, trimmed, blanks as null', () => {
    const result = check(apiForm, { ...validForm, plan_card: card(amil) });
    expect(result.ok && result.value.plan_card).toEqual({ card_number: '0 123 456789 00-1', valid_until: '2027-01-31', plan_name: 'Amil 400' });
    const blanks = check(apiForm, { ...validForm, plan_card: card({ card_number: '1', valid_until: '', plan_name: ' ' }) });
    expect(blanks.ok && blanks.value.plan_card).toEqual({ card_number: '1', valid_until: null, plan_name: null });
  });

  it('reads null as null and leaves an absent card undefined (an older client)', () => {
    const cleared = check(apiForm, { ...validForm, plan_card: 'null' });
    expect(cleared.ok && cleared.value.plan_card).toBeNull();
    const absent = check(apiForm, validForm);
    expect(absent.ok && 'plan_card' in absent.value).toBe(false);
  });

  it.each([
    [{ ...amil, card_number: '  ' }, 'Informe o número da carteira.'],
    [{ ...amil, card_number: '1'.repeat(21) }, 'O número da carteira deve ter no máximo 20 caracteres.'],
    [{ ...amil, valid_until: '2027-02-30' }, 'Validade da carteira inválida.'],
    [{ ...amil, valid_until: 20270131 }, 'Validade da carteira inválida.'],
    [{ ...amil, plan_name: 'x'.repeat(61) }, 'O nome do plano na carteira deve ter no máximo 60 caracteres.'],
    [{ ...amil, extra: 1 }, 'Campo não reconhecido: extra.'],
    [{ card_number: '1' }, 'Dados inválidos.'],
    [[amil], 'Dados inválidos.'],
  ])('refuses %j with its pt-BR message', (value, message) => {
    expect(fieldsOf(apiForm, { ...validForm, plan_card: card(value) })).toEqual({ plan_card: [message] });
  });

  it('refuses text that is not JSON', () => {
    expect(fieldsOf(apiForm, { ...validForm, plan_card: '{nope' })).toEqual({ plan_card: ['Dados inválidos.'] });
  });

  it('refuses a card without a plan, and reports it with the other fields\' problems', () => {
    const message = 'A carteira só se informa com um plano de saúde escolhido.';
    expect(fieldsOf(apiForm, { ...validForm, convenio: '', plan_card: card(amil) })).toEqual({ plan_card: [message] });
    expect(fieldsOf(apiForm, { ...validForm, convenio: 'null', plan_card: card(amil) })).toEqual({ plan_card: [message] });
    expect(fieldsOf(apiForm, { ...validForm, cpf: '1', convenio: '', plan_card: card(amil) })).toEqual({ cpf: [M.cpfInvalid], plan_card: [message] });
    // null without a plan: nothing to delete, accepted.
    expect(check(apiForm, { ...validForm, convenio: '', plan_card: 'null' }).ok).toBe(true);
  });
});
