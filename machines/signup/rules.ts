import { ACCOUNT_MESSAGES, isWellFormedEmail, PASSWORD_MIN_LENGTH } from '../rules/account';
import { CPF_INVALID_MESSAGE, CPF_MASKED_LENGTH, isValidCpf } from '../rules/cpf';

/**
 * Step-validity rules of the doctor and secretary signup wizards (SPEC §2, §5).
 * Pure functions: each returns the pt-BR problems of one step, an empty list meaning "valid".
 * The wizard machines guard `wizard.next` / `wizard.submit` with them; the SPA may call them too
 * (e.g. to show the problems next to the fields).
 */

export { CPF_MASKED_LENGTH, PASSWORD_MIN_LENGTH };

/** Every pt-BR message of the signup rules; 'CPF Invalido!' is SPEC's, the others ours. */
export const SIGNUP_MESSAGES = {
  firstNameRequired: 'Preencha o nome.',
  lastNameRequired: 'Preencha o sobrenome.',
  cpfRequired: 'Preencha o CPF.',
  cpfInvalid: CPF_INVALID_MESSAGE,
  addressRequired: 'Preencha o endereço.',
  cellphoneRequired: 'Preencha o celular.',
  crmRequired: 'Preencha o CRM.',
  specialtyRequired: 'Escolha a especialidade.',
  emailRequired: 'Preencha o e-mail.',
  emailInvalid: 'Informe um e-mail válido.',
  passwordRequired: 'Preencha a senha.',
  passwordTooShort: ACCOUNT_MESSAGES.passwordTooShort,
  passwordsDiffer: 'As senhas não conferem.',
  secretaryEmailRequired: 'Preencha o e-mail da secretária.',
  secretaryEmailInvalid: 'Informe um e-mail válido para a secretária.',
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

function isBlank(value: string | null | undefined): boolean {
  return !value || value.trim() === '';
}

/** True when the value looks like an e-mail address (the server applies the same rule). */
export const isEmail = isWellFormedEmail;

/** CPF rule of SPEC §5: required; when complete (14 masked chars) it must be a valid CPF. */
export function cpfProblems(cpf: string): string[] {
  if (isBlank(cpf)) return [SIGNUP_MESSAGES.cpfRequired];
  if (cpf.length === CPF_MASKED_LENGTH && !isValidCpf(cpf)) return [SIGNUP_MESSAGES.cpfInvalid];
  return [];
}

function namesProblems(data: { first_name: string; last_name: string }): string[] {
  const problems: string[] = [];
  if (isBlank(data.first_name)) problems.push(SIGNUP_MESSAGES.firstNameRequired);
  if (isBlank(data.last_name)) problems.push(SIGNUP_MESSAGES.lastNameRequired);
  return problems;
}

function credentialsProblems(data: SecretaryAccessData): string[] {
  const problems: string[] = [];
  if (isBlank(data.email)) problems.push(SIGNUP_MESSAGES.emailRequired);
  else if (!isEmail(data.email)) problems.push(SIGNUP_MESSAGES.emailInvalid);
  if (isBlank(data.password)) problems.push(SIGNUP_MESSAGES.passwordRequired);
  else if (data.password.length < PASSWORD_MIN_LENGTH) problems.push(SIGNUP_MESSAGES.passwordTooShort);
  else if (data.password !== data.confirmPassword) problems.push(SIGNUP_MESSAGES.passwordsDiffer);
  return problems;
}

/** Doctor step 1: first name, last name and CPF. */
export function doctorPersonalProblems(data: DoctorPersonalData): string[] {
  return [...namesProblems(data), ...cpfProblems(data.cpf)];
}

/** Doctor step 2: address, cellphone and CRM filled; a specialty chosen. */
export function doctorProfessionalProblems(data: DoctorProfessionalData): string[] {
  const problems: string[] = [];
  if (isBlank(data.address)) problems.push(SIGNUP_MESSAGES.addressRequired);
  if (isBlank(data.cellphone)) problems.push(SIGNUP_MESSAGES.cellphoneRequired);
  if (isBlank(data.crm)) problems.push(SIGNUP_MESSAGES.crmRequired);
  if (data.specialty === null || !Number.isInteger(data.specialty)) {
    problems.push(SIGNUP_MESSAGES.specialtyRequired);
  }
  return problems;
}

/** Doctor step 3: e-mail, password confirmed; the secretary's e-mail when IHaveASecretary. */
export function doctorAccessProblems(data: DoctorAccessData): string[] {
  const problems = credentialsProblems(data);
  if (data.IHaveASecretary) {
    if (isBlank(data.secretary)) problems.push(SIGNUP_MESSAGES.secretaryEmailRequired);
    else if (!isEmail(data.secretary)) problems.push(SIGNUP_MESSAGES.secretaryEmailInvalid);
  }
  return problems;
}

/** Secretary step 1: first name, last name and CPF. */
export function secretaryPersonalProblems(data: SecretaryPersonalData): string[] {
  return [...namesProblems(data), ...cpfProblems(data.cpf)];
}

/** Secretary step 2: e-mail and password confirmed. */
export function secretaryAccessProblems(data: SecretaryAccessData): string[] {
  return credentialsProblems(data);
}

/**
 * Secretary step 2 when the invite's e-mail already has a secretary account (DECISIONS §2): only
 * the account's current password is asked.
 */
export function secretaryExistingAccountProblems(data: { password: string }): string[] {
  return isBlank(data.password) ? [SIGNUP_MESSAGES.passwordRequired] : [];
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

/** The error a `submitSignup` actor may reject with: `messages` are shown as warnings. */
export class SignupError extends Error {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(messages.join(' '));
    this.name = 'SignupError';
    this.messages = messages;
  }
}
