import type { Type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FIELD_MESSAGES as M } from '../../../machines/account/fields';
import {
  changePasswordForm,
  changePasswordSchema,
  createSecretarySchema,
  SETTINGS_MESSAGES,
  settingsNameSchema,
  settingsNicknameSchema,
  settingsUpdateSchema,
} from '../../../machines/account/settingsSchemas';
import {
  doctorAccessForm,
  doctorAccessStep,
  doctorPersonalStep,
  doctorProfessionalForm,
  doctorProfessionalStep,
  doctorSignupSchema,
  existingAccountStep,
  newSecretarySchema,
  secretaryAccessForm,
  secretaryAccessStep,
  secretaryPersonalStep,
  secretarySignupSchema,
} from '../../../machines/account/signupSchemas';
import { check, problemsIn, VALIDATION_MESSAGES } from '../../../machines/validation/problems';

const DOCTOR = {
  nickname: 'Dra. Carla',
  first_name: 'Carla',
  last_name: 'Mendes',
  cpf: '529.982.247-25',
  specialty: 3,
  address: 'Av. Paulista, 1000',
  cellphone: '(11) 9 8765-4321',
  crm: '123456/SP',
  password: 'Cirurgia@2024',
  confirmPassword: 'Cirurgia@2024',
  email: 'carla@clinica.com.br',
  IAcceptToStoreData: true,
  IHaveASecretary: false,
  secretary: '',
  news: true,
};

/** The messages a body with `change` gets for `field` (none when the body passes). */
function fieldMessages(schema: Type, body: Record<string, unknown>, field: string): string[] {
  return problemsIn(schema, body)?.fields[field] ?? [];
}

describe('doctorSignupSchema', () => {
  it('passes a whole signup, trimmed, with the CPF and the cellphone as digits', () => {
    const result = check(doctorSignupSchema, { ...DOCTOR, first_name: '  Carla ', email: ' carla@clinica.com.br ' });
    expect(result).toEqual({
      ok: true,
      value: { ...DOCTOR, first_name: 'Carla', email: 'carla@clinica.com.br', cpf: '52998224725', cellphone: '11987654321' },
    });
  });

  it.each([
    ['first_name', [undefined, '   '], M.firstNameRequired],
    ['first_name', ['a'.repeat(151)], M.nameTooLong],
    ['last_name', [undefined, ''], M.lastNameRequired],
    ['cpf', [undefined, ' '], M.cpfRequired],
    ['cpf', ['123.456.789-00', '111.111.111-11', '529.982', '5'.repeat(21)], M.cpfInvalid],
    ['address', [undefined, ''], M.addressRequired],
    ['address', ['a'.repeat(301)], M.addressTooLong],
    ['cellphone', [undefined, ''], M.cellphoneRequired],
    ['cellphone', ['(11) 9 8765', '1'.repeat(14)], M.cellphoneInvalid],
    ['cellphone', ['(29) 9 8765-4321', '+55 (59) 98765-4321'], M.areaCodeUnknown],
    ['crm', [undefined, ' '], M.crmRequired],
    ['crm', ['1'.repeat(31)], M.crmTooLong],
    ['specialty', [undefined, null], M.specialtyRequired],
    ['specialty', ['cardio', '3', 0, -1, 1.5, 2_147_483_648], M.specialtyUnknown],
    ['email', [undefined, ' '], M.emailRequired],
    ['email', ['carla@', 'carla clinica.com', `${'a'.repeat(250)}@x.com`], M.emailInvalid],
    ['password', [undefined, '', '        '], M.passwordRequired],
    ['password', ['curta'], M.passwordTooShort],
    ['password', ['x'.repeat(129)], M.passwordTooLong],
    ['confirmPassword', [undefined, 'Outra@2024'], M.passwordsDiffer],
    ['IAcceptToStoreData', [undefined, false], M.consentRequired],
    ['nickname', ['a'.repeat(151)], M.nameTooLong],
  ])('says what is wrong with %s', (field, values, message) => {
    for (const value of values) {
      const body: Record<string, unknown> = { ...DOCTOR, [field]: value };
      if (value === undefined) delete body[field];
      // A password's length is judged with its repetition equal, so only the policy speaks.
      if (field === 'password' && value !== undefined) body.confirmPassword = value;
      expect(fieldMessages(doctorSignupSchema, body, field), `${field}: ${String(value)}`).toEqual([message]);
    }
  });

  it('asks for the secretary’s e-mail, well-formed and not the doctor’s, only with IHaveASecretary', () => {
    const secretary = (value: unknown, has = true) =>
      fieldMessages(doctorSignupSchema, { ...DOCTOR, IHaveASecretary: has, secretary: value }, 'secretary');
    expect(secretary('lixo', false)).toEqual([]);
    expect(secretary('')).toEqual([M.secretaryEmailRequired]);
    expect(secretary(null)).toEqual([M.secretaryEmailRequired]);
    expect(secretary('joana@')).toEqual([M.secretaryEmailInvalid]);
    expect(secretary(' CARLA@clinica.com.br ')).toEqual([M.secretaryEmailIsOwn]);
    expect(secretary('joana@clinica.com.br')).toEqual([]);
  });

  it('checks the rules across fields once every field is well-formed', () => {
    expect(problemsIn(doctorSignupSchema, { ...DOCTOR, cpf: '', confirmPassword: 'x' })?.error).toEqual([M.cpfRequired]);
    expect(problemsIn(doctorSignupSchema, { ...DOCTOR, confirmPassword: 'x' })?.error).toEqual([M.passwordsDiffer]);
  });

  it('answers Dados inválidos. for a body that is no object', () => {
    for (const body of [null, 'x', 42, [DOCTOR]]) {
      expect(problemsIn(doctorSignupSchema, body)).toEqual({ error: [VALIDATION_MESSAGES.invalidData], fields: {} });
    }
  });
});

