import { describe, expect, it } from 'vitest';
import {
  SIGNUP_MESSAGES as M,
  cpfProblems,
  doctorAccessProblems,
  doctorPersonalProblems,
  doctorProfessionalProblems,
  isEmail,
  secretaryAccessProblems,
  secretaryExistingAccountProblems,
  secretaryPersonalProblems,
  signupErrorMessages,
  SignupError,
} from '../../../machines/signup/rules';

const VALID_CPF = '529.982.247-25';

describe('cpfProblems', () => {
  it('asks for the CPF when it is empty or blank', () => {
    expect(cpfProblems('')).toEqual([M.cpfRequired]);
    expect(cpfProblems('   ')).toEqual([M.cpfRequired]);
  });
  it("says 'CPF Invalido!' when the 14-char masked value is not a valid CPF", () => {
    expect(cpfProblems('529.982.247-26')).toEqual(['CPF Invalido!']);
    expect(cpfProblems('111.111.111-11')).toEqual(['CPF Invalido!']);
  });
  it('accepts a valid masked CPF', () => {
    expect(cpfProblems(VALID_CPF)).toEqual([]);
  });
  it('does not judge an incomplete value (SPEC §5 checks only 14-char values)', () => {
    expect(cpfProblems('529.982')).toEqual([]);
  });
});

describe('isEmail', () => {
  it('accepts a plain address and rejects malformed ones', () => {
    expect(isEmail('ana@clinica.com.br')).toBe(true);
    expect(isEmail(' ana@clinica.com ')).toBe(true);
    expect(isEmail('ana@clinica')).toBe(false);
    expect(isEmail('ana clinica@x.com')).toBe(false);
    expect(isEmail('@x.com')).toBe(false);
  });
});

describe('doctorPersonalProblems', () => {
  it('is empty when names and a valid CPF are given', () => {
    expect(doctorPersonalProblems({ first_name: 'Ana', last_name: 'Souza', cpf: VALID_CPF })).toEqual([]);
  });
  it('lists every missing field', () => {
    expect(doctorPersonalProblems({ first_name: ' ', last_name: '', cpf: '' })).toEqual([
      M.firstNameRequired,
      M.lastNameRequired,
      M.cpfRequired,
    ]);
  });
  it('reports an invalid CPF', () => {
    expect(doctorPersonalProblems({ first_name: 'Ana', last_name: 'Souza', cpf: '123.456.789-00' })).toEqual([
      'CPF Invalido!',
    ]);
  });
});

describe('doctorProfessionalProblems', () => {
  const valid = { address: 'Rua A, 1', cellphone: '(11) 9 8765-4321', crm: '12345/SP', specialty: 3 };
  it('is empty when address, cellphone, CRM and specialty are given', () => {
    expect(doctorProfessionalProblems(valid)).toEqual([]);
  });
  it('lists missing fields and an unchosen specialty', () => {
    expect(doctorProfessionalProblems({ address: '', cellphone: '', crm: ' ', specialty: null })).toEqual([
      M.addressRequired,
      M.cellphoneRequired,
      M.crmRequired,
      M.specialtyRequired,
    ]);
  });
});

describe('doctorAccessProblems', () => {
  const valid = {
    email: 'ana@clinica.com.br',
    password: 'segredo123',
    confirmPassword: 'segredo123',
    IHaveASecretary: false,
    secretary: '',
  };
  it('is empty for a valid e-mail and matching passwords without a secretary', () => {
    expect(doctorAccessProblems(valid)).toEqual([]);
  });
  it('asks for e-mail and password', () => {
    expect(doctorAccessProblems({ ...valid, email: '', password: '', confirmPassword: '' })).toEqual([
      M.emailRequired,
      M.passwordRequired,
    ]);
  });
  it('rejects a malformed e-mail', () => {
    expect(doctorAccessProblems({ ...valid, email: 'ana@' })).toEqual([M.emailInvalid]);
  });
  it('rejects passwords shorter than 8 characters', () => {
    expect(doctorAccessProblems({ ...valid, password: 'curta', confirmPassword: 'curta' })).toEqual([
      M.passwordTooShort,
    ]);
  });
  it("says 'As senhas não conferem.' when the confirmation differs", () => {
    expect(doctorAccessProblems({ ...valid, confirmPassword: 'segredo124' })).toEqual(['As senhas não conferem.']);
  });
  it("requires a valid secretary e-mail only when 'has a secretary' is checked", () => {
    expect(doctorAccessProblems({ ...valid, secretary: 'lixo' })).toEqual([]);
    expect(doctorAccessProblems({ ...valid, IHaveASecretary: true })).toEqual([M.secretaryEmailRequired]);
    expect(doctorAccessProblems({ ...valid, IHaveASecretary: true, secretary: 'lixo' })).toEqual([
      M.secretaryEmailInvalid,
    ]);
    expect(doctorAccessProblems({ ...valid, IHaveASecretary: true, secretary: 'bia@clinica.com' })).toEqual([]);
  });
});

describe('secretary rules', () => {
  it('step 1 needs names and CPF', () => {
    expect(secretaryPersonalProblems({ first_name: 'Bia', last_name: 'Lima', cpf: VALID_CPF })).toEqual([]);
    expect(secretaryPersonalProblems({ first_name: '', last_name: 'Lima', cpf: '529.982.247-26' })).toEqual([
      M.firstNameRequired,
      'CPF Invalido!',
    ]);
  });
  it('step 2 needs e-mail and a confirmed password', () => {
    const valid = { email: 'bia@clinica.com', password: 'segredo123', confirmPassword: 'segredo123' };
    expect(secretaryAccessProblems(valid)).toEqual([]);
    expect(secretaryAccessProblems({ ...valid, email: '' })).toEqual([M.emailRequired]);
    expect(secretaryAccessProblems({ ...valid, confirmPassword: '' })).toEqual([M.passwordsDiffer]);
  });
  it('an existing account needs only the password', () => {
    expect(secretaryExistingAccountProblems({ password: 'x' })).toEqual([]);
    expect(secretaryExistingAccountProblems({ password: '' })).toEqual([M.passwordRequired]);
  });
});

describe('signupErrorMessages', () => {
  it('returns the messages of an error that carries them', () => {
    expect(signupErrorMessages(new SignupError(['E-mail já cadastrado.']))).toEqual(['E-mail já cadastrado.']);
    expect(signupErrorMessages({ messages: ['a', 'b'] })).toEqual(['a', 'b']);
  });
  it('falls back to the generic message', () => {
    expect(signupErrorMessages(new Error('boom'))).toEqual([M.unknownError]);
    expect(signupErrorMessages({ messages: [] })).toEqual([M.unknownError]);
    expect(signupErrorMessages(undefined)).toEqual([M.unknownError]);
  });
});
