import type { Type } from 'arktype';
import { cpfAsTyped } from '../account/fields';
import {
  doctorAccessStep,
  doctorPersonalStep,
  doctorProfessionalStep,
  existingAccountStep,
  secretaryAccessStep,
  secretaryPersonalStep,
} from '../account/signupSchemas';
import { problemsIn } from '../validation/problems';
import type {
  DoctorAccessData,
  DoctorPersonalData,
  DoctorProfessionalData,
  SecretaryAccessData,
  SecretaryPersonalData,
} from './signupCommon';

// The messages, data types and submit helpers the signup shares without arktype (./signupCommon.ts), read from here too.
export {
  isEmail,
  SIGNUP_MESSAGES,
  signupErrorMessages,
  SignupError,
  signupNames,
  type SecretaryAccessData,
  type SecretaryPersonalData,
} from './signupCommon';

/**
 * Step-validity rules of the doctor and secretary signup wizards (SPEC §2, §5), over the step schemas of
 * machines/account/signupSchemas.ts (the forms resolve with the same schemas, the API's bodies are built from them).
 * Each returns the pt-BR problems of one step in the order of the step's fields, an empty list meaning "valid".
 * The wizard machines guard `wizard.next` / `wizard.submit` with them.
 */

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
