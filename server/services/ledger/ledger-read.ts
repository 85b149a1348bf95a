import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { APPEAL_OUTCOME_LABELS, RECEIPT_PAYER_LABELS, type ReceiptPayer } from '../../../machines/ledger/constants';
import type { LedgerFacts } from '../../../machines/ledger/ledgerRules';
import type { Executor } from '../../db/client';
import { surgeries, surgeryGlosas, surgeryLedgers, surgeryReceipts } from '../../db/schema/index';
import { daysPastDueSql, ledgerJoin } from './balances';
import { companyNameSql, netSql, payerDocumentSql, receiptPayerJoin } from './income-report';

export type LedgerResponse = components['schemas']['Ledger'];

/** Rows of a raw statement (drizzle's execute answers `{ rows }` on both drivers). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type BalanceRow = {
  version: number;
  billed_on: string | null;
  billing_reference: string | null;
  term_days: number | string;
  due_date: string | null;
  days_past_due: number | string | null;
  expected_cents: number | string;
  received_cents: number | string;
  glosa_net_cents: number | string;
  disputed_cents: number | string;
  written_off_cents: number | string;
  open_cents: number | string;
  lost_cents: number | string;
  next_appeal_deadline: string | null;
  settlement: 'glosa' | 'perda' | null;
  settled_on: string | null;
};

/** A receipt as read raw (numbers may be text on node-postgres, the instant a Date or a string). */
type ReceiptRow = {
  id: number | string;
  received_on: unknown;
  amount_cents: number | string;
  payer: ReceiptPayer;
  note: string | null;
  created_at: string;
  payer_document: string | null;
  payer_name: string | null;
  payer_document_typed: boolean | string;
  irrf_cents: number | string;
  iss_cents: number | string;
  pis_cofins_csll_cents: number | string;
  net_cents: number | string;
};

