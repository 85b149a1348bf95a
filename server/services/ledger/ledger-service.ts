import { glosaReasonExists } from '../billing/glosa-reasons';
import { caseChange, recordChange } from '../audit/audit-log';
import { and, eq, sql } from 'drizzle-orm';
import { STATUS_LABELS, type CaseStatus } from '../../../machines/constants';
import type { ReceiptPayer } from '../../../machines/ledger/constants';
import { glosaProblem, ledgerWritable, type GlosaTake } from '../../../machines/ledger/ledgerRules';
import { glosaColumnsOf } from '../../../machines/ledger/glosaColumns';
import { incomeKindOf } from '../../../machines/ledger/incomeRules';
import type { BillingInput, GlosaInput, GlosaUpdateInput, ReceiptInput } from '../../../machines/ledger/ledgerSchemas';
import type { Database, Transaction } from '../../db/client';
import { surgeries, surgeryGlosas, surgeryLedgers, surgeryReceipts, type SurgeryRow } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleSurgeryRow } from '../access/scope';
import { saoPauloDay } from '../sao-paulo-time';
import { SURGERY_NOT_FOUND } from '../surgeries/surgery-service';
import { recordSurgeryEvents } from '../surgeries/surgery-events';
import { ledgerFacts, paymentColumnsFromReceipts, readLedger, type LedgerResponse } from './ledger-read';

type User = Pick<AuthUser, 'id' | 'type'>;

export const LEDGER_SERVICE_MESSAGES = {
  closed: (status: CaseStatus) =>
    `O faturamento e os recebimentos só se lançam em cirurgias em realização, em pagamento ou concluídas: a cirurgia está em "${STATUS_LABELS[status]}".`,
  receiptNotFound: 'Recebimento não encontrado.',
  glosaNotFound: 'Glosa não encontrada.',
  unknownReasonCode: 'Motivo de glosa não encontrado.',
  /** A concluded case keeps at least one receipt (SPEC: a conclusion needs a value received). */
  lastReceiptOfConcluded: 'Uma cirurgia concluída precisa de pelo menos um recebimento: lance outro antes de excluir este.',
} as const;

const M = LEDGER_SERVICE_MESSAGES;

/**
 * A case's fee ledger (issue 14; DECISIONS §16; openapi getLedger, updateLedgerBilling, createReceipt, deleteReceipt,
 * createGlosa, updateGlosa, deleteGlosa). Both roles (a secretary for her medics' cases). Every write runs in one
 * transaction: the case's row locked (`SELECT … FOR UPDATE`), its status checked (409 outside realizacao, pagamento
 * and concluido), the write, `surgeries.version` bumped in one UPDATE with (after a receipt's write) SPEC's payment
 * fields set from the receipts (payment_done = their sum, date_payment = the latest), and the ledger answered as it left it, read through the transaction. The
 * balance is computed in SQL (balances.ts ledgerJoin), at the São Paulo day of the app's clock.
 */
