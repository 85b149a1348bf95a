import { GENDERS, type Gender } from '../constants';
import { CPF_INVALID_MESSAGE, onlyDigits } from '../rules/cpf';
import { AREA_CODE_UNKNOWN_MESSAGE, hasRealAreaCode } from '../rules/phone';

/**
 * The patient's fields (SPEC §3 patient form, §5): the pure rules both sides apply and every pt-BR message they show.
 * ./schemas.ts builds the form's and the API's schemas from them; ./rules.ts holds the wizard's own rules.
 */

export type PatientWizardMode = 'create' | 'edit';

/** Birthdays before this year are taken as typing mistakes. */
const MIN_BIRTH_YEAR = 1900;
/** A CEP has 8 digits (00.000-000). */
export const CEP_DIGITS = 8;
export const PATIENT_NAME_MAX_LENGTH = 200;
export const PATIENT_ADDRESS_MAX_LENGTH = 300;

/**
 * Every pt-BR message of the patient's fields, the same in the form and from the API. 'CPF Invalido!' and
 * 'O CPF {cpf} é invalido!' are SPEC §5's (spelling included); the others are ours. Where the two sides differ on
 * purpose (the form's mask against the API's looser input), the message names its rule: `phoneInvalid` (the wizard's
 * 11-digit mobile) and `phoneNumberInvalid` (the API's 10 or 11 digits), `birthdayInvalid` (dd/mm/aaaa) and
 * `birthdayInvalidIso` (yyyy-MM-dd).
 */
export const PATIENT_MESSAGES = {
  nameRequired: 'Preencha o nome do paciente.',
  nameTooLong: `O campo Paciente deve ter no máximo ${PATIENT_NAME_MAX_LENGTH} caracteres.`,
  phoneRequired: 'Preencha o telefone.',
  phoneInvalid: 'Informe um celular válido: (00) 9 0000-0000.',
  phoneNumberInvalid: 'Telefone inválido: informe o DDD e o número (10 ou 11 dígitos).',
  areaCodeUnknown: AREA_CODE_UNKNOWN_MESSAGE,
  cpfRequired: 'Preencha o CPF.',
  cpfInvalid: CPF_INVALID_MESSAGE,
  cpfInvalidEdit: 'O CPF {cpf} é invalido!',
  genderRequired: 'Selecione o sexo biológico.',
  birthdayInvalid: 'Informe uma data de nascimento válida (dd/mm/aaaa).',
  birthdayInvalidIso: 'Data de nascimento inválida.',
  birthdayFuture: 'A data de nascimento não pode ser uma data futura.',
  birthdayTooOld: `Informe uma data de nascimento a partir de ${MIN_BIRTH_YEAR}.`,
  addressTooLong: `O campo Endereço deve ter no máximo ${PATIENT_ADDRESS_MAX_LENGTH} caracteres.`,
  cepInvalid: 'Informe o CEP com 8 dígitos (00.000-000).',
  medicRequired: 'Selecione o médico do paciente.',
  medicUnknown: 'Médico não encontrado.',
  planUnknown: 'Convênio não encontrado.',
  /** A failed create whose error carries no message. */
  createFailed: 'Ocorreu um erro interno!',
  /** SPEC §8: a failed update that the server answered with an internal error. */
  updateFailed: 'Erro interno!',
} as const;

/** The patient's name as stored: trimmed, inner runs of spaces as one. */
export function normalizePatientName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** The biological sex is one of GENDERS (SPEC §3: male / female). */
export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

/**
 * A Brazilian mobile number: a DDD in service (machines/rules/phone.ts) then 9 and eight digits, i.e. what the
 * SPEC §5 mask (00) 0 0000-0000 holds. Accepts masked or bare digits. The API also takes 10-digit landlines, with the
 * same DDD rule.
 */
export function isValidCellphone(value: string): boolean {
  return /^[1-9]{2}9\d{8}$/.test(onlyDigits(value)) && hasRealAreaCode(value);
}

/** CEP with 8 digits, masked (00.000-000) or bare (the wizard's mask; the API also allows other punctuation). */
export function isValidCep(value: string): boolean {
  return onlyDigits(value).length === CEP_DIGITS && /^[\d.-]+$/.test(value.trim());
}

/** 8 digits as 00.000-000; anything else as given (trimmed), '' for null. */
export function formatCep(value: string | null | undefined): string {
  const digits = onlyDigits(value ?? '');
  return digits.length === CEP_DIGITS
    ? `${digits.slice(0, 2)}.${digits.slice(2, 5)}-${digits.slice(5)}`
    : (value ?? '').trim();
}

/** True when `day` is a real yyyy-MM-dd calendar date (2024-02-30 and 2023-02-29 are not). */
export function isRealIsoDate(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date;
}

/** What is wrong with a birthday given as yyyy-MM-dd. */
export type BirthdayIssue = 'invalid' | 'tooOld' | 'future';

/**
 * The birthday rule (both sides): a real date, from MIN_BIRTH_YEAR on, not after `today` (yyyy-MM-dd in São Paulo);
 * null when it holds.
 */
export function birthdayIssue(iso: string, today: string): BirthdayIssue | null {
  if (!isRealIsoDate(iso)) return 'invalid';
  if (Number(iso.slice(0, 4)) < MIN_BIRTH_YEAR) return 'tooOld';
  if (iso > today) return 'future';
  return null;
}

/**
 * Reads a masked dd/mm/yyyy date as yyyy-MM-dd (SPEC §5: sent as yyyy-mm-dd); null when it is incomplete or not a
 * real calendar date (31/02/2024, 29/02/2023, 00/01/2024).
 */
export function brDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isRealIsoDate(iso) ? iso : null;
}

/** yyyy-MM-dd (or an ISO datetime) as dd/mm/yyyy, for prefilling the edit form; '' when empty or unreadable. */
export function isoToBrDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value?.trim() ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
