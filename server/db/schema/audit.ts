import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigIdentityId, timestamptz } from './_helpers';
import { auditActionEnum, auditEntityEnum } from './enums';

/**
 * The audit trail (issue 16; DECISIONS §17): one row per read, change, export, download or deletion of a patient's
 * data, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE: migration 0008). It holds ids, never names, CPFs
 * or clinical content, and no foreign keys: a row outlives the patient, case or account it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigIdentityId(),
    at: timestamptz('at').notNull().defaultNow(),
    /** Whose records these are (the tenant): only this medic reads the row. */
    medicId: integer('medic_id').notNull(),
    /** Who did it; null for the system (the demo seed, a migration). */
    actorId: integer('actor_id'),
    action: auditActionEnum('action').notNull(),
    entity: auditEntityEnum('entity').notNull(),
    /** The record acted on; null for a list page or an export of many. */
    entityId: integer('entity_id'),
    /** The patients concerned: one for a record, every patient shown for a list page. */
    patientIds: integer('patient_ids').array().notNull(),
    /** A list page: the ids of the records it showed, in order. */
    shownIds: integer('shown_ids').array(),
    /** What part of the record, as a code (`receipt`, `status:agendamento`, the changed field names…), never values. */
    detail: text('detail'),
    /** The address the request came from. */
    address: text('address'),
  },
  (t) => [
    index('audit_events_medic_at_idx').on(t.medicId, t.at),
    index('audit_events_patients_idx').using('gin', t.patientIds),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;