export function createLedgerService({ db, now }: { db: Database; now: () => Date }) {
  async function writeOnCase(
    user: User,
    id: number,
    /** The audit row's detail: what part of the ledger this write changed. */
    part: 'billing' | 'receipt' | 'glosa',
    write: (tx: Transaction, row: SurgeryRow) => Promise<void>,
    { receipts = false }: { receipts?: boolean } = {},
  ): Promise<LedgerResponse> {
    return db.transaction(async (tx) => {
      const row = await visibleSurgeryRow(tx, user, id, { lock: true });
      if (!row) throw notFound(SURGERY_NOT_FOUND);
      if (!ledgerWritable(row.status)) throw conflict(M.closed(row.status), row.status);
      await write(tx, row);
      await tx
        .update(surgeries)
        .set({ version: sql`${surgeries.version} + 1`, updatedAt: now(), ...(receipts ? paymentColumnsFromReceipts(row.id) : {}) })
        .where(eq(surgeries.id, row.id));
      await recordChange(tx, user, caseChange(row, part), now());
      return readLedger(tx, row.id, saoPauloDay(now()));
    });
  }

  async function glosaOf(tx: Transaction, surgeryId: number, glosaId: number): Promise<GlosaTake> {
    const [glosa] = await tx
      .select({ amount_cents: surgeryGlosas.amountCents, recovered_cents: surgeryGlosas.recoveredCents })
      .from(surgeryGlosas)
      .where(and(eq(surgeryGlosas.id, glosaId), eq(surgeryGlosas.surgeryId, surgeryId)));
    if (!glosa) throw notFound(M.glosaNotFound);
    return { amount_cents: Number(glosa.amount_cents), recovered_cents: glosa.recovered_cents === null ? null : Number(glosa.recovered_cents) };
  }

  /**
   * A glosa takes at most what is open (machines/ledger/ledgerRules.ts glosaProblem): checked on the locked case,
   * before the write, with the balance read through the transaction. Every ledger write and lifecycle move locks the
   * case's row first, so two glosas sent at once are checked one after the other, the second against the balance
   * the first left (READ COMMITTED: each statement after the lock sees what the first committed). 400, nothing written.
   */
  /** A glosa's TISS reason code must be one of the shipped table's (400 otherwise, nothing written). */
  async function checkReasonCode(tx: Transaction, code: string | null | undefined): Promise<void> {
    if (code && !(await glosaReasonExists(tx, code))) throw badRequest([M.unknownReasonCode], { reason_code: [M.unknownReasonCode] });
  }

  async function checkGlosa(tx: Transaction, surgeryId: number, next: GlosaTake, previous: GlosaTake | null): Promise<void> {
    const problem = glosaProblem(await ledgerFacts(tx, surgeryId), next, previous);
    if (problem) throw badRequest([problem], { amount_cents: [problem] });
  }

  return {
    /** The ledger of the user's case `id` (any status: a closed case's ledger is history to read). */
    async get(user: User, id: number): Promise<LedgerResponse> {
      return db.transaction(async (tx) => {
        const row = await visibleSurgeryRow(tx, user, id);
        if (!row) throw notFound(SURGERY_NOT_FOUND);
        return readLedger(tx, row.id, saoPauloDay(now()));
      });
    },

    /** The billing date and guide/lot number (the row is created on the first write). */
    async setBilling(user: User, id: number, input: BillingInput): Promise<LedgerResponse> {
      return writeOnCase(user, id, 'billing', async (tx, row) => {
        const at = now();
        const values = { billedOn: input.billed_on, billingReference: input.billing_reference, updatedBy: user.id, updatedAt: at };
        await tx
          .insert(surgeryLedgers)
          .values({ surgeryId: row.id, ...values, createdAt: at })
          .onConflictDoUpdate({ target: surgeryLedgers.surgeryId, set: values });
      });
    },

    async addReceipt(user: User, id: number, input: ReceiptInput): Promise<LedgerResponse> {
      return writeOnCase(user, id, 'receipt', async (tx, row) => {
        await tx.insert(surgeryReceipts).values({
          surgeryId: row.id,
          receivedOn: input.received_on as string,
          amountCents: input.amount_cents,
          payer: input.payer,
          note: input.note ?? null,
          // Who paid and what it withheld (issue 38 item 5): a company's CNPJ and name only when typed (a patient's
          // CPF and a hospital's registered CNPJ are read from their records: income-report.ts).
          ...(incomeKindOf(input.payer) === 'pj' ? { payerDocument: input.payer_document ?? null, payerName: input.payer_name ?? null } : {}),
          irrfCents: input.irrf_cents ?? 0,
          issCents: input.iss_cents ?? 0,
          pisCofinsCsllCents: input.pis_cofins_csll_cents ?? 0,
          createdBy: user.id,
          createdAt: now(),
        });
      }, { receipts: true });
    },

    async deleteReceipt(user: User, id: number, receiptId: number): Promise<LedgerResponse> {
      return writeOnCase(user, id, 'receipt', async (tx, row) => {
        const removed = await tx
          .delete(surgeryReceipts)
          .where(and(eq(surgeryReceipts.id, receiptId), eq(surgeryReceipts.surgeryId, row.id)))
          .returning({ id: surgeryReceipts.id, amountCents: surgeryReceipts.amountCents, receivedOn: surgeryReceipts.receivedOn });
        if (removed.length === 0) throw notFound(M.receiptNotFound);
        const [gone] = removed;
        await recordSurgeryEvents(tx, row.id, user.id, now(), [
          { kind: 'receipt_removed', detail: { amount_cents: Number(gone!.amountCents), received_on: gone!.receivedOn } },
        ]);
        if (row.status === 'concluido') {
          const [left] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(surgeryReceipts)
            .where(eq(surgeryReceipts.surgeryId, row.id));
          if (Number(left?.count ?? 0) === 0) throw badRequest([M.lastReceiptOfConcluded]);
        }
      }, { receipts: true });
    },

    async addGlosa(user: User, id: number, input: GlosaInput): Promise<LedgerResponse> {
      return writeOnCase(user, id, 'glosa', async (tx, row) => {
        const at = now();
        const columns = glosaColumnsOf(input);
        await checkReasonCode(tx, columns.reasonCode);
        await checkGlosa(tx, row.id, { amount_cents: columns.amountCents, recovered_cents: columns.recoveredCents }, null);
        await tx.insert(surgeryGlosas).values({ surgeryId: row.id, ...columns, createdBy: user.id, createdAt: at, updatedAt: at });
      });
    },

    async updateGlosa(user: User, id: number, glosaId: number, input: GlosaUpdateInput): Promise<LedgerResponse> {
      return writeOnCase(user, id, 'glosa', async (tx, row) => {
        const previous = await glosaOf(tx, row.id, glosaId);
        const columns = glosaColumnsOf(input);
        await checkReasonCode(tx, columns.reasonCode);
        await checkGlosa(tx, row.id, { amount_cents: columns.amountCents, recovered_cents: columns.recoveredCents }, previous);
        const [before] = await tx
          .select({ filed: surgeryGlosas.appealFiledOn, outcome: surgeryGlosas.appealOutcome, recovered: surgeryGlosas.recoveredCents })
          .from(surgeryGlosas)
          .where(eq(surgeryGlosas.id, glosaId));
        await tx.update(surgeryGlosas).set({ ...columns, updatedAt: now() }).where(eq(surgeryGlosas.id, glosaId));
        // An appeal filed or decided is an entry of the case's history (issue 33 item 7).
        const filed = columns.appealFiledOn ?? null;
        const outcome = columns.appealOutcome ?? null;
        const recovered = columns.recoveredCents === null || columns.recoveredCents === undefined ? null : Number(columns.recoveredCents);
        const recoveredBefore = before?.recovered === null || before?.recovered === undefined ? null : Number(before.recovered);
        if ((filed || outcome) && (filed !== (before?.filed ?? null) || outcome !== (before?.outcome ?? null) || recovered !== recoveredBefore)) {
          await recordSurgeryEvents(tx, row.id, user.id, now(), [
            { kind: 'glosa_appeal', detail: { glosa: glosaId, amount_cents: columns.amountCents, appeal_filed_on: filed, appeal_outcome: outcome, recovered_cents: recovered } },
          ]);
        }
      });
    },

    async deleteGlosa(user: User, id: number, glosaId: number): Promise<LedgerResponse> {
      return writeOnCase(user, id, 'glosa', async (tx, row) => {
        await glosaOf(tx, row.id, glosaId);
        const [gone] = await tx
          .delete(surgeryGlosas)
          .where(eq(surgeryGlosas.id, glosaId))
          .returning({ amountCents: surgeryGlosas.amountCents, glosaOn: surgeryGlosas.glosaOn });
        await recordSurgeryEvents(tx, row.id, user.id, now(), [
          { kind: 'glosa_removed', detail: { amount_cents: Number(gone!.amountCents), glosa_on: gone!.glosaOn } },
        ]);
      });
    },
  };
}

/** Who pays a case of `source` (the receipt the payment step records for it). */
export function receiptPayerOf(source: SurgeryRow['paymentFountains']): ReceiptPayer {
  switch (source) {
    case 'plano_saude':
    case 'hospital':
    case 'particular':
    case 'coop':
      return source;
    default:
      return 'outro';
  }
}