/** A date column read raw: PGlite may answer a Date, node-postgres a string; the API says yyyy-MM-dd. */
function day(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The balance of case `surgeryId` computed in SQL (ledgerJoin), at `today`. */
async function balanceOf(db: Executor, surgeryId: number, today: string): Promise<BalanceRow> {
  const [row] = await rowsOf<BalanceRow>(
    db,
    sql`select ${surgeries.version} as version, ledger.billed_on, ledger.billing_reference, ledger.term_days,
      ledger.due_date, ${daysPastDueSql(today)} as days_past_due,
      ledger.expected_cents, ledger.received_cents, ledger.glosa_net_cents, ledger.disputed_cents,
      ledger.written_off_cents, ledger.open_cents, ledger.lost_cents, ledger.next_appeal_deadline,
      (select ${surgeryLedgers.settlement} from ${surgeryLedgers} where ${surgeryLedgers.surgeryId} = ${surgeries.id}) as settlement,
      (select ${surgeryLedgers.settledOn} from ${surgeryLedgers} where ${surgeryLedgers.surgeryId} = ${surgeries.id}) as settled_on
    from ${surgeries} ${ledgerJoin} where ${surgeries.id} = ${surgeryId}`,
  );
  if (!row) throw new Error(`ledger: case ${surgeryId} not found`);
  return row;
}

/** What the lifecycle's conclusion reads of the case's ledger (through the move's transaction). */
export async function ledgerFacts(db: Executor, surgeryId: number): Promise<LedgerFacts> {
  const [row] = await rowsOf<{ expected_cents: string | number; received_cents: string | number; deducted_cents: string | number }>(
    db,
    sql`select ledger.expected_cents, ledger.received_cents, (ledger.glosa_net_cents + ledger.written_off_cents) as deducted_cents
    from ${surgeries} ${ledgerJoin} where ${surgeries.id} = ${surgeryId}`,
  );
  return {
    expected_cents: Number(row?.expected_cents ?? 0),
    received_cents: Number(row?.received_cents ?? 0),
    deducted_cents: Number(row?.deducted_cents ?? 0),
  };
}

/** The whole ledger of case `surgeryId` as the API answers it (openapi Ledger). */
export async function readLedger(db: Executor, surgeryId: number, today: string): Promise<LedgerResponse> {
  const balance = await balanceOf(db, surgeryId, today);
  const receipts = await rowsOf<ReceiptRow>(
    db,
    sql`select ${surgeryReceipts.id} as id, ${surgeryReceipts.receivedOn} as received_on, ${surgeryReceipts.amountCents} as amount_cents,
      ${surgeryReceipts.payer} as payer, ${surgeryReceipts.note} as note,
      to_char(${surgeryReceipts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      ${payerDocumentSql} as payer_document, ${companyNameSql} as payer_name,
      (${surgeryReceipts.payerDocument} is not null) as payer_document_typed,
      ${surgeryReceipts.irrfCents} as irrf_cents, ${surgeryReceipts.issCents} as iss_cents,
      ${surgeryReceipts.pisCofinsCsllCents} as pis_cofins_csll_cents, ${netSql} as net_cents
    from ${surgeryReceipts} ${receiptPayerJoin}
    where ${surgeryReceipts.surgeryId} = ${surgeryId}
    order by ${surgeryReceipts.receivedOn} asc, ${surgeryReceipts.id} asc`,
  );
  const glosas = await db
    .select({
      id: surgeryGlosas.id,
      glosa_on: surgeryGlosas.glosaOn,
      amount_cents: surgeryGlosas.amountCents,
      reason: surgeryGlosas.reason,
      reason_code: surgeryGlosas.reasonCode,
      appeal_deadline: surgeryGlosas.appealDeadline,
      appeal_filed_on: surgeryGlosas.appealFiledOn,
      appeal_outcome: surgeryGlosas.appealOutcome,
      recovered_cents: surgeryGlosas.recoveredCents,
      note: surgeryGlosas.note,
    })
    .from(surgeryGlosas)
    .where(eq(surgeryGlosas.surgeryId, surgeryId))
    .orderBy(asc(surgeryGlosas.glosaOn), asc(surgeryGlosas.id));
  return {
    surgery: surgeryId,
    version: Number(balance.version),
    billed_on: day(balance.billed_on),
    billing_reference: balance.billing_reference,
    payment_term_days: Number(balance.term_days),
    due_date: day(balance.due_date),
    days_past_due: num(balance.days_past_due),
    expected_cents: Number(balance.expected_cents),
    received_cents: Number(balance.received_cents),
    glosa_net_cents: Number(balance.glosa_net_cents),
    disputed_cents: Number(balance.disputed_cents),
    written_off_cents: Number(balance.written_off_cents),
    open_cents: Number(balance.open_cents),
    lost_cents: Number(balance.lost_cents),
    settlement: balance.settlement,
    settled_on: day(balance.settled_on),
    next_appeal_deadline: day(balance.next_appeal_deadline),
    receipts: receipts.map((receipt) => ({
      id: Number(receipt.id),
      received_on: day(receipt.received_on)!,
      amount_cents: Number(receipt.amount_cents),
      payer: receipt.payer,
      payer_label: RECEIPT_PAYER_LABELS[receipt.payer],
      note: receipt.note,
      created_at: receipt.created_at,
      payer_document: receipt.payer_document,
      payer_name: receipt.payer_name,
      payer_document_typed: Boolean(receipt.payer_document_typed),
      irrf_cents: Number(receipt.irrf_cents),
      iss_cents: Number(receipt.iss_cents),
      pis_cofins_csll_cents: Number(receipt.pis_cofins_csll_cents),
      net_cents: Number(receipt.net_cents),
    })),
    glosas: glosas.map((glosa) => ({
      ...glosa,
      amount_cents: Number(glosa.amount_cents),
      recovered_cents: glosa.recovered_cents === null ? null : Number(glosa.recovered_cents),
      appeal_outcome_label: glosa.appeal_outcome ? APPEAL_OUTCOME_LABELS[glosa.appeal_outcome] : null,
    })),
  };
}

/**
 * SPEC's payment fields as the receipts make them (DECISIONS §16), for an UPDATE of the case: payment_done = their sum
 * in reais (numeric, the division done by the database), date_payment = the latest receipt's day; with no receipt
 * both null, unless `keepWhenNone` (the payment step's own save, whose typed date stays as a draft).
 */
export function paymentColumnsFromReceipts(surgeryId: number, keepWhenNone = false) {
  const sum = sql`(select sum(${surgeryReceipts.amountCents}) from ${surgeryReceipts} where ${surgeryReceipts.surgeryId} = ${surgeryId})`;
  const last = sql`(select max(${surgeryReceipts.receivedOn}) from ${surgeryReceipts} where ${surgeryReceipts.surgeryId} = ${surgeryId})`;
  return keepWhenNone
    ? {
        paymentDone: sql`coalesce((${sum} / 100.0)::numeric(12,2), ${surgeries.paymentDone})`,
        datePayment: sql`coalesce(${last}, ${surgeries.datePayment})`,
      }
    : { paymentDone: sql`(${sum} / 100.0)::numeric(12,2)`, datePayment: last };
}

/** Keeps SPEC's payment fields of case `surgeryId` equal to its receipts (paymentColumnsFromReceipts). */
export async function syncPaymentColumns(db: Executor, surgeryId: number, keepWhenNone = false): Promise<void> {
  await db.update(surgeries).set(paymentColumnsFromReceipts(surgeryId, keepWhenNone)).where(eq(surgeries.id, surgeryId));
}
