/**
 * The TISS billing forms' values (issue 37): a team member and the billing profile as their forms hold them (texts
 * as typed, the CPF masked, the fee as the money input shows it, the repasse dd/mm/aaaa, the CBO as the picker's
 * item) and the bodies they send (openapi UsualTeamUpdate, SurgeryTeamUpdate, BillingProfileUpdate), which the API's
 * schemas (machines/billing/billingSchemas.ts) then check. Pure: no arktype, no IO.
 */
import { CBO_OPTIONS } from '../../../machines/billing/cbo';
import type { BILLS_AS } from '../../../machines/billing/constants';
import { isValidIsoDate } from '../../../machines/rules/dates';
import { centsFromDigits, formatBRLInput } from '../format/money';

export type CboOption = { code: string; name: string };
type BillsAs = (typeof BILLS_AS)[number];

/** A member as the team's form holds it; the keys are the API's, so a check's path names the field. */
type MemberValues = {
  role: string;
  name: string;
  council: string;
  council_number: string;
  council_uf: string;
  cbo: CboOption | null;
  cpf: string;
  /** As the money input shows it ('R$ 1.234,56'), '' when blank. */
  fee_cents: string;
  /** dd/mm/aaaa, '' when blank (the case's team only). */
  paid_on: string;
};
export type TeamValues = { members: MemberValues[] };

/** A member as the API answers it (TeamMember; SurgeryTeamMember adds `paid_on`). */
type MemberAnswer = {
  role: string;
  name: string;
  council: string | null;
  council_number: string | null;
  council_uf: string | null;
  cbo: string | null;
  cpf: string | null;
  fee_cents: number | null;
  paid_on?: string | null;
};

/** A member's body (TeamMemberInput; with `paid_on` for a case's team). */
type MemberBody = {
  role: string;
  name: string;
  council: string | null;
  council_number: string | null;
  council_uf: string | null;
  cbo: string | null;
  cpf: string | null;
  fee_cents: number | null;
  paid_on?: string | null;
};

const blankToNull = (text: string) => (text.trim() === '' ? null : text);

/** 11 digits → 000.000.000-00 (as the CPF mask shows them); anything else as it came. */
export function maskedCpf(digits: string | null): string {
  if (!digits) return '';
  const only = digits.replace(/\D/g, '');
  return only.length === 11 ? `${only.slice(0, 3)}.${only.slice(3, 6)}.${only.slice(6, 9)}-${only.slice(9)}` : digits;
}

/** 14 digits → 00.000.000/0000-00; anything else as it came. */
export function maskedCnpj(digits: string | null): string {
  if (!digits) return '';
  const only = digits.replace(/\D/g, '');
  return only.length === 14 ? `${only.slice(0, 2)}.${only.slice(2, 5)}.${only.slice(5, 8)}/${only.slice(8, 12)}-${only.slice(12)}` : digits;
}

/** yyyy-MM-dd ↔ dd/mm/aaaa. A text that is not a whole date goes as typed (the schema then words the mistake). */
export function typedDate(iso: string | null | undefined): string {
  return iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
}
export function isoDate(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return text;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isValidIsoDate(iso) ? iso : text;
}

/** The picker's item of a stored CBO: its name from the list, or the code alone (any TISS code may be stored). */
export function cboOptionOf(code: string | null): CboOption | null {
  if (!code) return null;
  return CBO_OPTIONS.find((option) => option.code === code) ?? { code, name: '' };
}

const plain = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** The CBO picker's search: every word of `text`, accents and case aside, in the code or the name; at most 50. */
export function searchCbo(text: string): CboOption[] {
  const words = plain(text).split(/\s+/).filter(Boolean);
  return CBO_OPTIONS.filter((option) => {
    const haystack = plain(`${option.code} ${option.name}`);
    return words.every((word) => haystack.includes(word));
  }).slice(0, 50);
}

export function emptyMember(): MemberValues {
  return { role: '', name: '', council: '', council_number: '', council_uf: '', cbo: null, cpf: '', fee_cents: '', paid_on: '' };
}

/** A member answered by the API as its form holds it (the usual team's has no repasse). */
export function memberValuesOf(member: MemberAnswer): MemberValues {
  return {
    role: member.role,
    name: member.name,
    council: member.council ?? '',
    council_number: member.council_number ?? '',
    council_uf: member.council_uf ?? '',
    cbo: cboOptionOf(member.cbo),
    cpf: maskedCpf(member.cpf),
    fee_cents: member.fee_cents === null ? '' : formatBRLInput(member.fee_cents),
    paid_on: typedDate(member.paid_on),
  };
}

