import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, requiredRef, timestamps, timestamptz } from './_helpers';
import { genderEnum } from './enums';
import { healthPlans } from './lookups';
import { users } from './users';

/** A patient belongs to one medic; the same CPF may be registered once per medic. */
export const patients = pgTable(
  'patients',
  {
    id: identityId(),
    medicId: requiredRef('medic_id', () => users.id),
    nomeCompleto: text('nome_completo').notNull(),
    /** Lower-cased, accent-free name for searching. */
    searchText: text('search_text').notNull(),
    cellphone: text('cellphone'),
    healthPlanId: integer('health_plan_id').references(() => healthPlans.id),
    birthday: date('birthday', { mode: 'string' }),
    address: text('address'),
    fullAddress: text('full_address'),
    cep: text('cep'),
    /** Eleven digits, no mask. */
    cpf: text('cpf').notNull(),
    gender: genderEnum('gender'),
    photoKey: text('photo_key'),
    photoContentType: text('photo_content_type'),
    createdBy: integer('created_by').references(() => users.id),
    /**
     * When an erasure request anonymized the patient (issue 16; DECISIONS §17): name, CPF, contacts, birthday, photo
     * and documents are gone, the cases stay for the medic's figures. An anonymized CPF is '' and leaves the
     * one-CPF-per-medic rule.
     */
    anonymizedAt: timestamptz('anonymized_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('patients_medic_cpf_unique').on(t.medicId, t.cpf).where(sql`${t.anonymizedAt} is null`),
    index('patients_medic_name_idx').on(t.medicId, t.nomeCompleto),
    // The list's and the search's order (migration 0023; byteOrder in search-filter.ts). Migration 0029 adds
    // INCLUDE (search_text, cpf), which drizzle cannot declare: a search's page of ids is an index-only scan.
    index('patients_medic_search_order_idx').on(t.medicId, sql`(${t.searchText} collate "C")`, t.id),
  ],
);

export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
