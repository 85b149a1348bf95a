import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, ownedBy, setNullRef, timestamptz } from './_helpers';
import { healthPlans, hospitals } from './lookups';
import { users } from './users';

/**
 * An office's own DOCX template for a hospital or a health plan (issue 33 item 10f; docs/TEMPLATES.md): uploaded in
 * the app by the medic (`medic_id`, the office) or one of his secretaries. For that office's cases it wins over the
 * shared row's `template_file_key` (hospitals, health_plans: every office's); removing it falls back to the shared
 * one. Exactly one of `hospital_id` / `health_plan_id`; at most one per office and hospital, and per office and plan.
 */
export const officeTemplates = pgTable(
  'office_templates',
  {
    id: identityId(),
    medicId: ownedBy('medic_id', () => users.id),
    hospitalId: integer('hospital_id').references(() => hospitals.id, { onDelete: 'cascade' }),
    healthPlanId: integer('health_plan_id').references(() => healthPlans.id, { onDelete: 'cascade' }),
    /** Storage key (`templates/office-<medic>-<hospital|plano>-<id>-<random>.docx`), never served raw. */
    fileKey: text('file_key').notNull(),
    /** The uploaded file's name, shown on the page and given back on download. */
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    uploadedBy: setNullRef('uploaded_by', () => users.id),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('office_templates_hospital_idx').on(t.medicId, t.hospitalId).where(sql`${t.hospitalId} is not null`),
    uniqueIndex('office_templates_plan_idx').on(t.medicId, t.healthPlanId).where(sql`${t.healthPlanId} is not null`),
    check('office_templates_one_owner', sql`(${t.hospitalId} is null) <> (${t.healthPlanId} is null)`),
  ],
);

export type OfficeTemplateRow = typeof officeTemplates.$inferSelect;
