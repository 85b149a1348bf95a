import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { identityId } from './_helpers';
import { procedureTableEnum } from './enums';
import { users } from './users';

/**
 * Shared reference lists. `search_text` holds the lower-cased, accent-free text a search matches
 * (code and description), so 'colecistectomia' finds 'COLECISTECTOMIA' on both PGlite and PostgreSQL
 * without the unaccent extension.
 */
export const specialties = pgTable('specialties', {
  id: identityId(),
  name: text('name').notNull().unique(),
});

export const healthPlans = pgTable('health_plans', {
  id: identityId(),
  fantasyName: text('fantasy_name').notNull(),
  corporateName: text('corporate_name').notNull(),
  ansRegistry: text('ans_registry').unique(),
  modality: text('modality'),
  /** The operator's seat (ANS 'cidade', 'uf'): the plan picker lists the operators of a state capital first. */
  city: text('city'),
  uf: text('uf'),
  searchText: text('search_text').notNull(),
  /** Storage key of the plan's DOCX template, if it has one. */
  templateFileKey: text('template_file_key'),
});

/**
 * Hospitals: the shared reference list (`medic_id` null, seeded) and those a medic's office added (issue 33 item 1:
 * seen by the medic and his secretaries only). A name is unique in the shared list; an office's own are unique by
 * name and city (`name_city_key`, the normalized 'name | city uf'), and the service also refuses one that repeats
 * a shared hospital of the same city.
 */
export const hospitals = pgTable(
  'hospitals',
  {
    id: identityId(),
    fantasyName: text('fantasy_name').notNull(),
    corporateName: text('corporate_name'),
    city: text('city'),
    uf: text('uf'),
    searchText: text('search_text').notNull(),
    templateFileKey: text('template_file_key'),
    medicId: integer('medic_id').references((): AnyPgColumn => users.id),
    cnes: text('cnes'),
    /** 14 digits. */
    cnpj: text('cnpj'),
    address: text('address'),
    nameCityKey: text('name_city_key'),
    createdById: integer('created_by_id').references((): AnyPgColumn => users.id),
  },
  (table) => [
    uniqueIndex('hospitals_shared_name_unique').on(table.fantasyName).where(sql`${table.medicId} is null`),
    uniqueIndex('hospitals_office_name_city_unique')
      .on(table.medicId, table.nameCityKey)
      .where(sql`${table.medicId} is not null`),
  ],
);

export const procedures = pgTable(
  'procedures',
  {
    id: identityId(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    table: procedureTableEnum('table').notNull(),
    groupName: text('group_name'),
    searchText: text('search_text').notNull(),
  },
  (t) => [uniqueIndex('procedures_table_code_unique').on(t.table, t.code)],
);

export const cids = pgTable('cids', {
  id: identityId(),
  code: text('code').notNull().unique(),
  description: text('description').notNull(),
  searchText: text('search_text').notNull(),
});

export type SpecialtyRow = typeof specialties.$inferSelect;
export type HealthPlanRow = typeof healthPlans.$inferSelect;
export type HospitalRow = typeof hospitals.$inferSelect;
export type ProcedureRow = typeof procedures.$inferSelect;
export type CidRow = typeof cids.$inferSelect;
