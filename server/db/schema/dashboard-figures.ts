import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './_helpers';
import { caseStatusEnum } from './enums';

/**
 * The dashboard's figures maintained as cases change (issue 15; docs/BENCHMARKS.md "Issue 15: maintained figures").
 * Written only by the triggers of migration 0006 (server/db/migrations/0006_dashboard_figures.sql), in the same
 * transaction as every write on the base tables; the application only reads them (services/dashboard).
 *
 * Keys have no nulls, so that `on conflict` finds the row: no plan, no hospital is 0; no payment source, no loss reason
 * is ''; no due date is 'infinity'. Months are São Paulo months as their first day. Counts and sums may reach zero
 * (the row stays): reads filter on them.
 */

/**
 * One row per case: what the case contributes to the figures (its keys and derived values, the ledger's included),
 * as of its last write. The triggers subtract a case's old contribution and add the new one; the column order is
 * that of the view `dashboard_case_facts_source`, which computes it from the base rows.
 */
export const dashboardCaseFacts = pgTable(
  'dashboard_case_facts',
  {
    surgeryId: integer('surgery_id').primaryKey(),
    medicId: integer('medic_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    createdMonth: date('created_month', { mode: 'string' }).notNull(),
    status: caseStatusEnum('status').notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    hospitalId: integer('hospital_id').notNull(),
    fees: numeric('fees', { precision: 12, scale: 2 }),
    /** São Paulo days from creation to conclusion; null unless concluido with concluded_at. */
    concludedDays: integer('concluded_days'),
    /** The loss reason of a cancelado/arquiv case ('' when none). */
    lostReason: text('lost_reason').notNull(),
    /** The procedure codes the case counts under (one per description: surgery_procedures, deduplicated). */
    procedureIds: integer('procedure_ids').array().notNull(),
    receivable: boolean('receivable').notNull(),
    expectedCents: bigint('expected_cents', { mode: 'number' }).notNull(),
    receivedCents: bigint('received_cents', { mode: 'number' }).notNull(),
    openCents: bigint('open_cents', { mode: 'number' }).notNull(),
    disputedCents: bigint('disputed_cents', { mode: 'number' }).notNull(),
    glosaCents: bigint('glosa_cents', { mode: 'number' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    lastReceiptOn: date('last_receipt_on', { mode: 'string' }),
    accomplishment: date('accomplishment', { mode: 'string' }),
    /** The case's receipts summed per São Paulo month of receipt (parallel arrays). */
    receiptMonths: date('receipt_months', { mode: 'string' }).array().notNull(),
    receiptCents: bigint('receipt_cents', { mode: 'number' }).array().notNull(),
    /**
     * 'Honorários a receber' of the case (issue 33 item 15, migration 0015; docs/LEDGER.md "The figures"): what is
     * still to come, expected − received − lost (write-off and decided glosas not recovered), never below 0.
     */
    toComeCents: bigint('to_come_cents', { mode: 'number' }).notNull().default(0),
    /** The case's glosas (as denied) summed per month of the glosa's day (parallel arrays; migration 0015). */
    glosaMonths: date('glosa_months', { mode: 'string' }).array().notNull().default(sql`'{}'`),
    glosaMonthCents: bigint('glosa_month_cents', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  },
  (t) => [
    index('dashboard_case_facts_medic_created_idx').on(t.medicId, t.createdAt),
    index('dashboard_case_facts_medic_due_idx').on(t.medicId, t.dueDate),
    index('dashboard_case_facts_medic_last_receipt_idx').on(t.medicId, t.lastReceiptOn),
  ],
);

/** Cases per creation month and status: counts, fees (reais), days to conclusion and concluded cases. */
export const dashboardStatusMonths = pgTable(
  'dashboard_status_months',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    status: caseStatusEnum('status').notNull(),
    cases: integer('cases').notNull(),
    fees: numeric('fees').notNull(),
    days: bigint('days', { mode: 'number' }).notNull(),
    concluded: integer('concluded').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.status] })],
);

/**
 * Cases per creation month and payer (plan, payment source): planned, carried out, and `to_receive`, the reais still to
 * come on the active cases ('Honorários a receber': to_come_cents; migration 0015 netted what was received).
 */
export const dashboardPayerMonths = pgTable(
  'dashboard_payer_months',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    planned: integer('planned').notNull(),
    carriedOut: integer('carried_out').notNull(),
    toReceive: numeric('to_receive').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.planId, t.source] })],
);

/** Cases per creation month and hospital: planned, carried out. */
export const dashboardHospitalMonths = pgTable(
  'dashboard_hospital_months',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    hospitalId: integer('hospital_id').notNull(),
    planned: integer('planned').notNull(),
    carriedOut: integer('carried_out').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.hospitalId] })],
);

/** Cases per creation month and procedure code: planned, carried out. */
export const dashboardProcedureMonths = pgTable(
  'dashboard_procedure_months',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    procedureId: integer('procedure_id').notNull(),
    planned: integer('planned').notNull(),
    carriedOut: integer('carried_out').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.procedureId] })],
);

/** Cancelled and archived cases per creation month and loss reason. */
export const dashboardLostMonths = pgTable(
  'dashboard_lost_months',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    cases: integer('cases').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.reason] })],
);

