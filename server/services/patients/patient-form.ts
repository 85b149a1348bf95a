import type { Gender } from '../../../machines/constants';
import {
  birthdayIssue,
  CEP_DIGITS,
  formatCep,
  isGender,
  normalizePatientName,
  PATIENT_MESSAGES as RULE_MESSAGES,
} from '../../../machines/patientWizard/rules';
import { isValidCpf, onlyDigits } from '../../../machines/rules/cpf';
import { AREA_CODE_UNKNOWN_MESSAGE, hasRealAreaCode } from '../../../machines/rules/phone';
import { badRequest, type HttpError } from '../../http/errors';
import { MAX_INT4, pathId } from '../../http/path-id';
import { PHOTO_MESSAGES } from '../files/photo';

/*
 * The patient form as the API reads it. The field rules the SPA's wizard applies too (name, biological sex,
 * birthday, CPF check digits, CEP length) and their shared messages come from machines/patientWizard/rules.ts.
 * Different on purpose: the API takes any mask punctuation or bare digits, and a phone of 10 or 11 digits (the
 * wizard's mask only makes 11-digit mobiles); the name and address lengths are checked here only.
 */

/** The text fields of the patient form (SPEC §3 "Patient form (multipart)"); `foto` is the file part. */
export const PATIENT_FORM_FIELDS = [
  'nome_completo',
  'cellphone',
  'convenio',
  'birthday',
  'address',
  'cep',
  'cpf',
  'gender',
  'medic',
] as const;
export type PatientFormField = (typeof PATIENT_FORM_FIELDS)[number];
export type PatientFormFields = Partial<Record<PatientFormField, string>>;

export const NOME_MAX_LENGTH = 200;
export const PATIENT_ADDRESS_MAX_LENGTH = 300;

export const PATIENT_MESSAGES = {
  notFound: 'Paciente não encontrado.',
  photoNotFound: PHOTO_MESSAGES.notFound,
  duplicate: 'Paciente já cadastrado para esse médico',
  hasSurgery: 'Não é possível deletar um paciente que possui cirurgia cadastrada.',
  nameRequired: 'O campo Paciente é obrigatório.',
  nameTooLong: `O campo Paciente deve ter no máximo ${NOME_MAX_LENGTH} caracteres.`,
  cellphoneRequired: 'O campo Telefone é obrigatório.',
  cellphoneInvalid: 'Telefone inválido: informe o DDD e o número (10 ou 11 dígitos).',
  areaCodeUnknown: AREA_CODE_UNKNOWN_MESSAGE,
  cpfRequired: 'O campo CPF é obrigatório.',
  cpfInvalid: RULE_MESSAGES.cpfInvalid,
  genderRequired: 'Selecione o sexo biológico (Masculino ou Feminino).',
  birthdayInvalid: 'Data de nascimento inválida.',
  birthdayFuture: 'A data de nascimento não pode estar no futuro.',
  cepInvalid: 'CEP inválido: informe os 8 dígitos.',
  addressTooLong: `O campo Endereço deve ter no máximo ${PATIENT_ADDRESS_MAX_LENGTH} caracteres.`,
  planUnknown: 'Convênio não encontrado.',
  medicRequired: RULE_MESSAGES.medicRequired,
  medicUnknown: 'Médico não encontrado.',
  medicLocked: 'Não é possível trocar o médico de um paciente que possui cirurgia cadastrada.',
  photoType: PHOTO_MESSAGES.type,
  photoTooLarge: PHOTO_MESSAGES.tooLarge,
  invalidData: 'Dados inválidos.',
} as const;

/** pt-BR problems per field; answered together as 400 `{ error: [all], <field>: [its messages] }`. */
export class FieldProblems {
  private readonly byField = new Map<string, string[]>();

  add(field: string, message: string): void {
    const list = this.byField.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    this.byField.set(field, list);
  }

  has(field: string): boolean {
    return this.byField.has(field);
  }

  get any(): boolean {
    return this.byField.size > 0;
  }

  toError(): HttpError {
    const all = [...new Set([...this.byField.values()].flat())];
    return badRequest(all, Object.fromEntries(this.byField));
  }

  throwIfAny(): void {
    if (this.any) throw this.toError();
  }
}

/** The form's values once checked: digits only for phone, CPF and CEP; null for what was left empty. */
export type PatientValues = {
  nomeCompleto: string;
  cellphone: string;
  cpf: string;
  gender: Gender;
  birthday: string | null;
  address: string | null;
  cep: string | null;
  /** Requested health plan and medic ids (their existence and access are checked against the database). */
  healthPlanId: number | null;
  medicId: number | null;
};

/** A positive integer id sent as text ('12'); null when absent or malformed. */
export function parseId(value: string | undefined): number | null {
  return pathId(value?.trim() ?? '');
}

