import { bigint, check, date, index, integer, pgTable, primaryKey, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, identityId, ownedBy, setNullRef, timestamps } from './_helpers';
import { appealOutcomeEnum, paymentTermPayerEnum, receiptPayerEnum, settlementEnum } from './enums';
import { glosaReasons } from './billing';
import { tissAppeals } from './tiss';
import { tissStatements } from './tiss-statements';
import { surgeries } from './surgeries';
import { users } from './users';

/**
 * The fee ledger of a case (issue 14; DECISIONS §16): money in integer centavos (bigint), never floating point.
 * surgeries.payment_done is kept equal to the sum of the case's receipts (in the transaction that writes them), and
 * surgeries.date_payment to the latest receipt's day, so SPEC's payment step and figures read as before.
 */

/** The billing (faturamento) of a case and how its conclusion settled the difference; at most one row per case. */
export const surgeryLedgers = pgTable(
  'surgery_ledgers',
  {
    surgeryId: integer('surgery_id')
      .primaryKey()
      .references(() => surgeries.id, { onDelete: 'cascade' }),
    billedOn: date('billed_on', { mode: 'string' }),
    /** The guide (guia) or lot (lote) number the fee was billed under. */
    billingReference: text('billing_reference'),
    /** The amount written off as lost (baixa) when the case was concluded below its expected fee. */
    writtenOffCents: bigint('written_off_cents', { mode: 'number' }).notNull().default(0),
    /** How the conclusion's difference was recorded (null: concluded without one, or not concluded). */
    settlement: settlementEnum('settlement'),
    settledOn: date('settled_on', { mode: 'string' }),
    updatedBy: setNullRef('updated_by', () => users.id),
    ...timestamps,
  },
  (t) => [check('surgery_ledgers_written_off', sql`${t.writtenOffCents} >= 0`)],
);

/** One payment received for a case (several per case: partial payments). */
export const surgeryReceipts = pgTable(
  'surgery_receipts',
  {
    id: identityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    payer: receiptPayerEnum('payer').notNull(),
    note: text('note'),
    /**
     * The paying company's CNPJ as typed (14 digits) when no registration of it is known (issue 38 item 5; migration
     * 0026): a patient's CPF and a hospital's registered CNPJ are read from their records (income-report.ts).
     */
    payerDocument: text('payer_document'),
    /** The paying company's name as typed, if any. */
    payerName: text('payer_name'),
    /** Taxes the payer withheld at source; `amountCents` is the gross, the net deposited is gross − these (computed). */
    irrfCents: bigint('irrf_cents', { mode: 'number' }).notNull().default(0),
    issCents: bigint('iss_cents', { mode: 'number' }).notNull().default(0),
    pisCofinsCsllCents: bigint('pis_cofins_csll_cents', { mode: 'number' }).notNull().default(0),
    /** The plan's statement that posted it (issue 38), and the deposit it came in. */
    tissStatementId: integer('tiss_statement_id').references((): AnyPgColumn => tissStatements.id, { onDelete: 'set null' }),
    depositReference: text('deposit_reference'),
    createdBy: setNullRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('surgery_receipts_surgery_idx').on(t.surgeryId),
    index('surgery_receipts_received_on_idx').on(t.receivedOn),
    index('surgery_receipts_statement_idx').on(t.tissStatementId).where(sql`${t.tissStatementId} is not null`),
    check('surgery_receipts_amount', sql`${t.amountCents} > 0`),
    check('surgery_receipts_payer_document', sql`${t.payerDocument} is null or ${t.payerDocument} ~ '^[0-9]{14}$'`),
    check(
      'surgery_receipts_withholdings',
      sql`${t.irrfCents} >= 0 and ${t.issCents} >= 0 and ${t.pisCofinsCsllCents} >= 0 and ${t.irrfCents} + ${t.issCents} + ${t.pisCofinsCsllCents} <= ${t.amountCents}`,
    ),
  ],
);

/** An amount the payer denied (glosa), with its appeal (recurso): deadline, filing, outcome and amount recovered. */
export const surgeryGlosas = pgTable(
  'surgery_glosas',
  {
    id: identityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    glosaOn: date('glosa_on', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The TISS reason code (glosa_reasons; issue 37), when known. */
    reasonCode: text('reason_code').references((): AnyPgColumn => glosaReasons.code),
    appealDeadline: date('appeal_deadline', { mode: 'string' }),
    appealFiledOn: date('appeal_filed_on', { mode: 'string' }),
    appealOutcome: appealOutcomeEnum('appeal_outcome'),
    /** What the appeal recovered (revertida: usually the whole amount; parcial: part; mantida: 0). */
    recoveredCents: bigint('recovered_cents', { mode: 'number' }),
    note: text('note'),
    /** The appeal's justification, written for the plan (issue 37), and the TISS appeal that carries it. */
    appealJustification: text('appeal_justification'),
    tissAppealId: integer('tiss_appeal_id').references((): AnyPgColumn => tissAppeals.id, { onDelete: 'set null' }),
    /** The plan's statement that posted it (issue 38). */
    tissStatementId: integer('tiss_statement_id').references((): AnyPgColumn => tissStatements.id, { onDelete: 'set null' }),
    createdBy: setNullRef('created_by', () => users.id),
    ...timestamps,
  },
  (t) => [
    index('surgery_glosas_surgery_idx').on(t.surgeryId),
    index('surgery_glosas_deadline_idx').on(t.appealDeadline),
    index('surgery_glosas_statement_idx').on(t.tissStatementId).where(sql`${t.tissStatementId} is not null`),
    check('surgery_glosas_amount', sql`${t.amountCents} > 0`),
    check(
      'surgery_glosas_recovered',
      sql`${t.recoveredCents} is null or (${t.recoveredCents} >= 0 and ${t.recoveredCents} <= ${t.amountCents})`,
    ),
  ],
);

/** A medic's payment term for a health plan or a hospital: days from billing to the due date. */
export const paymentTerms = pgTable(
  'payment_terms',
  {
    medicId: ownedBy('medic_id', () => users.id),
    payer: paymentTermPayerEnum('payer').notNull(),
    /** health_plans.id when payer = 'plano', hospitals.id when 'hospital'. */
    payerId: integer('payer_id').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.payer, t.payerId] }), check('payment_terms_days', sql`${t.days} > 0`)],
);