describe('the doctor wizard steps', () => {
  it('judges a typed CPF once its 14 characters are there (SPEC §5); the API judges any', () => {
    expect(problemsIn(doctorPersonalStep, { first_name: 'Ana', last_name: 'Souza', cpf: '529.982' })).toBeNull();
    expect(fieldMessages(doctorPersonalStep, { first_name: 'Ana', last_name: 'Souza', cpf: '529.982.247-26' }, 'cpf')).toEqual([
      M.cpfInvalid,
    ]);
  });

  it('holds the specialty as the machine does (an id) and as the select does (its value)', () => {
    const professional = { address: 'Rua A', cellphone: '(11) 9 8765-4321', crm: '1/SP' };
    expect(fieldMessages(doctorProfessionalStep, { ...professional, specialty: null }, 'specialty')).toEqual([M.specialtyRequired]);
    expect(problemsIn(doctorProfessionalStep, { ...professional, specialty: 3 })).toBeNull();
    expect(fieldMessages(doctorProfessionalForm, { ...professional, specialty: '' }, 'specialty')).toEqual([M.specialtyRequired]);
    expect(problemsIn(doctorProfessionalForm, { ...professional, specialty: '3' })).toBeNull();
  });

  it('leaves the consent to the form’s access step', () => {
    const access = { email: 'a@b.com', password: 'segredo123', confirmPassword: 'segredo123', IHaveASecretary: false, secretary: '' };
    expect(problemsIn(doctorAccessStep, access)).toBeNull();
    expect(fieldMessages(doctorAccessForm, { ...access, IAcceptToStoreData: false }, 'IAcceptToStoreData')).toEqual([M.consentRequired]);
  });
});

describe('the secretary signup schemas', () => {
  const NEW = { first_name: 'Joana', last_name: 'Dias', cpf: '529.982.247-25', password: 'Agenda@2024', confirmPassword: 'Agenda@2024', IAcceptToStoreData: true };

  it('takes only the password in the body; a new account needs names, CPF and the password confirmed', () => {
    expect(problemsIn(secretarySignupSchema, { password: 'x' })).toBeNull();
    expect(fieldMessages(secretarySignupSchema, {}, 'password')).toEqual([M.passwordRequired]);
    expect(problemsIn(newSecretarySchema, NEW)).toBeNull();
    expect(problemsIn(newSecretarySchema, { password: 'x' })?.fields).toMatchObject({
      first_name: [M.firstNameRequired],
      last_name: [M.lastNameRequired],
      cpf: [M.cpfRequired],
      password: [M.passwordTooShort],
    });
    expect(fieldMessages(newSecretarySchema, { ...NEW, confirmPassword: '' }, 'confirmPassword')).toEqual([M.passwordsDiffer]);
    // The LGPD consent, as the doctor's: required and true.
    expect(fieldMessages(newSecretarySchema, { ...NEW, IAcceptToStoreData: false }, 'IAcceptToStoreData')).toEqual([M.consentRequired]);
    const { IAcceptToStoreData: _consent, ...withoutConsent } = NEW;
    expect(fieldMessages(newSecretarySchema, withoutConsent, 'IAcceptToStoreData')).toEqual([M.consentRequired]);
  });

  it('leaves the consent to the form’s access step', () => {
    const access = { email: 'a@b.com', password: 'segredo123', confirmPassword: 'segredo123' };
    expect(problemsIn(secretaryAccessStep, access)).toBeNull();
    expect(fieldMessages(secretaryAccessForm, { ...access, IAcceptToStoreData: false }, 'IAcceptToStoreData')).toEqual([M.consentRequired]);
    expect(problemsIn(secretaryAccessForm, { ...access, IAcceptToStoreData: true })).toBeNull();
  });

  it('has the wizard’s steps and the existing account’s password', () => {
    expect(fieldMessages(secretaryPersonalStep, { ...NEW, first_name: '' }, 'first_name')).toEqual([M.firstNameRequired]);
    expect(fieldMessages(secretaryAccessStep, { email: '', password: 'Agenda@2024', confirmPassword: 'Agenda@2024' }, 'email')).toEqual([
      M.emailRequired,
    ]);
    expect(fieldMessages(existingAccountStep, { password: '' }, 'password')).toEqual([M.passwordRequired]);
  });
});

