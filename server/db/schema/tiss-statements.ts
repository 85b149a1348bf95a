import { bigint, check, date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea, createdAt, identityId, ownedBy, setNullRef, timestamptz } from './_helpers';
import { healthPlans } from './lookups';
import { tissLots } from './tiss';
import { users } from './users';

/** The plans' statements read back (issue 38; docs/TISS.md "Reading statements back", migration 0027). */

/** A statement file as imported, byte for byte, once per office. */
export const tissStatementFiles = pgTable(
  'tiss_statement_files',
  {
    id: identityId(),
    medicId: ownedBy('medic_id', () => users.id),
    sha256: text('sha256').notNull(),
    message: bytea('message').notNull(),
    importedBy: setNullRef('imported_by', () => users.id),
    importedAt: timestamptz('imported_at').defaultNow().notNull(),
  },
  (t) => [unique('tiss_statement_files_sha256_unique').on(t.medicId, t.sha256)],
);

/** A plan's TISS statements, and the repasse of a payer that sends a CSV instead (migration 0028). */
export const STATEMENT_KINDS = ['analise', 'pagamento', 'repasse'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/**
 * One statement of a file, as the plan identifies it (registry, kind, number): imported once. A repasse (CSV) has no
 * plan: its registry is '' and its number the file's SHA-256. `payerName`/`payerDocument`: who paid (CNPJ digits).
 */
export const tissStatements = pgTable(
  'tiss_statements',
  {
    id: identityId(),
    fileId: ownedBy('file_id', () => tissStatementFiles.id),
    medicId: ownedBy('medic_id', () => users.id),
    healthPlanId: integer('health_plan_id').references(() => healthPlans.id),
    kind: text('kind').$type<StatementKind>().notNull(),
    planAnsRegistry: text('plan_ans_registry').notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    guides: integer('guides').notNull(),
    unmatched: integer('unmatched').notNull(),
    receiptsCents: bigint('receipts_cents', { mode: 'number' }).notNull(),
    glosasCents: bigint('glosas_cents', { mode: 'number' }).notNull(),
    payerName: text('payer_name'),
    payerDocument: text('payer_document'),
    createdAt: createdAt(),
  },
  (t) => [
    check('tiss_statements_kind', sql`${t.kind} in ('analise', 'pagamento', 'repasse')`),
    check('tiss_statements_plan', sql`(${t.kind} = 'repasse') = (${t.healthPlanId} is null)`),
    check('tiss_statements_payer_document', sql`${t.payerDocument} is null or ${t.payerDocument} ~ '^[0-9]{14}$'`),
    unique('tiss_statements_identity_unique').on(t.medicId, t.planAnsRegistry, t.kind, t.number),
    index('tiss_statements_medic_idx').on(t.medicId, t.createdAt),
  ],
);

/** The lots a statement speaks of. */
export const tissStatementLots = pgTable(
  'tiss_statement_lots',
  {
    statementId: ownedBy('statement_id', () => tissStatements.id),
    lotId: ownedBy('lot_id', () => tissLots.id),
  },
  (t) => [primaryKey({ name: 'tiss_statement_lots_pk', columns: [t.statementId, t.lotId] }), index('tiss_statement_lots_lot_idx').on(t.lotId)],
);
