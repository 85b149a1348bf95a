import { recordChange } from '../audit/audit-log';
import { eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { LossReason } from '../../../machines/preoperative/constants';
import type { CaseStatus, SurgeryDocumentKind } from '../../../machines/constants';
import { conflictMessage, type LifecycleFacts, type StepFields } from '../../../machines/surgeryLifecycle/lifecycleRules';
import { decideMove, type MoveDecision } from '../../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import type { Database, Transaction } from '../../db/client';
import { surgeries, surgeryStatusHistory, type SurgeryRow } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import { lockedSurgeryRowReader } from '../access/scope';
import { checklistFacts } from '../preoperative/checklists';
import { undecidedOpmeItems } from '../preoperative/opme-facts';
import { SAO_PAULO, saoPauloDay } from '../sao-paulo-time';
import { ledgerFacts } from '../ledger/ledger-read';
import { applyPaymentStep } from '../ledger/settlement';
import { SURGERY_NOT_FOUND } from './surgery-service';

/**
 * How a surgery case changes stage on the server (DECISIONS §4). Every move runs in one transaction that locks the
 * case's row (`SELECT … FOR UPDATE`), asks the lifecycle machine (machines/surgeryLifecycle) whether the move is
 * allowed from the status it finds there, writes the step's fields and the new status, and adds the status history
 * row. Two clients moving the same case at once are thus serialized: the second one sees the first one's status and
 * gets its 409 (or its move, if it is still allowed from there). A save or an advance writes the step's fields; a back
 * move, archive and cancel keep every stored field and write none.
 *
 * PGlite is one connection, and drizzle runs its transactions one after the other: nothing a move runs inside its
 * transaction (`check`, `alsoWrite`, `readBack`) may query through the database handle instead of `tx`, or it waits
 * for the move's own transaction forever. tests/api/lifecycle-concurrency.test.ts fires concurrent moves on both.
 */

type User = Pick<AuthUser, 'id' | 'type'>;

/** The move a route asks for: a target status with the step's fields (update, include_surgery_files) or archive/cancel. */
export type MoveRequest = Parameters<typeof decideMove>[2];

/** Column values a step writes besides the machine's facts (the notes), in the schema's names. */
export type ExtraColumns = Partial<
  Pick<
    SurgeryRow,
    | 'documentNote'
    | 'hospitalApprovalsNote'
    | 'planApprovalsNote'
    | 'opmeApprovalsNote'
    | 'scheduleNote'
    | 'accomplishmentNote'
    | 'paymentNotes'
  >
>;

/** The moves the machine can allow (a decision that is neither a conflict nor invalid). */
type MoveKind = Exclude<MoveDecision['kind'], 'conflict' | 'invalid'>;

export type MoveOptions<R = void> = {
  /** Written with a save or an advance (a back move, archive and cancel write no step data). */
  extra?: ExtraColumns;
  /** The documents this request stores with the move (include_surgery_files): they count as received. */
  arriving?: readonly SurgeryDocumentKind[];
  /** Narrows what this route may do (include_surgery_files: only save or advance, only from prep_doc); else 409. */
  only?: { from?: readonly CaseStatus[]; kinds?: readonly MoveKind[] };
  /**
   * Runs on the locked row once the machine has a move for the request (an advance whose requirements are missing
   * included, before its 400), and may refuse it by throwing an HttpError (update/{id}/: a stale client's 409, a plan
   * approval that does not apply). Must not query the database.
   */
  check?: (row: SurgeryRow, move: { from: CaseStatus; kind: MoveKind }) => void;
  /**
   * Runs inside the transaction after the move was allowed and written (include_surgery_files stores its rows here).
   * Through `tx` only (see above).
   */
  alsoWrite?: (tx: Transaction, row: SurgeryRow) => Promise<void>;
  /** The audit row's detail when the move keeps the status (a save): what it saved, e.g. `documents`. */
  auditDetail?: string;
  /**
   * Reads what the route answers, inside the transaction after the writes, so the answer is exactly this move's
   * outcome. Only through `tx`: on PGlite a query on the database handle would wait for this transaction forever.
   */
  readBack?: (tx: Transaction, row: SurgeryRow) => Promise<R>;
  /**
   * Written on the status history row of the move (issue 13): why an archive or a cancel happened. Ignored when the
   * move does not change the status (no history row is written then).
   */
  history?: { reason?: LossReason | null; reasonNote?: string | null };
};

/** What a move did: its kind, the status it found and the one it left, and what `readBack` read. */
type MoveOutcome<R = void> = { kind: MoveKind; from: CaseStatus; to: CaseStatus; result: R | undefined };

/** The stored schedule instant as São Paulo wall-clock time, `yyyy-MM-dd HH:mm:ss` (what the machine reads). */
function scheduleToLocal(instant: Date | null): string | null {
  if (!instant) return null;
  const local = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(SAO_PAULO).toPlainDateTime();
  return local.toString({ smallestUnit: 'second' }).replace('T', ' ');
}

/** A `yyyy-MM-dd HH:mm:ss` São Paulo wall-clock time (already checked by the rules) as an instant. */
function scheduleFromLocal(local: string): Date {
  const zoned = Temporal.PlainDateTime.from(local.replace(' ', 'T')).toZonedDateTime(SAO_PAULO);
  return new Date(zoned.epochMilliseconds);
}

/** The facts the lifecycle machine reads from a stored case's row (what other records hold: see `readFacts`). */
export function factsOf(row: SurgeryRow): LifecycleFacts {
  return {
    payment_fountains: row.paymentFountains,
    opme: row.opme,
    hospital_approvals: row.hospitalApprovals,
    plan_approvals: row.planApprovals,
    opme_approvals: row.opmeApprovals,
    document_arrivals: row.documentArrivals,
    schedule: scheduleToLocal(row.schedule),
    accomplishment: row.accomplishment,
    payment_done: row.paymentDone === null ? null : Number(row.paymentDone),
    date_payment: row.datePayment,
    // Read from other tables inside the move (`move` below); a row alone has none.
    missing_documents: [],
    opme_items_undecided: 0,
    // Issue 14: the ledger's sums, read from its tables inside the move (`readFacts`).
    expected_cents: 0,
    received_cents: 0,
    deducted_cents: 0,
  };
}

/**
 * Every fact the machine reads for a locked case: its row's, and what other tables hold (through `tx`), each only
 * where a move from the case's stage reads it: the ledger's sums are read by pagamento's guard and payment step alone
 * (advanceProblems, applyPaymentStep), and reading them cost every move about 1 ms of PostgreSQL's CPU.
 */
async function readFacts(tx: Transaction, row: SurgeryRow, arriving: MoveOptions['arriving']): Promise<LifecycleFacts> {
  return {
    ...factsOf(row),
    ...(await checklistFacts(tx, row, arriving)),
    opme_items_undecided: row.opme ? await undecidedOpmeItems(tx, row.id) : 0,
    ...(row.status === 'pagamento' ? await ledgerFacts(tx, row.id) : {}),
  };
}

/** The columns that store a step's fields (only those the request carried). */
function factColumns(fields: StepFields): Partial<SurgeryRow> {
  const columns: Partial<SurgeryRow> = {};
  if (fields.hospital_approvals !== undefined) columns.hospitalApprovals = fields.hospital_approvals;
  if (fields.plan_approvals !== undefined) columns.planApprovals = fields.plan_approvals;
  if (fields.opme_approvals !== undefined) columns.opmeApprovals = fields.opme_approvals;
  if (fields.document_arrivals !== undefined) columns.documentArrivals = fields.document_arrivals;
  if (fields.schedule !== undefined) columns.schedule = fields.schedule === null ? null : scheduleFromLocal(fields.schedule);
  if (fields.accomplishment !== undefined) columns.accomplishment = fields.accomplishment;
  if (fields.payment_done !== undefined) {
    columns.paymentDone = fields.payment_done === null ? null : fields.payment_done.toFixed(2);
  }
  if (fields.date_payment !== undefined) columns.datePayment = fields.date_payment;
  return columns;
}

function fieldsOf(request: MoveRequest): StepFields {
  return 'fields' in request && request.fields ? request.fields : {};
}

export function createLifecycleMoves({ db, now }: { db: Database; now: () => Date }) {
  const lockedRow = lockedSurgeryRowReader(db);
  return {
    /**
     * Applies `request` to the user's case `id` if the lifecycle machine allows it from the stored status; throws
     * 404 (not the user's), 409 with the actual status (no such move from there), or 400 with the step's messages
     * (a forward move whose requirements are missing), or whatever `options.check` throws. Nothing is written unless
     * the move happens. Returns the move taken, the status the case is now in and what `options.readBack` read.
     */
    async move<R = void>(user: User, id: number, request: MoveRequest, options: MoveOptions<R> = {}): Promise<MoveOutcome<R>> {
      return db.transaction(async (tx) => {
        const row = await lockedRow(tx, user, id);
        if (!row) throw notFound(SURGERY_NOT_FOUND);
        const from: CaseStatus = row.status;
        // The facts held elsewhere (issue 13: the checklist's missing documents, the undecided OPME items) are read
        // through the same lock.
        const facts = await readFacts(tx, row, options.arriving);
        const decision: MoveDecision = decideMove(from, facts, request);
        if (decision.kind === 'conflict') throw conflict(conflictMessage(from), from);
        // Only an advance has a guard that can refuse it (surgeryLifecycleMachine), so `invalid` is an advance.
        const kind: MoveKind = decision.kind === 'invalid' ? 'advance' : decision.kind;
        const { only } = options;
        if ((only?.from && !only.from.includes(from)) || (only?.kinds && !only.kinds.includes(kind))) {
          throw conflict(conflictMessage(from), from);
        }
        options.check?.(row, { from, kind });
        if (decision.kind === 'invalid') throw badRequest(decision.problems);
        const at = now();
        const moved = decision.to !== from;
        const writesData = kind === 'save' || kind === 'advance';
        const [updated] = await tx
          .update(surgeries)
          .set({
            ...(writesData ? { ...factColumns(fieldsOf(request)), ...options.extra } : {}),
            status: decision.to,
            ...(moved ? { statusChangedAt: at } : {}),
            ...(decision.to === 'concluido' ? { concludedAt: at } : {}),
            version: sql`${surgeries.version} + 1`,
            updatedAt: at,
          })
          .where(eq(surgeries.id, id))
          .returning();
        if (!updated) throw new Error('lifecycle move: locked case vanished');
        if (moved) {
          await tx
            .insert(surgeryStatusHistory)
            .values({
              surgeryId: id,
              fromStatus: from,
              toStatus: decision.to,
              changedBy: user.id,
              changedAt: at,
              reason: options.history?.reason ?? null,
              reasonNote: options.history?.reasonNote ?? null,
              // Moving on with required documents missing (the request confirmed it): which ones.
              ...(kind === 'advance' && facts.missing_documents.length > 0 ? { missingDocuments: facts.missing_documents } : {}),
            });
        }
        // Issue 14: the payment step's value against the ledger (a receipt for the rest; the conclusion's difference).
        const fields = fieldsOf(request);
        if (from === 'pagamento' && (kind === 'advance' || (kind === 'save' && fields.payment_done !== undefined))) {
          const confirm = 'confirm' in request ? request.confirm : undefined;
          await applyPaymentStep(tx, updated, facts, {
            settlement: kind === 'advance' ? (confirm?.settlement ?? 'perda') : null,
            today: saoPauloDay(at),
            userId: user.id,
            at,
          });
        }
        await options.alsoWrite?.(tx, updated);
        const detail = moved ? `status:${decision.to}` : (options.auditDetail ?? null);
        await recordChange(tx, user, { medicId: row.medicId, action: 'update', entity: 'surgery', entityId: id, patientIds: [row.patientId], detail }, at);
        const result = options.readBack ? await options.readBack(tx, updated) : undefined;
        return { kind, from, to: decision.to, result };
      });
    },
  };
}
