import { type } from 'arktype';
import { isWellFormedEmail } from '../rules/account';
import { anyBoolean, anyString } from '../validation/fields';
import {
  ACCOUNT_FIELD_MESSAGES as M,
  accountEmail,
  anyStringOrNull,
  address,
  cellphone,
  chosenSpecialty,
  consent,
  cpf,
  cpfAsTyped,
  crm,
  firstName,
  lastName,
  newPassword,
  nickname,
  passwordConfirmation,
  specialty,
} from './fields';

/**
 * The signups' schemas (SPEC §2, §3, §5; DECISIONS §2): each wizard step's, which the wizard machines guard with and
 * the forms resolve with, and the request bodies the API validates, built from the same fields and rules.
 *
 * A cross-field rule (the passwords match, the secretary's e-mail) runs only once every field of its schema is
 * well-formed (arktype checks the object after its keys): a form shows it after the other mistakes are fixed.
 */

type Reject = { reject: (problem: { path: string[]; message: string }) => false };

/** The password and its repetition are the same text. */
function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: Reject): boolean {
  return value.password === value.confirmPassword || ctx.reject({ path: ['confirmPassword'], message: M.passwordsDiffer });
}

type SecretaryChoice = { email: string; IHaveASecretary?: boolean; secretary?: string | null };

/** With 'has a secretary' checked, her e-mail is given, well-formed and not the doctor's own. */
function secretaryInvited(value: SecretaryChoice, ctx: Reject): boolean {
  if (!value.IHaveASecretary) return true;
  const secretary = (value.secretary ?? '').trim();
  const reject = (message: string) => ctx.reject({ path: ['secretary'], message });
  if (!secretary) return reject(M.secretaryEmailRequired);
  if (!isWellFormedEmail(secretary)) return reject(M.secretaryEmailInvalid);
  if (secretary.toLowerCase() === value.email.toLowerCase()) return reject(M.secretaryEmailIsOwn);
  return true;
}

/** The doctor's access rules: both are checked, so both mistakes show at once. */
function doctorAccessRules(value: SecretaryChoice & { password: string; confirmPassword: string }, ctx: Reject): boolean {
  const matched = passwordsMatch(value, ctx);
  return secretaryInvited(value, ctx) && matched;
}

const personalFields = { first_name: firstName, last_name: lastName };
const doctorProfessionalFields = { address, cellphone, crm, specialty };
const credentialFields = { email: accountEmail, password: newPassword(M.passwordRequired), confirmPassword: passwordConfirmation };
const secretaryChoiceFields = { 'IHaveASecretary?': anyBoolean, 'secretary?': anyStringOrNull };

/** Doctor step 1: names and CPF (judged once complete, SPEC §5). */
export const doctorPersonalStep = type({ ...personalFields, cpf: cpfAsTyped });

/** Doctor step 2: address, cellphone, CRM and a chosen specialty (its id, null until chosen). */
export const doctorProfessionalStep = type(doctorProfessionalFields);

/** Doctor step 2 as the form holds it: the specialty is the select's value (text). */
export const doctorProfessionalForm = type({ ...doctorProfessionalFields, specialty: chosenSpecialty });

/** Doctor step 3: e-mail, password confirmed, the secretary's e-mail when 'has a secretary' is checked. */
export const doctorAccessStep = type({ ...credentialFields, ...secretaryChoiceFields }).narrow(doctorAccessRules);

/**
 * Doctor step 3 as the form checks it: with the LGPD consent, which the wizard machine leaves to the form. Here the
 * consent is a rule of the step, not of its field, so an unchecked box does not hold back the passwords' match
 * while the person is still typing.
 */
export const doctorAccessForm = type({ ...credentialFields, ...secretaryChoiceFields, IAcceptToStoreData: anyBoolean }).narrow(
  (value, ctx) => {
    const rulesHold = doctorAccessRules(value, ctx);
    const consented = value.IAcceptToStoreData || ctx.reject({ path: ['IAcceptToStoreData'], message: M.consentRequired });
    return rulesHold && consented;
  },
);

/** POST /project_auth/api/v1/cadastro/ (openapi DoctorSignup): the three steps, a whole CPF, the consent. */
export const doctorSignupSchema = type({
  'nickname?': nickname,
  ...personalFields,
  cpf,
  ...doctorProfessionalFields,
  ...credentialFields,
  ...secretaryChoiceFields,
  IAcceptToStoreData: consent,
  'news?': anyBoolean,
}).narrow(doctorAccessRules);

/** Secretary step 1: names and CPF. */
export const secretaryPersonalStep = type({ ...personalFields, cpf: cpfAsTyped });

/** Secretary step 2: the invite's e-mail and the password confirmed. */
export const secretaryAccessStep = type(credentialFields).narrow(passwordsMatch);

/**
 * Secretary step 2 as the form checks it: with the LGPD consent, as the doctor's step 3 (a rule of the step, so an
 * unchecked box does not hold back the passwords' match while she types).
 */
export const secretaryAccessForm = type({ ...credentialFields, IAcceptToStoreData: anyBoolean }).narrow((value, ctx) => {
  const matched = passwordsMatch(value, ctx);
  const consented = value.IAcceptToStoreData || ctx.reject({ path: ['IAcceptToStoreData'], message: M.consentRequired });
  return matched && consented;
});

/** Secretary step 2 when the invite's e-mail already has a secretary account: only that account's password. */
export const existingAccountStep = type({ password: type('string > 0').configure({ message: M.passwordRequired, missing: M.passwordRequired }) });

/**
 * A new secretary account by invite (SPEC §3): names, a whole CPF, the password confirmed, the LGPD consent (as the
 * doctor's signup). The e-mail is the invite's (the server compares a sent one with it).
 */
export const newSecretarySchema = type({
  'nickname?': nickname,
  ...personalFields,
  cpf,
  password: newPassword(M.passwordRequired),
  confirmPassword: passwordConfirmation,
  IAcceptToStoreData: consent,
  'email?': anyString,
  'news?': anyBoolean,
}).narrow(passwordsMatch);

/**
 * POST /project_auth/api/v1/secretaria_convite/{token} (openapi SecretarySignup): the password always; the rest is
 * read by newSecretarySchema when the invite's e-mail has no account yet (only the database knows).
 */
export const secretarySignupSchema = existingAccountStep.merge({
  'nickname?': anyStringOrNull,
  'first_name?': anyString,
  'last_name?': anyString,
  'cpf?': anyString,
  'confirmPassword?': anyString,
  'email?': anyString,
  'IAcceptToStoreData?': anyBoolean,
  'news?': anyBoolean,
});
