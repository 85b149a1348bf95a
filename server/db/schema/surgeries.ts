import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  bigIdentityId,
  bytea,
  createdAt,
  identityId,
  ownedBy,
  requiredRef,
  setNullRef,
  timestamps,
  timestamptz,
} from './_helpers';
import { approvalEnum, caseStatusEnum, lossReasonEnum, paymentSourceEnum, surgeryDocumentKindEnum } from './enums';
import { cids, healthPlans, hospitals, procedures } from './lookups';
import { patients } from './patients';
import { users } from './users';

/** A surgery case and the data each of its seven steps collects (SPEC §3, DECISIONS §4). */
export const surgeries = pgTable(
  'surgeries',
  {
    id: identityId(),
    medicId: requiredRef('medic_id', () => users.id),
    patientId: requiredRef('patient_id', () => patients.id),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    healthPlanId: integer('health_plan_id').references(() => healthPlans.id),
    paymentFountains: paymentSourceEnum('payment_fountains'),
    opme: boolean('opme').notNull().default(false),
    feesPayments: numeric('fees_payments', { precision: 12, scale: 2 }),
    surgeryNote: text('surgery_note'),
    status: caseStatusEnum('status').notNull().default('ind_paciente'),
    statusChangedAt: timestamptz('status_changed_at').notNull().defaultNow(),
    /** Bumped on every write; lets a move check it acted on the version it read. */
    version: integer('version').notNull().default(1),
    documentArrivals: date('document_arrivals', { mode: 'string' }),
    documentNote: text('document_note'),
    hospitalApprovals: approvalEnum('hospital_approvals'),
    planApprovals: approvalEnum('plan_approvals'),
    opmeApprovals: approvalEnum('opme_approvals'),
    hospitalApprovalsNote: text('hospital_approvals_note'),
    planApprovalsNote: text('plan_approvals_note'),
    opmeApprovalsNote: text('opme_approvals_note'),
    schedule: timestamptz('schedule'),
    scheduleNote: text('schedule_note'),
    accomplishment: date('accomplishment', { mode: 'string' }),
    accomplishmentNote: text('accomplishment_note'),
    paymentDone: numeric('payment_done', { precision: 12, scale: 2 }),
    datePayment: date('date_payment', { mode: 'string' }),
    paymentNotes: text('payment_notes'),
    hospitalTemplateOk: boolean('hospital_template_ok').notNull().default(false),
    planoTemplateOk: boolean('plano_template_ok').notNull().default(false),
    concludedAt: timestamptz('concluded_at'),
    createdBy: integer('created_by').references(() => users.id),
    /** Who holds the case now (issue 13): a linked secretary, or null for the medic. */
    holderId: setNullRef('holder_id', () => users.id),
    ...timestamps,
  },
  (t) => [
    index('surgeries_medic_status_idx').on(t.medicId, t.status),
    index('surgeries_medic_schedule_idx').on(t.medicId, t.schedule),
    // The status list's pages in its default order (migration 0023; LIST_INDEXES in surgery-response.ts).
    index('surgeries_open_list_idx')
      .on(t.medicId, t.schedule, t.statusChangedAt.desc(), t.id)
      .where(sql`${t.status} in ('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento')`),
    index('surgeries_unconcluded_list_idx')
      .on(t.medicId, t.schedule, t.statusChangedAt.desc(), t.id)
      .where(sql`${t.status} <> 'concluido'`),
    index('surgeries_patient_idx').on(t.patientId),
  ],
);

/** Ordered procedures of a case (at most five). */
export const surgeryProcedures = pgTable(
  'surgery_procedures',
  {
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    position: integer('position').notNull(),
    procedureId: requiredRef('procedure_id', () => procedures.id),
  },
  (t) => [primaryKey({ columns: [t.surgeryId, t.position] })],
);

/** Ordered CID codes of a case (at most five). */
export const surgeryCids = pgTable(
  'surgery_cids',
  {
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    position: integer('position').notNull(),
    cidId: requiredRef('cid_id', () => cids.id),
  },
  (t) => [primaryKey({ columns: [t.surgeryId, t.position] })],
);

/** One uploaded file per document slot of a case. */
export const surgeryDocuments = pgTable(
  'surgery_documents',
  {
    /** One row per file (issue 33 item 10): a kind or a named document takes several files (migration 0020). */
    id: identityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    /** The SPEC kind the file is of, or null for a file of a named document of the checklist. */
    kind: surgeryDocumentKindEnum('kind'),
    /** The named document of the checklist ('Risco cirúrgico') the file is of, as the checklist names it. */
    name: text('name'),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    originalName: text('original_name'),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    index('surgery_documents_surgery_kind_idx').on(t.surgeryId, t.kind),
    check('surgery_documents_kind_or_name', sql`(${t.kind} is null) <> (${t.name} is null)`),
  ],
);

/** Every change of status: written in the same transaction as the change itself. */
export const surgeryStatusHistory = pgTable(
  'surgery_status_history',
  {
    id: bigIdentityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    fromStatus: caseStatusEnum('from_status'),
    toStatus: caseStatusEnum('to_status').notNull(),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
    /** Why the case was archived or cancelled (issue 13), with the free text beside it. */
    reason: lossReasonEnum('reason'),
    reasonNote: text('reason_note'),
    /** The required documents still missing when the move to env_doc was confirmed without them (their names). */
    missingDocuments: jsonb('missing_documents').$type<string[]>(),
  },
  (t) => [index('surgery_status_history_surgery_idx').on(t.surgeryId, t.changedAt)],
);

/** File bytes for the PostgreSQL file store (server mode, shared by every instance). */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

export type SurgeryRow = typeof surgeries.$inferSelect;
export type NewSurgeryRow = typeof surgeries.$inferInsert;