/** A member's body; with `withPaidOn` (a case's team) its repasse too. Blank texts go as null. */
export function memberBodyOf(values: MemberValues, withPaidOn: boolean): MemberBody {
  const body: MemberBody = {
    role: values.role,
    name: values.name,
    council: blankToNull(values.council),
    council_number: blankToNull(values.council_number),
    council_uf: blankToNull(values.council_uf),
    cbo: values.cbo?.code ?? null,
    cpf: blankToNull(values.cpf),
    fee_cents: centsFromDigits(values.fee_cents),
  };
  return withPaidOn ? { ...body, paid_on: isoDate(values.paid_on) } : body;
}

/** The usual team copied into a case: the same people and fees, nothing passed on yet. */
export function fromUsualTeam(members: readonly MemberAnswer[]): MemberValues[] {
  return members.map((member) => ({ ...memberValuesOf(member), paid_on: '' }));
}

type TeamTotals = { totalCents: number; passedOnCents: number; pendingCents: number; passedOnCount: number; withFeeCount: number };

/** The team's fees as the form holds them: their sum, the part passed on (a repasse day given) and the rest. */
export function teamTotals(members: readonly Pick<MemberValues, 'fee_cents' | 'paid_on'>[]): TeamTotals {
  let totalCents = 0;
  let passedOnCents = 0;
  let passedOnCount = 0;
  let withFeeCount = 0;
  for (const member of members) {
    const fee = centsFromDigits(member.fee_cents) ?? 0;
    if (fee > 0) withFeeCount += 1;
    totalCents += fee;
    if (member.paid_on.trim() !== '') {
      passedOnCents += fee;
      passedOnCount += 1;
    }
  }
  return { totalCents, passedOnCents, pendingCents: totalCents - passedOnCents, passedOnCount, withFeeCount };
}

/** A plan billed directly, as the profile's form holds it. */
type PlanValues = { health_plan_id: number; name: string; ans_registry: string | null; bills_as: BillsAs; provider_code: string };

export type ProfileValues = {
  council: string;
  council_number: string;
  council_uf: string;
  cbo: CboOption | null;
  cnes: string;
  company_cnpj: string;
  company_name: string;
  plans: PlanValues[];
};

/** The profile as the API answers it (BillingProfile), in the shape this module reads. */
type ProfileAnswer = {
  council: string;
  council_number: string | null;
  council_uf: string | null;
  cbo: string | null;
  cnes: string | null;
  company_cnpj: string | null;
  company_name: string | null;
  plans: { health_plan_id: number; name: string; ans_registry: string | null; bills_as: BillsAs; provider_code: string | null }[];
};

export function profileValuesOf(profile: ProfileAnswer): ProfileValues {
  return {
    council: profile.council,
    council_number: profile.council_number ?? '',
    council_uf: profile.council_uf ?? '',
    cbo: cboOptionOf(profile.cbo),
    cnes: profile.cnes ?? '',
    company_cnpj: maskedCnpj(profile.company_cnpj),
    company_name: profile.company_name ?? '',
    plans: profile.plans.map((plan) => ({ ...plan, provider_code: plan.provider_code ?? '' })),
  };
}

export function profileBodyOf(values: ProfileValues) {
  return {
    council: blankToNull(values.council),
    council_number: blankToNull(values.council_number),
    council_uf: blankToNull(values.council_uf),
    cbo: values.cbo?.code ?? null,
    cnes: blankToNull(values.cnes),
    company_cnpj: blankToNull(values.company_cnpj),
    company_name: blankToNull(values.company_name),
    plans: values.plans.map((plan) => ({ health_plan_id: plan.health_plan_id, bills_as: plan.bills_as, provider_code: blankToNull(plan.provider_code) })),
  };
}

/** `plans` with `plan` at the end, billed as pessoa física; unchanged when it is listed already. */
export function withPlan(plans: readonly PlanValues[], plan: { id: number; fantasy_name: string; ans_registry?: string | null }): PlanValues[] {
  if (plans.some((each) => each.health_plan_id === plan.id)) return [...plans];
  return [...plans, { health_plan_id: plan.id, name: plan.fantasy_name, ans_registry: plan.ans_registry ?? null, bills_as: 'cpf', provider_code: '' }];
}
