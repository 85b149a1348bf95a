import { type, type ArkError } from 'arktype';
import { MAX_LEDGER_CENTS } from '../ledger/constants';
import { DATE_MESSAGES, isValidIsoDate } from '../rules/dates';
import { isValidCnpj } from '../rules/cnpj';
import { isValidCpf, onlyDigits } from '../rules/cpf';
import { MAX_INT4, orNull } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';
import { BILLING_MESSAGES as M } from './billingMessages';
import { shortText } from './billingFields';
import { TISS_CBO_CODES } from './cbo';
import {
  BILLING_UFS,
  type BillingUf,
  type Council,
  BILLS_AS,
  CNES_LENGTH,
  COMPANY_NAME_MAX,
  COUNCIL_CODES,
  COUNCIL_NUMBER_MAX,
  CRM,
  MAX_TEAM_MEMBERS,
  PROVIDER_CODE_MAX,
  TEAM_NAME_MAX,
  TEAM_ROLE_CODES,
} from './constants';

/**
 * The billing bodies of issue 37 (openapi BillingProfileUpdate, SurgeryTeamUpdate, UsualTeamUpdate; PatientPlanCard is
 * ./planCardSchema.ts, apart so the patient wizard does not load the TISS tables),
 * checked by the server's routes and the SPA's forms with the same pt-BR messages.
 *
 * Saving is lenient on purpose: a member needs a role and a name, everything else may come later; what a guide needs
 * is named, field by field, before it is generated (machines/tiss). What a value holds is checked when it is given: a
 * CPF or CNPJ must be a real one, a CBO one TISS accepts, a UF one of the 27, a CNES seven digits. Texts are trimmed,
 * blank → null; documents are stored as digits.
 */

const INVALID = VALIDATION_MESSAGES.invalidData;

/** One of `values`, or null; blank → null. */
function codeOf(values: readonly string[], message: string) {
  return orNull(type('string').configure({ message }))
    .pipe((value, ctx): string | null | ArkError => {
      const trimmed = value?.trim() ?? '';
      if (trimmed === '') return null;
      return values.includes(trimmed) ? trimmed : ctx.error({ message });
    })
    .configure({ message, missing: INVALID });
}

/** Digits (mask punctuation allowed), checked by `valid`, stored as digits; blank → null. */
function document(valid: (digits: string) => boolean, message: string) {
  return orNull(type('string').configure({ message }))
    .pipe((value, ctx): string | null | ArkError => {
      const trimmed = value?.trim() ?? '';
      if (trimmed === '') return null;
      const digits = onlyDigits(trimmed);
      return /^[\d.\-/ ]+$/.test(trimmed) && valid(digits) ? digits : ctx.error({ message });
    })
    .configure({ message, missing: INVALID });
}

const council = codeOf(COUNCIL_CODES, M.invalidCouncil);
const councilNumber = shortText(COUNCIL_NUMBER_MAX, M.councilNumberTooLong);
const councilUf = codeOf(BILLING_UFS, M.invalidUf);
const cbo = codeOf([...TISS_CBO_CODES], M.invalidCbo);
const cpf = document(isValidCpf, M.invalidCpf);
const cnpj = document(isValidCnpj, M.invalidCnpj);
const cnes = document((digits) => digits.length === CNES_LENGTH, M.invalidCnes);

const feeCents = orNull(type('number').configure({ message: M.invalidFee }))
  .narrow((value, ctx) => value === null || (Number.isSafeInteger(value) && value >= 0 && value <= MAX_LEDGER_CENTS) || ctx.reject({ message: M.invalidFee }))
  .configure({ message: M.invalidFee, missing: INVALID });

const memberFields = {
  role: type.enumerated(...TEAM_ROLE_CODES).configure({ message: M.invalidRole, missing: M.invalidRole }),
  name: shortText(TEAM_NAME_MAX, M.nameTooLong, M.nameRequired),
  council,
  council_number: councilNumber,
  council_uf: councilUf,
  cbo,
  cpf,
  fee_cents: feeCents,
} as const;

