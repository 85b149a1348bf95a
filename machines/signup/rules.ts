import type { Type } from 'arktype';
import { ACCOUNT_FIELD_MESSAGES as F, cpfAsTyped } from '../account/fields';
import {
  doctorAccessStep,
  doctorPersonalStep,
  doctorProfessionalStep,
  existingAccountStep,
  secretaryAccessStep,
  secretaryPersonalStep,
} from '../account/signupSchemas';
import { isWellFormedEmail } from '../rules/account';
import { problemsIn } from '../validation/problems';

/**
 * Step-validity rules of the doctor and secretary signup wizards (SPEC §2, §5), over the step schemas of
 * machines/account/signupSchemas.ts (the forms resolve with the same schemas, the API's bodies are built from them).
 * Each returns the pt-BR problems of one step in the order of the step's fields, an empty list meaning "valid".
 * The wizard machines guard `wizard.next` / `wizard.submit` with them.
 */

/** Every pt-BR message of the signup rules; 'CPF Invalido!' is SPEC's, the others ours (shared with the API). */
export const SIGNUP_MESSAGES = {
  firstNameRequired: F.firstNameRequired,
  lastNameRequired: F.lastNameRequired,
  cpfRequired: F.cpfRequired,
  cpfInvalid: F.cpfInvalid,
  addressRequired: F.addressRequired,
  cellphoneRequired: F.cellphoneRequired,
  crmRequired: F.crmRequired,
  specialtyRequired: F.specialtyRequired,
  emailRequired: F.emailRequired,
  emailInvalid: F.emailInvalid,
  passwordRequired: F.passwordRequired,
  passwordTooShort: F.passwordTooShort,
  passwordsDiffer: F.passwordsDiffer,
  secretaryEmailRequired: F.secretaryEmailRequired,
  secretaryEmailInvalid: F.secretaryEmailInvalid,
  /** Submit failed with an error that carries no messages. */
  unknownError: 'Ocorreu um erro interno!',
} as const;

export type DoctorPersonalData = { first_name: string; last_name: string; cpf: string };
export type DoctorProfessionalData = {
  address: string;
  cellphone: string;
  crm: string;
  /** Specialty id from GET /project_auth/api/v1/list_specialty/; null until one is chosen. */
  specialty: number | null;
};
export type DoctorAccessData = {
  email: string;
  password: string;
  confirmPassword: string;
  IHaveASecretary: boolean;
  /** The secretary's contact e-mail (used only when IHaveASecretary). */
  secretary: string;
};
export type SecretaryPersonalData = { first_name: string; last_name: string; cpf: string };
export type SecretaryAccessData = { email: string; password: string; confirmPassword: string };

/** True when the value looks like an e-mail address (the server applies the same rule). */
export const isEmail = isWellFormedEmail;

/** The step's problems, field by field in the order the step shows them. */
function stepProblems(step: Type, fieldOrder: readonly string[], data: unknown): string[] {
  const problems = problemsIn(step, data);
  if (!problems) return [];
  const ordered = fieldOrder.flatMap((field) => problems.fields[field] ?? []);
  return [...ordered, ...problems.error.filter((message) => !ordered.includes(message))];
}

const NAMES_AND_CPF = ['first_name', 'last_name', 'cpf'] as const;
const CREDENTIALS = ['email', 'password', 'confirmPassword'] as const;

/** CPF rule of SPEC §5: required; when complete (14 masked chars) it must be a valid CPF. */
export function cpfProblems(cpf: string): string[] {
  return problemsIn(cpfAsTyped, cpf)?.error ?? [];
}

/** Doctor step 1: first name, last name and CPF. */
export function doctorPersonalProblems(data: DoctorPersonalData): string[] {
  return stepProblems(doctorPersonalStep, NAMES_AND_CPF, data);
}

/** Doctor step 2: address, cellphone (a real DDD) and CRM filled; a specialty chosen. */
export function doctorProfessionalProblems(data: DoctorProfessionalData): string[] {
  return stepProblems(doctorProfessionalStep, ['address', 'cellphone', 'crm', 'specialty'], data);
}

/** Doctor step 3: e-mail, password confirmed; the secretary's e-mail when IHaveASecretary. */
export function doctorAccessProblems(data: DoctorAccessData): string[] {
  return stepProblems(doctorAccessStep, [...CREDENTIALS, 'secretary'], data);
}

/** Secretary step 1: first name, last name and CPF. */
export function secretaryPersonalProblems(data: SecretaryPersonalData): string[] {
  return stepProblems(secretaryPersonalStep, NAMES_AND_CPF, data);
}

/** Secretary step 2: e-mail and password confirmed. */
export function secretaryAccessProblems(data: SecretaryAccessData): string[] {
  return stepProblems(secretaryAccessStep, CREDENTIALS, data);
}

/**
 * Secretary step 2 when the invite's e-mail already has a secretary account (DECISIONS §2): only
 * the account's current password is asked.
 */
export function secretaryExistingAccountProblems(data: { password: string }): string[] {
  return stepProblems(existingAccountStep, ['password'], data);
}

/**
 * The pt-BR messages carried by a rejected submit: any error with `messages: string[]`
 * (non-empty), else the generic message.
 */
export function signupErrorMessages(error: unknown): string[] {
  if (typeof error === 'object' && error !== null && 'messages' in error) {
    const { messages } = error as { messages: unknown };
    if (Array.isArray(messages) && messages.length && messages.every((m) => typeof m === 'string')) {
      return messages as string[];
    }
  }
  return [SIGNUP_MESSAGES.unknownError];
}

/** The names of a signup body: trimmed, the nickname defaulting to the first name. */
export function signupNames(data: { first_name: string; last_name: string; nickname: string }) {
  const firstName = data.first_name.trim();
  return { nickname: data.nickname.trim() || firstName, first_name: firstName, last_name: data.last_name.trim() };
}

/** The error a `submitSignup` actor may reject with: `messages` are shown as warnings. */
export class SignupError extends Error {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(messages.join(' '));
    this.name = 'SignupError';
    this.messages = messages;
  }
}