/** Receipts (centavos) per São Paulo month of receipt and the case's payer. */
export const dashboardReceiptMonths = pgTable(
  'dashboard_receipt_months',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.planId, t.source] })],
);

/** Open balances (centavos) of the receivable cases that owe, per creation month, payer and due date. */
export const dashboardOpenBalances = pgTable(
  'dashboard_open_balances',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    openCents: bigint('open_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.planId, t.source, t.dueDate] })],
);

/**
 * Per month and payer, over the receivable cases (migration 0015): the expected fees by the month they fall due, and
 * the glosas (as denied) by the month of the glosa's day (DECISIONS §18: glosas follow the glosa's date).
 */
export const dashboardGlosaMonths = pgTable(
  'dashboard_glosa_months',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    expectedCents: bigint('expected_cents', { mode: 'number' }).notNull(),
    glosaCents: bigint('glosa_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.planId, t.source] })],
);

/** Paid-off receivable cases per month of the last receipt, payer and days from the surgery to it (a histogram). */
export const dashboardPaymentDays = pgTable(
  'dashboard_payment_days',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    days: integer('days').notNull(),
    cases: integer('cases').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month, t.planId, t.source, t.days] })],
);

/** Expected fees (centavos) of the receivable cases with a due date, per due month. */
export const dashboardDueMonths = pgTable(
  'dashboard_due_months',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    cases: integer('cases').notNull(),
    expectedCents: bigint('expected_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month] })],
);

/*
 * All-time summaries (issue 15, second pass; migration 0007_dashboard_totals.sql): the monthly ones above without the
 * month, for the period 'all' (the homes' read, no period), which otherwise sums every month's rows. Kept by the
 * same triggers (dashboard_apply_fact), in the same transaction.
 */

/** Cases per status: counts, fees (reais), days to conclusion and concluded cases. */
export const dashboardStatusTotals = pgTable(
  'dashboard_status_totals',
  {
    medicId: integer('medic_id').notNull(),
    status: caseStatusEnum('status').notNull(),
    cases: integer('cases').notNull(),
    fees: numeric('fees').notNull(),
    days: bigint('days', { mode: 'number' }).notNull(),
    concluded: integer('concluded').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.status] })],
);

/**
 * Per payer (plan, payment source): planned, carried out and fees of the active cases (not lost ones); receipts of
 * any case (centavos); expected fees, glosas and open balances of the receivable cases (centavos).
 */
export const dashboardPayerTotals = pgTable(
  'dashboard_payer_totals',
  {
    medicId: integer('medic_id').notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    planned: integer('planned').notNull(),
    carriedOut: integer('carried_out').notNull(),
    toReceive: numeric('to_receive').notNull(),
    receivedCents: bigint('received_cents', { mode: 'number' }).notNull(),
    expectedCents: bigint('expected_cents', { mode: 'number' }).notNull(),
    glosaCents: bigint('glosa_cents', { mode: 'number' }).notNull(),
    openCents: bigint('open_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.planId, t.source] })],
);

/** Cases per hospital: planned, carried out. */
export const dashboardHospitalTotals = pgTable(
  'dashboard_hospital_totals',
  {
    medicId: integer('medic_id').notNull(),
    hospitalId: integer('hospital_id').notNull(),
    planned: integer('planned').notNull(),
    carriedOut: integer('carried_out').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.hospitalId] })],
);

/** Cases per procedure code: planned, carried out. */
export const dashboardProcedureTotals = pgTable(
  'dashboard_procedure_totals',
  {
    medicId: integer('medic_id').notNull(),
    procedureId: integer('procedure_id').notNull(),
    planned: integer('planned').notNull(),
    carriedOut: integer('carried_out').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.procedureId] })],
);

/** Cancelled and archived cases per loss reason. */
export const dashboardLostTotals = pgTable(
  'dashboard_lost_totals',
  {
    medicId: integer('medic_id').notNull(),
    reason: text('reason').notNull(),
    cases: integer('cases').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.reason] })],
);

/**
 * Open balances (centavos) per due date and payer, keyed by the due date first: the aging read takes only the due
 * dates of the last 90 days and later (the three recent buckets); the rest of a payer's open balance
 * (dashboard_payer_totals.open_cents minus those) is the 90+ bucket. Migration 0009 adds open_cents to the primary
 * key's index (INCLUDE, which drizzle-kit does not express) so that read is index-only.
 */
export const dashboardOpenDues = pgTable(
  'dashboard_open_dues',
  {
    medicId: integer('medic_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    openCents: bigint('open_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.dueDate, t.planId, t.source] })],
);

/** Paid-off receivable cases per payer and days from the surgery to the last receipt (a histogram). */
export const dashboardPaymentDayTotals = pgTable(
  'dashboard_payment_day_totals',
  {
    medicId: integer('medic_id').notNull(),
    planId: integer('plan_id').notNull(),
    source: text('source').notNull(),
    days: integer('days').notNull(),
    cases: integer('cases').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.planId, t.source, t.days] })],
);

/** Receipts (centavos) per São Paulo month of receipt, every payer together. */
export const dashboardReceiptMonthTotals = pgTable(
  'dashboard_receipt_month_totals',
  {
    medicId: integer('medic_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.month] })],
);