function membersOf<T extends type.Any>(member: T) {
  return member
    .array()
    .narrow((rows, ctx) => rows.length <= MAX_TEAM_MEMBERS || ctx.reject({ message: M.tooManyMembers }))
    .configure({ message: INVALID, missing: M.membersRequired });
}

/** PUT /project_auth/api/v1/usual_team/ (openapi UsualTeamUpdate): the medic's usual team, in order. */
export const usualTeamSchema = type({
  '+': 'reject',
  members: membersOf(type({ '+': 'reject', ...memberFields }).configure({ message: INVALID })),
});
type TypedMember<M> = Omit<M, 'council' | 'council_uf'> & { council: Council | null; council_uf: BillingUf | null };
export type UsualTeamInput = { members: TypedMember<(typeof usualTeamSchema.infer)['members'][number]>[] };

/** PUT …/surgery/{id}/team/ (openapi SurgeryTeamUpdate): the case's team, in order, with the passing-on day. */
export function buildSurgeryTeamSchema(today: string) {
  const paidOn = orNull(type('string').configure({ message: M.invalidPaidOn }))
    .pipe((value, ctx): string | null | ArkError => {
      if (value === null || value.trim() === '') return null;
      if (!isValidIsoDate(value)) return ctx.error({ message: M.invalidPaidOn });
      return value > today ? ctx.error({ message: DATE_MESSAGES.futureDate }) : value;
    })
    .configure({ message: M.invalidPaidOn, missing: INVALID });
  return type({
    '+': 'reject',
    members: membersOf(type({ '+': 'reject', ...memberFields, 'paid_on?': paidOn }).configure({ message: INVALID })),
  });
}
export type SurgeryTeamInput = { members: TypedMember<ReturnType<typeof buildSurgeryTeamSchema>['infer']['members'][number]>[] };

const planBilling = type({
  '+': 'reject',
  health_plan_id: type('number')
    .narrow((value, ctx) => (Number.isInteger(value) && value >= 1 && value <= MAX_INT4) || ctx.reject({ message: M.invalidPlan }))
    .configure({ message: M.invalidPlan, missing: M.invalidPlan }),
  bills_as: type.enumerated(...BILLS_AS).configure({ message: M.invalidBillsAs, missing: M.invalidBillsAs }),
  provider_code: shortText(PROVIDER_CODE_MAX, M.providerCodeTooLong),
}).configure({ message: INVALID });

/** PUT /project_auth/api/v1/billing_profile/ (openapi BillingProfileUpdate): how the medic bills, and each plan. */
export const billingProfileSchema = type({
  '+': 'reject',
  council: council.pipe((value): string => value ?? CRM),
  council_number: councilNumber,
  council_uf: councilUf,
  cbo,
  cnes,
  company_cnpj: cnpj,
  company_name: shortText(COMPANY_NAME_MAX, M.companyNameTooLong),
  plans: planBilling
    .array()
    .narrow((rows, ctx) => {
      const seen = new Set<number>();
      for (const row of rows) {
        if (seen.has(row.health_plan_id)) return ctx.reject({ message: M.repeatedPlan });
        seen.add(row.health_plan_id);
      }
      return true;
    })
    .configure({ message: INVALID, missing: M.plansRequired }),
}).narrow((body, ctx) => {
  const needsCompany = body.plans.some((plan) => plan.bills_as === 'cnpj');
  return !needsCompany || (body.company_cnpj !== null && body.company_name !== null) || ctx.reject({ message: M.cnpjNeedsCompany, path: ['company_cnpj'] });
});
/** The checked body, its codes typed (the schema admits only the listed ones). */
export type BillingProfileInput = Omit<typeof billingProfileSchema.infer, 'council' | 'council_uf'> & {
  council: Council;
  council_uf: BillingUf | null;
};

