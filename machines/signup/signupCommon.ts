import { ACCOUNT_FIELD_MESSAGES as F } from '../account/fieldMessages';
import { isWellFormedEmail } from '../rules/account';

/**
 * What the signup wizards, their pages and their rules (./rules.ts) share without arktype: the steps' data, the pt-BR
 * messages, the submit's errors and the names of a body. /signup paints before it loads the steps' schemas (issue 41,
 * goal 6), and its machine, its page and its actors read these.
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
