import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, identityId, ownedBy, setNullRef, timestamps, timestamptz } from './_helpers';
import {
  authorizationPayerEnum,
  authorizationStatusEnum,
  caseStatusEnum,
  dispatchChannelEnum,
  opmeDecisionEnum,
  surgeryDocumentKindEnum,
} from './enums';
import { healthPlans, hospitals } from './lookups';
import { surgeries } from './surgeries';
import { users } from './users';

/**
 * The pre-operative work of a case (issue 13; DECISIONS §15). Every table hangs off a surgery (its tenancy is the
 * surgery's medic) or off a medic.
 */

/** One authorization per case and payer; SPEC's three toggles (surgeries.*_approvals) mirror its aprovada/negada. */
export const surgeryAuthorizations = pgTable(
  'surgery_authorizations',
  {
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    payer: authorizationPayerEnum('payer').notNull(),
    status: authorizationStatusEnum('status').notNull().default('pendente'),
    requestedOn: date('requested_on', { mode: 'string' }),
    protocol: text('protocol'),
    /** The authorization password ("senha") the payer gives. */
    password: text('password'),
    decidedOn: date('decided_on', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    notes: text('notes'),
    updatedBy: setNullRef('updated_by', () => users.id),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.surgeryId, t.payer] }), index('surgery_authorizations_valid_until_idx').on(t.validUntil)],
);

/**
 * A medic's required documents for a hospital or a health plan: one of SPEC's document kinds, or a named extra one
 * ("Risco cirúrgico"). Exactly one of hospital/plan, and exactly one of kind/name.
 */
export const documentRequirements = pgTable(
  'document_requirements',
  {
    id: identityId(),
    medicId: ownedBy('medic_id', () => users.id),
    hospitalId: integer('hospital_id').references(() => hospitals.id),
    healthPlanId: integer('health_plan_id').references(() => healthPlans.id),
    documentKind: surgeryDocumentKindEnum('document_kind'),
    name: text('name'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('document_requirements_hospital_idx').on(t.medicId, t.hospitalId),
    index('document_requirements_plan_idx').on(t.medicId, t.healthPlanId),
    check('document_requirements_one_owner', sql`(${t.hospitalId} is null) <> (${t.healthPlanId} is null)`),
    check('document_requirements_kind_or_name', sql`(${t.documentKind} is null) <> (${t.name} is null)`),
  ],
);

/** A named extra document of a case's checklist marked as received (SPEC's kinds are received by their upload). */
export const surgeryChecklistMarks = pgTable(
  'surgery_checklist_marks',
  {
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    name: text('name').notNull(),
    markedBy: setNullRef('marked_by', () => users.id),
    markedAt: timestamptz('marked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.surgeryId, t.name] })],
);

/** A sending of documents: what, when, to whom and how. */
export const surgeryDispatches = pgTable(
  'surgery_dispatches',
  {
    id: identityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    recipient: text('recipient').notNull(),
    channel: dispatchChannelEnum('channel').notNull(),
    /** The names of the documents sent. */
    items: jsonb('items').$type<string[]>().notNull(),
    notes: text('notes'),
    createdBy: setNullRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('surgery_dispatches_surgery_idx').on(t.surgeryId, t.sentOn)],
);

/** An OPME material of a case, its suppliers' quotes (opme_quotes), the chosen one and its authorization. */
export const opmeItems = pgTable(
  'opme_items',
  {
    id: identityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** The position (in opme_quotes) of the chosen supplier, or null. */
    chosenQuote: integer('chosen_quote'),
    decision: opmeDecisionEnum('decision'),
    authorizedQuantity: integer('authorized_quantity'),
    ...timestamps,
  },
  (t) => [index('opme_items_surgery_idx').on(t.surgeryId, t.position), check('opme_items_quantity', sql`${t.quantity} > 0`)],
);

/** A supplier or brand asked for an OPME item, and its quote (unit price, when it answered). */
export const opmeQuotes = pgTable(
  'opme_quotes',
  {
    itemId: ownedBy('item_id', () => opmeItems.id),
    position: integer('position').notNull(),
    supplier: text('supplier').notNull(),
    brand: text('brand'),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.position] })],
);

/** A medic's target days for a stage (absent: DEFAULT_STAGE_TARGET_DAYS). */
export const stageTargets = pgTable(
  'stage_targets',
  {
    medicId: ownedBy('medic_id', () => users.id),
    status: caseStatusEnum('status').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.status] }), check('stage_targets_days', sql`${t.days} > 0`)],
);

/**
 * A case handed from one person to another (issue 33 item 13): shown on the receiver's home ('Casos passados para
 * você') until the receiver dismisses it or opens the case from there. `from_user_id` is who held the case before
 * (its medic when nobody was named), `by_user_id` who made the change.
 */
export const caseHandovers = pgTable(
  'case_handovers',
  {
    id: identityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    fromUserId: setNullRef('from_user_id', () => users.id),
    toUserId: ownedBy('to_user_id', () => users.id),
    byUserId: setNullRef('by_user_id', () => users.id),
    handedAt: timestamptz('handed_at').notNull(),
    dismissedAt: timestamptz('dismissed_at'),
  },
  (t) => [index('case_handovers_open_idx').on(t.toUserId, t.handedAt).where(sql`${t.dismissedAt} is null`)],
);
