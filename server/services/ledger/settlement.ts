import { sql } from 'drizzle-orm';
import { DEFAULT_APPEAL_DAYS, SETTLEMENT_GLOSA_REASON, type Settlement } from '../../../machines/ledger/constants';
import { centsOf } from '../../../machines/rules/money';
import { conclusionPlan, LEDGER_RULE_MESSAGES, type LedgerFacts } from '../../../machines/ledger/ledgerRules';
import { addDays } from '../../../machines/rules/dates';
import type { Transaction } from '../../db/client';
import { surgeryGlosas, surgeryLedgers, surgeryReceipts, type SurgeryRow } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import { syncPaymentColumns } from './ledger-read';
import { receiptPayerOf } from './ledger-service';

/**
 * SPEC's payment step against the ledger (issue 14; DECISIONS §16; machines/ledger/ledgerRules.ts), inside the
 * lifecycle move's transaction (services/surgeries/lifecycle-moves.ts), after the step's fields were written:
 *
 * - X (payment_done) below the receipts' sum: 400, nothing written (the advance's machine guard refuses it first;
 *   a save reaches this check);
 * - X above it: one receipt of the rest, dated date_payment (a save without a date: today), paid by the case's
 *   payment source;
 * - on the conclusion (`settlement` given), the difference still open becomes a glosa of SETTLEMENT_GLOSA_REASON
 *   (appeal deadline date_payment + 30 days) or a write-off (perda); the ledger row records the settlement and its
 *   day (the payment's date);
 * - payment_done and date_payment are then set from the receipts (a save with none keeps what it typed).
 */
export async function applyPaymentStep(
  tx: Transaction,
  row: SurgeryRow,
  ledger: LedgerFacts,
  options: { settlement: Settlement | null; today: string; userId: number; at: Date },
): Promise<void> {
  const paid = row.paymentDone === null ? 0 : centsOf(Number(row.paymentDone));
  const plan = conclusionPlan(ledger, paid);
  if (!plan) throw badRequest([LEDGER_RULE_MESSAGES.belowReceipts(ledger.received_cents)], { payment_done: [LEDGER_RULE_MESSAGES.belowReceipts(ledger.received_cents)] });
  const day = row.datePayment ?? options.today;
  if (plan.addReceiptCents > 0) {
    await tx.insert(surgeryReceipts).values({
      surgeryId: row.id,
      receivedOn: day,
      amountCents: plan.addReceiptCents,
      payer: receiptPayerOf(row.paymentFountains),
      note: null,
      createdBy: options.userId,
      createdAt: options.at,
    });
  }
  if (options.settlement) {
    const difference = plan.differenceCents;
    if (difference > 0 && options.settlement === 'glosa') {
      await tx.insert(surgeryGlosas).values({
        surgeryId: row.id,
        glosaOn: day,
        amountCents: difference,
        reason: SETTLEMENT_GLOSA_REASON,
        appealDeadline: addDays(day, DEFAULT_APPEAL_DAYS),
        createdBy: options.userId,
        createdAt: options.at,
        updatedAt: options.at,
      });
    }
    const writtenOff = options.settlement === 'perda' ? difference : 0;
    const settled = { settlement: options.settlement, settledOn: day };
    if (difference > 0) await tx
      .insert(surgeryLedgers)
      .values({ surgeryId: row.id, writtenOffCents: writtenOff, ...settled, updatedBy: options.userId, createdAt: options.at, updatedAt: options.at })
      .onConflictDoUpdate({
        target: surgeryLedgers.surgeryId,
        set: {
          writtenOffCents: sql`${surgeryLedgers.writtenOffCents} + ${writtenOff}`,
          ...settled,
          updatedBy: options.userId,
          updatedAt: options.at,
        },
      });
  }
  await syncPaymentColumns(tx, row.id, true);
}
