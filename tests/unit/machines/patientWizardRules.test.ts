import { describe, expect, it } from 'vitest';
import {
  birthdayIssue,
  brDateToIso,
  formatCep,
  isGender,
  isoToBrDate,
  isRealIsoDate,
  isValidCellphone,
  isValidCep,
  normalizePatientName,
  PATIENT_MESSAGES as M,
} from '../../../machines/patientWizard/patientFields';
import {
  cpfProblems,
  detailsProblems,
  EMPTY_PATIENT,
  identificationProblems,
  PatientSaveError,
  patientSaveMessages,
  planCardPayload,
  toPatientPayload,
} from '../../../machines/patientWizard/rules';

const TODAY = '2026-03-10';
const create = { mode: 'create', requiresMedic: true, today: TODAY } as const;
const validDetails = { birthday: '', cep: '', cpf: '529.982.247-25', gender: 'female', medic: 3 } as const;

describe('patient wizard rules', () => {
  it('step 1 needs the name and a well-formed cellphone', () => {
    expect(identificationProblems({ nome_completo: ' ', cellphone: '' })).toEqual([
      { field: 'nome_completo', message: M.nameRequired },
      { field: 'cellphone', message: M.phoneRequired },
    ]);
    expect(identificationProblems({ nome_completo: 'Ana', cellphone: '(11) 9 8765-432' })).toEqual([
      { field: 'cellphone', message: M.phoneInvalid },
    ]);
    expect(identificationProblems({ nome_completo: 'Ana', cellphone: '(11) 9 8765-4321' })).toEqual([]);
  });

  it('accepts only Brazilian mobile numbers (DDD without zero, then 9)', () => {
    expect(isValidCellphone('11987654321')).toBe(true);
    expect(isValidCellphone('(21) 9 1234-5678')).toBe(true);
    expect(isValidCellphone('(01) 9 1234-5678')).toBe(false);
    expect(isValidCellphone('(11) 8 1234-5678')).toBe(false);
    expect(isValidCellphone('(11) 1234-5678')).toBe(false);
  });

  it('accepts the 67 DDDs in service and refuses the 14 that do not exist (issue 11, item 16)', () => {
    const missing = ['23', '25', '26', '29', '36', '39', '52', '56', '57', '58', '59', '72', '76', '78'];
    for (let ddd = 11; ddd <= 99; ddd += 1) {
      if (String(ddd).includes('0')) continue;
      const phone = `(${ddd}) 9 8765-4321`;
      expect(isValidCellphone(phone), phone).toBe(!missing.includes(String(ddd)));
    }
    expect(identificationProblems({ nome_completo: 'Ana', cellphone: '(23) 9 8765-4321' })).toEqual([
      { field: 'cellphone', message: 'DDD inexistente: confira o código de área do telefone.' },
    ]);
  });

  it('says "CPF Invalido!" in create mode and names the value in edit mode (no exempted value)', () => {
    expect(cpfProblems('', 'create')).toEqual([{ field: 'cpf', message: M.cpfRequired }]);
    expect(cpfProblems('529.982.247-26', 'create')).toEqual([{ field: 'cpf', message: 'CPF Invalido!' }]);
    expect(cpfProblems('529.982.247-26', 'edit')).toEqual([
      { field: 'cpf', message: 'O CPF 529.982.247-26 é invalido!' },
    ]);
    expect(cpfProblems('529.982', 'create')).toEqual([{ field: 'cpf', message: 'CPF Invalido!' }]);
    expect(cpfProblems('111.111.111-11', 'edit')[0]?.message).toBe('O CPF 111.111.111-11 é invalido!');
    expect(cpfProblems('529.982.247-25', 'edit')).toEqual([]);
  });

  it('step 2 needs CPF, biological sex and (for a secretary) the medic', () => {
    expect(detailsProblems({ ...validDetails }, create)).toEqual([]);
    expect(detailsProblems({ ...validDetails, gender: '', medic: null }, create).map((p) => p.field)).toEqual([
      'gender',
      'medic',
    ]);
    expect(detailsProblems({ ...validDetails, medic: null }, { ...create, requiresMedic: false })).toEqual([]);
  });

  it('checks the optional birthday (real, not in the future, from 1900) and CEP (8 digits)', () => {
    const problems = (birthday: string, cep = '') => detailsProblems({ ...validDetails, birthday, cep }, create);
    expect(problems('10/03/2026')).toEqual([]);
    expect(problems('11/03/2026')).toEqual([{ field: 'birthday', message: M.birthdayFuture }]);
    expect(problems('31/02/1980')).toEqual([{ field: 'birthday', message: M.birthdayInvalid }]);
    expect(problems('01/02/19')).toEqual([{ field: 'birthday', message: M.birthdayInvalid }]);
    expect(problems('01/02/1899')).toEqual([{ field: 'birthday', message: M.birthdayTooOld }]);
    expect(problems('', '01.310-10')).toEqual([{ field: 'cep', message: M.cepInvalid }]);
    expect(problems('', '01.310-100')).toEqual([]);
    expect(isValidCep('01310100')).toBe(true);
  });

  it('shares the field rules the server applies: name, biological sex, birthday, CEP display', () => {
    expect(normalizePatientName('  Ana   Souza ')).toBe('Ana Souza');
    expect(isGender('female')).toBe(true);
    expect(isGender('')).toBe(false);
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2023-02-29')).toBe(false);
    expect(isRealIsoDate('29/02/2024')).toBe(false);
    expect(birthdayIssue('1980-02-01', TODAY)).toBeNull();
    expect(birthdayIssue(TODAY, TODAY)).toBeNull();
    expect(birthdayIssue('2026-03-11', TODAY)).toBe('future');
    expect(birthdayIssue('1899-12-31', TODAY)).toBe('tooOld');
    expect(birthdayIssue('1980-02-30', TODAY)).toBe('invalid');
    expect(formatCep('01310100')).toBe('01.310-100');
    expect(formatCep(' 0131 ')).toBe('0131');
    expect(formatCep(undefined)).toBe('');
  });

  it('converts dates between dd/mm/yyyy and yyyy-MM-dd', () => {
    expect(brDateToIso('29/02/2024')).toBe('2024-02-29');
    expect(brDateToIso('29/02/2023')).toBeNull();
    expect(brDateToIso('00/01/2024')).toBeNull();
    expect(isoToBrDate('1980-02-01')).toBe('01/02/1980');
    expect(isoToBrDate(null)).toBe('');
  });

  it('builds the SPEC §3 payload: trimmed texts, birthday as yyyy-MM-dd, plan id', () => {
    const photo = new Blob(['x'], { type: 'image/png' });
    expect(
      toPatientPayload({
        ...EMPTY_PATIENT,
        foto: photo,
        nome_completo: '  Ana   Souza ',
        cellphone: '(11) 9 8765-4321',
        convenio: { id: 7, fantasy_name: 'Unimed' },
        birthday: '01/02/1980',
        address: ' Rua A, 1 ',
        cep: '01.310-100',
        cpf: '529.982.247-25',
        gender: 'female',
        medic: 3,
      }),
    ).toEqual({
      foto: photo,
      nome_completo: 'Ana Souza',
      cellphone: '(11) 9 8765-4321',
      convenio: 7,
      birthday: '1980-02-01',
      address: 'Rua A, 1',
      cep: '01.310-100',
      cpf: '529.982.247-25',
      gender: 'female',
      medic: 3,
    });
    expect(toPatientPayload({ ...EMPTY_PATIENT, gender: 'male' })).toMatchObject({ convenio: null, birthday: null });
  });

  describe('the plan card (docs/TISS.md "The patient\'s card")', () => {
    const unimed = { id: 7, fantasy_name: 'Unimed' };
    const withPlan = { ...EMPTY_PATIENT, convenio: unimed };

    it('sends the typed card: trimmed, validity as yyyy-MM-dd, blanks as null', () => {
      const data = { ...withPlan, card_number: ' 0123 4567 ', card_valid_until: '31/01/2027', card_plan_name: ' Unimed   Nacional ' };
      expect(planCardPayload(data)).toEqual({ card_number: '0123 4567', valid_until: '2027-01-31', plan_name: 'Unimed Nacional' });
      expect(planCardPayload({ ...data, card_valid_until: '', card_plan_name: '' })).toEqual({
        card_number: '0123 4567',
        valid_until: null,
        plan_name: null,
      });
      expect(toPatientPayload(data).plan_card).toEqual(planCardPayload(data));
    });

    it('sends no card without a plan, or with empty fields on a plan with no stored card', () => {
      expect(planCardPayload({ ...EMPTY_PATIENT, card_number: '123' })).toBeUndefined();
      expect(planCardPayload(withPlan)).toBeUndefined();
      // The stored card was another plan's: emptied fields on the new plan leave the stored cards alone.
      expect(planCardPayload({ ...withPlan, card_plan_id: 9 })).toBeUndefined();
    });

    it('sends null (delete) when the fields of the plan whose card they showed were emptied', () => {
      expect(planCardPayload({ ...withPlan, card_plan_id: 7 })).toBeNull();
    });

    it('step 1 checks the card only with a plan chosen and something typed', () => {
      const step1 = { nome_completo: 'Ana', cellphone: '(11) 9 8765-4321' };
      expect(identificationProblems({ ...step1, convenio: unimed, card_number: '', card_valid_until: '', card_plan_name: '' })).toEqual([]);
      expect(identificationProblems({ ...step1, convenio: unimed, card_number: '', card_valid_until: '', card_plan_name: 'Nacional' })).toEqual([
        { field: 'card_number', message: 'Informe o número da carteira.' },
      ]);
      expect(identificationProblems({ ...step1, convenio: unimed, card_number: '1'.repeat(21), card_valid_until: '99/99/2027', card_plan_name: 'x'.repeat(61) })).toEqual([
        { field: 'card_number', message: 'O número da carteira deve ter no máximo 20 caracteres.' },
        { field: 'card_valid_until', message: 'Validade da carteira inválida.' },
        { field: 'card_plan_name', message: 'O nome do plano na carteira deve ter no máximo 60 caracteres.' },
      ]);
      expect(identificationProblems({ ...step1, convenio: null, card_number: '', card_valid_until: '99/99/2027', card_plan_name: '' })).toEqual([]);
    });
  });

  it('keeps the messages of a save error, else the mode’s generic message', () => {
    expect(patientSaveMessages(new PatientSaveError(['Paciente já cadastrado para esse médico'], 400), 'create')).toEqual([
      'Paciente já cadastrado para esse médico',
    ]);
    expect(patientSaveMessages(new TypeError('Failed to fetch'), 'create')).toEqual([M.createFailed]);
    expect(patientSaveMessages(new PatientSaveError([]), 'edit')).toEqual(['Erro interno!']);
  });
});