describe('the settings schemas', () => {
  it.each([
    [{ first_name: 'Paula' }, [SETTINGS_MESSAGES.namesTogether]],
    [{}, [SETTINGS_MESSAGES.nameOrNickname]],
    [{ crm: '1/SP' }, [SETTINGS_MESSAGES.readOnly('CRM'), SETTINGS_MESSAGES.nameOrNickname]],
    [{ nickname: 'P', apelido: 'Q', toString: 'x' }, [VALIDATION_MESSAGES.unknownField('apelido'), VALIDATION_MESSAGES.unknownField('toString')]],
    [{ first_name: ' ', last_name: 'Reis' }, [M.firstNameRequired]],
  ])('refuses %j with its messages', (body, messages) => {
    expect(problemsIn(settingsUpdateSchema, body)?.error).toEqual(messages);
  });

  it('saves names and nickname trimmed, an empty nickname as null', () => {
    expect(check(settingsUpdateSchema, { first_name: ' Paula ', last_name: 'Reis', nickname: '  ' })).toEqual({
      ok: true,
      value: { first_name: 'Paula', last_name: 'Reis', nickname: null },
    });
  });

  it('asks for the current password and a new, different one that follows the policy', () => {
    expect(problemsIn(changePasswordSchema, {})?.fields).toEqual({
      password: [M.currentPasswordRequired],
      new_password: [M.newPasswordRequired],
    });
    // As the KDF compares them: NFKC ('ﬁ' is 'fi').
    expect(fieldMessages(changePasswordSchema, { password: 'ﬁrme1234', new_password: 'firme1234' }, 'new_password')).toEqual([
      M.newPasswordSame,
    ]);
    expect(fieldMessages(changePasswordForm, { password: 'a', new_password: 'Nova@2026', confirm_password: 'x' }, 'confirm_password')).toEqual([
      M.passwordsDiffer,
    ]);
  });
});

/** Every message a user can be shown by these schemas. */
const OURS = new Set<string>([
  ...Object.values(M),
  VALIDATION_MESSAGES.invalidData,
  SETTINGS_MESSAGES.nameOrNickname,
  SETTINGS_MESSAGES.namesTogether,
]);

const SCHEMAS: Record<string, [Type, Record<string, unknown>]> = {
  doctorSignupSchema: [doctorSignupSchema, DOCTOR],
  doctorPersonalStep: [doctorPersonalStep, DOCTOR],
  doctorProfessionalStep: [doctorProfessionalStep, DOCTOR],
  doctorProfessionalForm: [doctorProfessionalForm, { ...DOCTOR, specialty: '3' }],
  doctorAccessStep: [doctorAccessStep, DOCTOR],
  doctorAccessForm: [doctorAccessForm, DOCTOR],
  secretarySignupSchema: [secretarySignupSchema, DOCTOR],
  newSecretarySchema: [newSecretarySchema, DOCTOR],
  secretaryPersonalStep: [secretaryPersonalStep, DOCTOR],
  secretaryAccessStep: [secretaryAccessStep, DOCTOR],
  secretaryAccessForm: [secretaryAccessForm, DOCTOR],
  existingAccountStep: [existingAccountStep, DOCTOR],
  settingsNameSchema: [settingsNameSchema, { first_name: 'A', last_name: 'B' }],
  settingsNicknameSchema: [settingsNicknameSchema, { nickname: 'A' }],
  settingsUpdateSchema: [settingsUpdateSchema, { first_name: 'A', last_name: 'B', nickname: 'C' }],
  changePasswordSchema: [changePasswordSchema, { password: 'Antiga@2026', new_password: 'Nova@2026' }],
  changePasswordForm: [changePasswordForm, { password: 'Antiga@2026', new_password: 'Nova@2026', confirm_password: 'Nova@2026' }],
  createSecretarySchema: [createSecretarySchema, { first_name: 'A', last_name: 'B', email: 'a@b.com' }],
};

const WRONG_TYPES: unknown[] = [null, 42, true, 'texto', {}, [], ['x'], { a: 1 }];

describe('no English message reaches a user', () => {
  it.each(Object.entries(SCHEMAS))('%s says only its own pt-BR messages for a wrong type in any field', (_, [schema, valid]) => {
    const jsonSchema = schema.in.toJsonSchema({ fallback: (ctx) => ctx.base }) as { properties?: object };
    const fields = Object.keys(jsonSchema.properties ?? {});
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      for (const value of WRONG_TYPES) {
        const problems = problemsIn(schema, { ...valid, [field]: value });
        for (const message of problems?.error ?? []) expect(OURS, `${field} = ${JSON.stringify(value)}: ${message}`).toContain(message);
      }
    }
  });
});
