import { bigint, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { BillingUf, Council, TeamRole } from '../../../machines/billing/constants';
import { ownedBy, requiredRef, setNullRef, timestamps } from './_helpers';
import { healthPlans } from './lookups';
import { patients } from './patients';
import { surgeries } from './surgeries';
import { users } from './users';

/**
 * Billing the health plans in TISS (issue 37; docs/TISS.md, migration 0024). Codes are the standard's: a council is
 * dm_conselhoProfissional ('06' CRM), a team role dm_grauPart ('01'…'13'; '00', the surgeon, is the medic), a CBO
 * dm_CBOS. Money in integer centavos.
 */

/** How a medic bills: his council registration, CBO and CNES, and his company when he bills through one. */
export const medicBillingProfiles = pgTable('medic_billing_profiles', {
  medicId: integer('medic_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  council: text('council').$type<Council>().notNull().default('06'),
  councilNumber: text('council_number'),
  councilUf: text('council_uf').$type<BillingUf>(),
  cbo: text('cbo'),
  cnes: text('cnes'),
  /** 14 digits. */
  companyCnpj: text('company_cnpj'),
  companyName: text('company_name'),
  updatedBy: setNullRef('updated_by', () => users.id),
  ...timestamps,
});

/** Per health plan: as whom the medic bills it (his CPF or his company's CNPJ) and his code at that plan. */
export const medicPlanBilling = pgTable(
  'medic_plan_billing',
  {
    medicId: ownedBy('medic_id', () => users.id),
    healthPlanId: requiredRef('health_plan_id', () => healthPlans.id),
    billsAs: text('bills_as', { enum: ['cpf', 'cnpj'] }).notNull(),
    /** "Código do prestador na operadora". */
    providerCode: text('provider_code'),
  },
  (t) => [
    primaryKey({ name: 'medic_plan_billing_pk', columns: [t.medicId, t.healthPlanId] }),
    check('medic_plan_billing_bills_as', sql`${t.billsAs} in ('cpf', 'cnpj')`),
  ],
);

/** A patient's card for a health plan (erased with the patient's other personal data). */
export const patientPlanCards = pgTable(
  'patient_plan_cards',
  {
    patientId: ownedBy('patient_id', () => patients.id),
    healthPlanId: requiredRef('health_plan_id', () => healthPlans.id),
    cardNumber: text('card_number').notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    /** The plan's product as the card names it ("Amil 400 QC"). */
    planName: text('plan_name'),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'patient_plan_cards_pk', columns: [t.patientId, t.healthPlanId] })],
);

const teamMemberColumns = () => ({
  position: integer('position').notNull(),
  /** dm_grauPart, '01'…'13'. */
  role: text('role').$type<TeamRole>().notNull(),
  name: text('name').notNull(),
  council: text('council').$type<Council>(),
  councilNumber: text('council_number'),
  councilUf: text('council_uf').$type<BillingUf>(),
  cbo: text('cbo'),
  /** Eleven digits. */
  cpf: text('cpf'),
  feeCents: bigint('fee_cents', { mode: 'number' }),
});

/** The surgical team of a case besides the surgeon, each with his fee and the day it was passed on (repasse). */
export const surgeryTeamMembers = pgTable(
  'surgery_team_members',
  {
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    ...teamMemberColumns(),
    paidOn: date('paid_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'surgery_team_members_pk', columns: [t.surgeryId, t.position] }),
    check('surgery_team_members_role', sql`${t.role} ~ '^(0[1-9]|1[0-3])$'`),
    check('surgery_team_members_fee', sql`${t.feeCents} is null or ${t.feeCents} >= 0`),
  ],
);

/** The medic's usual team, copied onto a case in one click. */
export const medicUsualTeamMembers = pgTable(
  'medic_usual_team_members',
  {
    medicId: ownedBy('medic_id', () => users.id),
    ...teamMemberColumns(),
  },
  (t) => [
    primaryKey({ name: 'medic_usual_team_members_pk', columns: [t.medicId, t.position] }),
    check('medic_usual_team_members_role', sql`${t.role} ~ '^(0[1-9]|1[0-3])$'`),
    check('medic_usual_team_members_fee', sql`${t.feeCents} is null or ${t.feeCents} >= 0`),
  ],
);

/** TISS glosa reason codes (dm_tipoGlosa), seeded from server/data/tiss/motivos-glosa.csv. */
export const glosaReasons = pgTable('glosa_reasons', {
  code: text('code').primaryKey(),
  groupName: text('group_name'),
  /** Empty for the codes the ANS's published table does not describe ('Motivo de glosa NNNN'). */
  description: text('description'),
  searchText: text('search_text').notNull(),
});
