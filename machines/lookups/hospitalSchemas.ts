import { type } from 'arktype';
import { onlyDigits } from '../rules/cpf';
import { isValidCnpj } from '../rules/cnpj';
import { int4OfText, orNull, text } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { HOSPITAL_ADDRESS_MAX, HOSPITAL_CITY_MAX, HOSPITAL_MESSAGES, HOSPITAL_NAME_MAX } from './hospitalMessages';

/**
 * A hospital a medic's office adds (issue 33 item 1; openapi createHospital): the name and city/UF it is known by,
 * and, for the documents, optional CNES, CNPJ and address. The office's hospitals are seen by the medic and his
 * secretaries only; a secretary with several medics names whose office (`medic`). Duplicates (the same name in the
 * same city, among the shared list and the office's own) are refused by the server, which sees the database.
 */

/** The 27 federative units, in the order of the IBGE codes' regions (North to Centre-West) as forms list them. */
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;
type Uf = (typeof UFS)[number];

const M = HOSPITAL_MESSAGES;
const INVALID = VALIDATION_MESSAGES.invalidData;

/** An optional text of digits and mask punctuation: '' or null is null; otherwise `check` on its digits. */
function optionalDigits(check: (digits: string) => boolean, message: string) {
  return orNull(type('string').configure({ message: INVALID })).pipe((value, ctx) => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') return null;
    const digits = onlyDigits(trimmed);
    if (!/^[\d.\-/\s]+$/.test(trimmed) || !check(digits)) return ctx.error({ message });
    return digits;
  });
}

/** Names are kept as typed, but with single spaces ('Hospital  Santa Clara' is 'Hospital Santa Clara'). */
const singleSpaced = (value: string) => value.replace(/\s+/g, ' ');

const optionalText = (max: number, tooLong: string) =>
  orNull(type('string').configure({ message: INVALID })).pipe((value, ctx) => {
    const trimmed = value?.trim() ?? '';
    if ([...trimmed].length > max) return ctx.error({ message: tooLong });
    return trimmed === '' ? null : trimmed;
  });

export const createHospitalSchema = type({
  '+': 'reject',
  fantasy_name: text({ required: M.nameRequired, max: HOSPITAL_NAME_MAX, tooLong: M.nameTooLong }).pipe(singleSpaced),
  city: text({ required: M.cityRequired, max: HOSPITAL_CITY_MAX, tooLong: M.cityTooLong }).pipe(singleSpaced),
  uf: type('string')
    .configure({ message: M.ufInvalid })
    .pipe((value, ctx) => {
      const uf = value.trim().toUpperCase();
      if (uf === '') return ctx.error({ message: M.ufRequired });
      return (UFS as readonly string[]).includes(uf) ? (uf as Uf) : ctx.error({ message: M.ufInvalid });
    })
    .configure({ missing: M.ufRequired }),
  'cnes?': optionalDigits((digits) => digits.length === 7, M.cnesInvalid),
  'cnpj?': optionalDigits(isValidCnpj, M.cnpjInvalid),
  'address?': optionalText(HOSPITAL_ADDRESS_MAX, M.addressTooLong),
  'medic?': orNull(type('number').configure({ message: M.medicUnknown })).pipe((value, ctx) => {
    if (value === null) return null;
    return int4OfText(String(value)) ?? ctx.error({ message: M.medicUnknown });
  }),
});

export type CreateHospitalInput = typeof createHospitalSchema.infer;