/** Digits of a masked value, or null when it holds anything but digits and mask punctuation. */
function maskedDigits(value: string): string | null {
  return /^[\d\s().+\-/]*$/.test(value) ? onlyDigits(value) : null;
}

/** A birthday before MIN_BIRTH_YEAR (a typo such as 0199) is answered as invalid rather than stored. */
function readBirthday(raw: string, today: string, problems: FieldProblems): string | null {
  if (!raw) return null;
  const issue = birthdayIssue(raw, today);
  if (issue === 'future') problems.add('birthday', PATIENT_MESSAGES.birthdayFuture);
  else if (issue !== null) problems.add('birthday', PATIENT_MESSAGES.birthdayInvalid);
  return raw;
}

/**
 * Checks the patient form's text fields (everything that needs no database) and returns the
 * normalised values; problems go to `problems`. `today` is yyyy-MM-dd in America/Sao_Paulo.
 */
export function readPatientForm(fields: PatientFormFields, today: string, problems: FieldProblems): PatientValues {
  const text = (name: PatientFormField) => (fields[name] ?? '').trim();

  const nomeCompleto = normalizePatientName(text('nome_completo'));
  if (!nomeCompleto) problems.add('nome_completo', PATIENT_MESSAGES.nameRequired);
  else if (nomeCompleto.length > NOME_MAX_LENGTH) problems.add('nome_completo', PATIENT_MESSAGES.nameTooLong);

  // 10 or 11 digits on purpose: the wizard's isValidCellphone (11-digit mobiles) is its mask's rule, not the API's.
  // Either way the DDD must be one in service (machines/rules/phone.ts).
  const cellphone = maskedDigits(text('cellphone'));
  if (!text('cellphone')) problems.add('cellphone', PATIENT_MESSAGES.cellphoneRequired);
  else if (cellphone === null || cellphone.length < 10 || cellphone.length > 11) {
    problems.add('cellphone', PATIENT_MESSAGES.cellphoneInvalid);
  } else if (!hasRealAreaCode(cellphone)) {
    problems.add('cellphone', PATIENT_MESSAGES.areaCodeUnknown);
  }

  const cpf = maskedDigits(text('cpf'));
  if (!text('cpf')) problems.add('cpf', PATIENT_MESSAGES.cpfRequired);
  else if (cpf === null || !isValidCpf(cpf)) problems.add('cpf', PATIENT_MESSAGES.cpfInvalid);

  const gender = text('gender');
  if (!isGender(gender)) problems.add('gender', PATIENT_MESSAGES.genderRequired);

  const cep = text('cep') ? maskedDigits(text('cep')) : null;
  if (text('cep') && (cep === null || cep.length !== CEP_DIGITS)) problems.add('cep', PATIENT_MESSAGES.cepInvalid);

  const address = text('address').replace(/\s+/g, ' ');
  if (address.length > PATIENT_ADDRESS_MAX_LENGTH) problems.add('address', PATIENT_MESSAGES.addressTooLong);

  const plan = text('convenio');
  const healthPlanId = plan && plan !== 'null' ? parseId(plan) : null;
  if (plan && plan !== 'null' && healthPlanId === null) problems.add('convenio', PATIENT_MESSAGES.planUnknown);

  return {
    nomeCompleto,
    cellphone: cellphone ?? '',
    cpf: cpf ?? '',
    gender: gender as Gender,
    birthday: readBirthday(text('birthday'), today, problems),
    address: address || null,
    cep: cep || null,
    healthPlanId,
    medicId: parseId(fields.medic),
  };
}

/** The address for display: 'Rua X, 10 - CEP 01.310-100', either part alone, or null. */
export function buildFullAddress(address: string | null, cep: string | null): string | null {
  const parts = [address?.trim() || null, cep ? `CEP ${formatCep(cep)}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' - ') : null;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const PAGE_MESSAGES = {
  limit: `O parâmetro limit deve ser um número inteiro de 1 a ${MAX_PAGE_SIZE}.`,
  offset: 'O parâmetro offset deve ser um número inteiro maior ou igual a 0.',
} as const;

/**
 * `limit` (1..MAX_PAGE_SIZE, default DEFAULT_PAGE_SIZE) and `offset` (≥ 0, default 0) of the patient
 * list, from the query string; anything else (text, a repeated parameter, out of range) goes to
 * `problems`.
 */
export function readPage(query: { limit?: unknown; offset?: unknown }, problems: FieldProblems) {
  const integer = (value: unknown, fallback: number, min: number, max: number): number | null => {
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
    const number = Number(value);
    return number >= min && number <= max ? number : null;
  };
  const limit = integer(query.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const offset = integer(query.offset, 0, 0, MAX_INT4);
  if (limit === null) problems.add('limit', PAGE_MESSAGES.limit);
  if (offset === null) problems.add('offset', PAGE_MESSAGES.offset);
  return { limit: limit ?? DEFAULT_PAGE_SIZE, offset: offset ?? 0 };
}
