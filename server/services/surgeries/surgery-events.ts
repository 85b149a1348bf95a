import type { Executor } from '../../db/client';
import { surgeryEvents } from '../../db/schema/index';

/**
 * The writers of `surgery_events` (server/db/schema/history.ts): what a case's history needs that no other table
 * keeps (a handover, a ledger entry deleted, an appeal, a document replaced). Ids, kinds, days and amounts only:
 * never a file name or a person's name (the patient's erasure leaves these rows as they are). Each is called inside the transaction
 * of the change it records, so both commit or neither.
 */
type SurgeryEvent =
  | { kind: 'holder'; detail: { from: number; to: number } }
  | { kind: 'receipt_removed'; detail: { amount_cents: number; received_on: string } }
  | { kind: 'glosa_removed'; detail: { amount_cents: number; glosa_on: string } }
  | {
      kind: 'glosa_appeal';
      detail: { glosa: number; amount_cents: number; appeal_filed_on: string | null; appeal_outcome: string | null; recovered_cents: number | null };
    }
  | { kind: 'document_removed'; detail: { kind: string } }
  /** A replaced document's earlier attachment, kept with its own time and uploader (the slot's row now holds the new one). */
  | { kind: 'document_attached'; detail: { kind: string } };

export async function recordSurgeryEvents(
  tx: Executor,
  surgeryId: number,
  actorId: number | null,
  at: Date,
  events: readonly SurgeryEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(surgeryEvents).values(events.map((event) => ({ surgeryId, kind: event.kind, actorId, at, detail: event.detail })));
}

/** A replaced document's earlier attachment (uploader, time) and its removal, by `actorId` at `at`. */
export async function recordDocumentsReplaced(
  tx: Executor,
  surgeryId: number,
  actorId: number,
  at: Date,
  previous: readonly { kind: string; uploadedBy: number | null; uploadedAt: Date }[],
): Promise<void> {
  for (const row of previous) {
    await recordSurgeryEvents(tx, surgeryId, row.uploadedBy, row.uploadedAt, [{ kind: 'document_attached', detail: { kind: row.kind } }]);
  }
  await recordSurgeryEvents(tx, surgeryId, actorId, at, previous.map((row) => ({ kind: 'document_removed' as const, detail: { kind: row.kind } })));
}
