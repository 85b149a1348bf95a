import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { HonorariosGuide } from '../../../machines/tiss/types';
import { bytea, createdAt, identityId, ownedBy, setNullRef, timestamptz } from './_helpers';
import { healthPlans, hospitals } from './lookups';
import { surgeries } from './surgeries';
import { users } from './users';

/** Guides, lots and appeals in TISS (issue 37; docs/TISS.md, migration 0025). */

/** A hospital's identification on an office's guides (the shared list has no CNPJ nor CNES). */
export const medicHospitalBilling = pgTable(
  'medic_hospital_billing',
  {
    medicId: ownedBy('medic_id', () => users.id),
    hospitalId: ownedBy('hospital_id', () => hospitals.id),
    cnpj: text('cnpj'),
    cnes: text('cnes'),
  },
  (t) => [primaryKey({ name: 'medic_hospital_billing_pk', columns: [t.medicId, t.hospitalId] })],
);

/** One procedure line's billing, in the order of the case's procedures. */
export type GuideLineInput = {
  quantity: number;
  unit_cents: number | null;
  factor_hundredths: number;
  access_route: '1' | '2' | '3' | null;
  technique: '1' | '2' | '3' | null;
};

/** What a case's guide needs beyond the case: its lines' values and the note for the plan. */
export const surgeryGuideInputs = pgTable('surgery_guide_inputs', {
  surgeryId: integer('surgery_id')
    .primaryKey()
    .references(() => surgeries.id, { onDelete: 'cascade' }),
  note: text('note'),
  lines: jsonb('lines').$type<GuideLineInput[]>().notNull().default([]),
  updatedBy: setNullRef('updated_by', () => users.id),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Running numbers per medic (and per plan for lots). */
export const tissSequences = pgTable(
  'tiss_sequences',
  {
    medicId: ownedBy('medic_id', () => users.id),
    kind: text('kind', { enum: ['guia', 'lote', 'transacao', 'recurso'] }).notNull(),
    scope: integer('scope').notNull().default(0),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tiss_sequences_pk', columns: [t.medicId, t.kind, t.scope] }),
    check('tiss_sequences_kind', sql`${t.kind} in ('guia', 'lote', 'transacao', 'recurso')`),
  ],
);

/** A lot of one plan's guides: its message (ISO-8859-1 bytes) and, once sent, the day and the plan's protocol. */
export const tissLots = pgTable(
  'tiss_lots',
  {
    id: identityId(),
    medicId: ownedBy('medic_id', () => users.id),
    healthPlanId: integer('health_plan_id')
      .notNull()
      .references(() => healthPlans.id),
    number: integer('number').notNull(),
    message: bytea('message').notNull(),
    hash: text('hash').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    sentOn: date('sent_on', { mode: 'string' }),
    protocol: text('protocol'),
    createdBy: setNullRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [unique('tiss_lots_number_unique').on(t.medicId, t.healthPlanId, t.number)],
);

/** A case's guia de honorários as generated, numbered per medic; in at most one lot. */
export const tissGuides = pgTable(
  'tiss_guides',
  {
    id: identityId(),
    medicId: ownedBy('medic_id', () => users.id),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    healthPlanId: integer('health_plan_id')
      .notNull()
      .references(() => healthPlans.id),
    number: integer('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    content: jsonb('content').$type<HonorariosGuide>().notNull(),
    lotId: integer('lot_id').references((): AnyPgColumn => tissLots.id, { onDelete: 'set null' }),
    createdBy: setNullRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('tiss_guides_number_unique').on(t.medicId, t.number),
    index('tiss_guides_surgery_idx').on(t.surgeryId),
    index('tiss_guides_lot_idx').on(t.lotId),
  ],
);

/** A recurso de glosa against one sent lot. */
export const tissAppeals = pgTable(
  'tiss_appeals',
  {
    id: identityId(),
    medicId: ownedBy('medic_id', () => users.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => tissLots.id),
    number: integer('number').notNull(),
    message: bytea('message').notNull(),
    hash: text('hash').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    sentOn: date('sent_on', { mode: 'string' }),
    protocol: text('protocol'),
    createdBy: setNullRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [unique('tiss_appeals_number_unique').on(t.medicId, t.number)],
);
