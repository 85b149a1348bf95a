import { type } from 'arktype';
import { EMAIL_MAX_LENGTH, isWellFormedEmail, passwordProblems } from '../rules/account';
import { CPF_MASKED_LENGTH, isValidCpf, onlyDigits } from '../rules/cpf';
import { hasRealAreaCode, nationalDigits } from '../rules/phone';
import { anyBoolean, anyString, MAX_INT4, text } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { ACCOUNT_FIELD_MESSAGES, ADDRESS_MAX_LENGTH, CPF_MAX_LENGTH, CRM_MAX_LENGTH, NAME_MAX_LENGTH } from './fieldMessages';

export { ACCOUNT_FIELD_MESSAGES, NAME_MAX_LENGTH } from './fieldMessages';

/**
 * The field types of the account's payloads (signups, settings, password, invite), each with the pt-BR message the
 * form shows and the API answers for the same mistake. The schemas of ./signupSchemas.ts and ./settingsSchemas.ts
 * are built from them.
 */

const M = ACCOUNT_FIELD_MESSAGES;

export const firstName = text({ required: M.firstNameRequired, max: NAME_MAX_LENGTH, tooLong: M.nameTooLong });
export const lastName = text({ required: M.lastNameRequired, max: NAME_MAX_LENGTH, tooLong: M.nameTooLong });

const INVALID = VALIDATION_MESSAGES.invalidData;

/**
 * JSON null, where a field may be cleared. A union needs its own message, given after any pipe (arktype rebuilds the
 * union there): fields.ts' `orNull` gives none, so a wrong type would say arktype's English.
 */
const nullValue = type('null').configure({ message: INVALID });

/** Any text or null, as sent. */
export const anyStringOrNull = anyString.or(nullValue).configure({ message: INVALID });

/** An optional nickname: trimmed, at most 150 characters; empty or null is "none" (null). */
export const nickname = text({ max: NAME_MAX_LENGTH, tooLong: M.nameTooLong })
  .or(nullValue)
  .pipe((value) => value || null)
  .configure({ message: INVALID });

/** An e-mail address, trimmed (the server lower-cases it where it compares and stores). */
function email(messages: { required: string; invalid: string }) {
  return text({ required: messages.required, max: EMAIL_MAX_LENGTH, tooLong: messages.invalid })
    .narrow((value, ctx) => isWellFormedEmail(value) || ctx.reject({ message: messages.invalid }))
    .configure({ missing: messages.required });
}

export const accountEmail = email({ required: M.emailRequired, invalid: M.emailInvalid });

/** The API's CPF: a whole valid CPF, masked or not; the output is its 11 digits. */
export const cpf = text({ required: M.cpfRequired, max: CPF_MAX_LENGTH, tooLong: M.cpfInvalid })
  .narrow((value, ctx) => isValidCpf(value) || ctx.reject({ message: M.cpfInvalid }))
  .pipe(onlyDigits)
  .configure({ missing: M.cpfRequired });

/**
 * The wizards' CPF as it is typed (SPEC §5): required, and judged once its 14 masked characters are there, so an
 * incomplete value does not block the step; the server then refuses it with the same 'CPF Invalido!'.
 */
export const cpfAsTyped = text({ required: M.cpfRequired, max: CPF_MAX_LENGTH, tooLong: M.cpfInvalid })
  .narrow((value, ctx) => value.length !== CPF_MASKED_LENGTH || isValidCpf(value) || ctx.reject({ message: M.cpfInvalid }))
  .configure({ missing: M.cpfRequired });

export const address = text({ required: M.addressRequired, max: ADDRESS_MAX_LENGTH, tooLong: M.addressTooLong });
export const crm = text({ required: M.crmRequired, max: CRM_MAX_LENGTH, tooLong: M.crmTooLong });

/** A Brazilian cellphone, masked or not, with or without +55: 10 to 13 digits and a DDD in service; the output is its digits. */
export const cellphone = text({ required: M.cellphoneRequired, max: 30, tooLong: M.cellphoneInvalid })
  .pipe(onlyDigits)
  .narrow((digits, ctx) => {
    if (digits.length < 10 || digits.length > 13) return ctx.reject({ message: M.cellphoneInvalid });
    return hasRealAreaCode(nationalDigits(digits)) || ctx.reject({ message: M.areaCodeUnknown });
  })
  .configure({ missing: M.cellphoneRequired });

/**
 * The specialty's id (list_specialty). Null (the wizard's "none chosen yet") and absence ask to choose one; a value
 * that can be no id (text, a fraction, out of range) is "not found", as an id the database does not know.
 */
export const specialty = type('number')
  .configure({
    message: (ctx) =>
      ctx.data === null ? M.specialtyRequired : typeof ctx.data === 'string' ? M.specialtyUnknown : INVALID,
  })
  .narrow((id, ctx) => (Number.isInteger(id) && id >= 1 && id <= MAX_INT4) || ctx.reject({ message: M.specialtyUnknown }))
  .configure({ missing: M.specialtyRequired });

/** The specialty as the signup form's select holds it: the chosen option's value, '' until one is chosen. */
export const chosenSpecialty = type('string > 0').configure({ message: M.specialtyRequired, missing: M.specialtyRequired });

/** A new password: not blank (else `required`), and the account's policy (8 to 128 characters). Never trimmed. */
export function newPassword(required: string) {
  return anyString
    .narrow((value, ctx) => {
      if (value.trim() === '') return ctx.reject({ message: required });
      const [problem] = passwordProblems(value);
      return problem === undefined || ctx.reject({ message: problem });
    })
    .configure({ missing: required });
}

/** Any text the other password field is compared with (the match is the schema's cross-field rule). */
export const passwordConfirmation = anyString.configure({ missing: M.passwordsDiffer });

/** The LGPD consent: must be given (true). A pipe, so the contract still reads a boolean (a narrow would be `true`). */
export const consent = anyBoolean
  .pipe((given, ctx) => given || ctx.error({ message: M.consentRequired }))
  .configure({ message: INVALID, missing: M.consentRequired });
