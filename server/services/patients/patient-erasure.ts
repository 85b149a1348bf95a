import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../plugins/authenticate';
import type { Database, Executor } from '../../db/client';
import {
  contactConsents,
  opmeItems,
  opmeQuotes,
  patientMessages,
  patients,
  surgeries,
  surgeryAuthorizations,
  surgeryDispatches,
  surgeryGlosas,
  surgeryLedgers,
  surgeryReceipts,
  surgeryStatusHistory,
} from '../../db/schema/index';
import { recordChange } from '../audit/audit-log';
import { createLinkSigner } from '../files/signed-links';
import { saoPauloDay } from '../sao-paulo-time';
import { normalizeSearchText } from '../search-text';
import { deleteStoredFiles } from '../storage/file-removal';
import type { FileStorage } from '../storage/file-storage';
import { detachPatientFiles, patientFileKeys } from './patient-files';
import { deletePlanCards } from './patient-plan-card';
import { selectPatients, toPatientResponse, type PatientResponse } from './patient-response';

/**
 * A patient's erasure request (issue 16 item 4; DECISIONS §17; openapi erasePatient), answered for the medic only:
 *
 * - no surgery: the patient is deleted, as DELETE does (the photo leaves the store after the commit);
 * - a surgery whose record must still be kept (Lei 13.787/2018: 20 years after the last activity): refused, nothing
 *   changes but the audit row of the refused request;
 * - the keeping period over: anonymized in one transaction (identifying columns, the plan cards and every free-text
 *   field of the cases cleared, the photo and every case document detached, then removed from the store after the commit); the
 *   cases stay, so the medic's figures do not change. Asked again, an anonymized patient is answered as such and nothing changes.
 *
 * "Last activity" (docs/PRIVACY.md): the latest São Paulo day among the patient's own last update and, for each of
 * their cases, its last update, its dates (stage change, schedule, accomplishment, payment, conclusion) and every row
 * written under it (stage history, authorizations, checklist marks, dispatches, OPME, documents, billing, receipts,
 * glosas). The record is kept through that day plus 20 years; the erasure can anonymize from the day after.
 */

/** How long a record with a surgery is kept after its last activity (Lei 13.787/2018, art. 6º). */
export const RETENTION_YEARS = 20;

/** What an anonymized patient's name becomes. */
const anonymizedName = (id: number) => `Paciente anonimizado #${id}`;

/** What a required free-text column of an anonymized patient's case becomes (an OPME item, a supplier, a recipient…). */
const ANONYMIZED_TEXT = 'Anonimizado (LGPD)';

/**
 * In the caller's transaction: every free-text column of patient `patientId`'s cases, where whoever typed it may have
 * written the patient's name, CPF or anything else about them, is cleared (null), or set to ANONYMIZED_TEXT where the
 * column is required. Every column that is not free text stays (dates, amounts, stages, ids, choices), so the
 * medic's figures do not change. The cases' version is bumped, so a form still open on the old text cannot save it
 * back (409). The list, and why the others are not free text, is docs/PRIVACY.md's "Anonymization".
 */
async function anonymizeCaseTexts(tx: Executor, patientId: number): Promise<void> {
  const cases = tx.select({ id: surgeries.id }).from(surgeries).where(eq(surgeries.patientId, patientId));
  await tx
    .update(surgeries)
    .set({
      surgeryNote: null,
      documentNote: null,
      hospitalApprovalsNote: null,
      planApprovalsNote: null,
      opmeApprovalsNote: null,
      scheduleNote: null,
      accomplishmentNote: null,
      paymentNotes: null,
      version: sql`${surgeries.version} + 1`,
    })
    .where(eq(surgeries.patientId, patientId));
  await tx.update(surgeryStatusHistory).set({ reasonNote: null }).where(inArray(surgeryStatusHistory.surgeryId, cases));
  await tx
    .update(surgeryAuthorizations)
    .set({ protocol: null, password: null, notes: null })
    .where(inArray(surgeryAuthorizations.surgeryId, cases));
  await tx
    .update(surgeryDispatches)
    .set({ recipient: ANONYMIZED_TEXT, items: sql`(select coalesce(jsonb_agg(${ANONYMIZED_TEXT}::text), '[]'::jsonb) from jsonb_array_elements(${surgeryDispatches.items}))`, notes: null })
    .where(inArray(surgeryDispatches.surgeryId, cases));
  const items = tx.select({ id: opmeItems.id }).from(opmeItems).where(inArray(opmeItems.surgeryId, cases));
  await tx.update(opmeQuotes).set({ supplier: ANONYMIZED_TEXT, brand: null }).where(inArray(opmeQuotes.itemId, items));
  await tx.update(opmeItems).set({ description: ANONYMIZED_TEXT }).where(inArray(opmeItems.surgeryId, cases));
  await tx.update(surgeryLedgers).set({ billingReference: null }).where(inArray(surgeryLedgers.surgeryId, cases));
  await tx.update(surgeryReceipts).set({ note: null }).where(inArray(surgeryReceipts.surgeryId, cases));
  await tx.update(surgeryGlosas).set({ reason: ANONYMIZED_TEXT, note: null }).where(inArray(surgeryGlosas.surgeryId, cases));
  // Messages to the patient: the text and the number or address go; the history keeps that a message went.
  await tx.update(patientMessages).set({ text: '', recipient: '' }).where(eq(patientMessages.patientId, patientId));
  await tx.delete(contactConsents).where(eq(contactConsents.patientId, patientId));
}

export const ERASURE_MESSAGES = {
  /** `keepUntil` as dd/MM/yyyy. */
  retained: (keepUntil: string) =>
    `O prontuário deste paciente deve ser mantido até ${keepUntil} (Lei 13.787/2018). Nada foi alterado.`,
  anonymizedReadOnly: 'Este paciente foi anonimizado (LGPD) e não pode mais ser editado.',
} as const;

type ErasureOutcome =
  | { outcome: 'deleted' }
  | { outcome: 'anonymized'; patient: PatientResponse; repeated: boolean }
  | { outcome: 'refused'; keepUntil: string };

const rowsOf = <Row>(result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? (result as Row[]));

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
const brazilianDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The last São Paulo day patient `patientId`'s record must be kept ('yyyy-MM-dd'): their last activity plus
 * RETENTION_YEARS (29 February becomes 28 February in a common year, as PostgreSQL adds years).
 */
export async function keepUntilDay(executor: Executor, patientId: number): Promise<string> {
  const result = await executor.execute(sql`
    with cases as (select * from surgeries where patient_id = ${patientId}),
    days(day) as (
      select (p.updated_at at time zone 'America/Sao_Paulo')::date from patients p where p.id = ${patientId}
      union all
      select unnest(array[
        (c.updated_at at time zone 'America/Sao_Paulo')::date,
        (c.status_changed_at at time zone 'America/Sao_Paulo')::date,
        (c.schedule at time zone 'America/Sao_Paulo')::date,
        c.accomplishment,
        c.date_payment,
        (c.concluded_at at time zone 'America/Sao_Paulo')::date
      ]) from cases c
      union all
      select (h.changed_at at time zone 'America/Sao_Paulo')::date from surgery_status_history h join cases c on c.id = h.surgery_id
      union all
      select unnest(array[(a.updated_at at time zone 'America/Sao_Paulo')::date, a.decided_on])
        from surgery_authorizations a join cases c on c.id = a.surgery_id
      union all
      select (m.marked_at at time zone 'America/Sao_Paulo')::date from surgery_checklist_marks m join cases c on c.id = m.surgery_id
      union all
      select unnest(array[(d.created_at at time zone 'America/Sao_Paulo')::date, d.sent_on])
        from surgery_dispatches d join cases c on c.id = d.surgery_id
      union all
      select (o.updated_at at time zone 'America/Sao_Paulo')::date from opme_items o join cases c on c.id = o.surgery_id
      union all
      select (f.uploaded_at at time zone 'America/Sao_Paulo')::date from surgery_documents f join cases c on c.id = f.surgery_id
      union all
      select unnest(array[(l.updated_at at time zone 'America/Sao_Paulo')::date, l.billed_on, l.settled_on])
        from surgery_ledgers l join cases c on c.id = l.surgery_id
      union all
      select unnest(array[(r.created_at at time zone 'America/Sao_Paulo')::date, r.received_on])
        from surgery_receipts r join cases c on c.id = r.surgery_id
      union all
      select unnest(array[(g.updated_at at time zone 'America/Sao_Paulo')::date, g.glosa_on, g.appeal_filed_on])
        from surgery_glosas g join cases c on c.id = g.surgery_id
    )
    select to_char((max(day) + make_interval(years => ${RETENTION_YEARS}))::date, 'YYYY-MM-DD') as keep_until from days`);
  const keepUntil = rowsOf<{ keep_until: string | null }>(result)[0]?.keep_until;
  if (!keepUntil) throw new Error('patient vanished while its erasure was answered');
  return keepUntil;
}

type Deps = { db: Database; storage: FileStorage; now: () => Date };
type Medic = Pick<AuthUser, 'id' | 'address'>;

export function createPatientErasure({ db, storage, now }: Deps) {
  const signer = createLinkSigner({ db, now });

  async function present(id: number): Promise<PatientResponse> {
    const [row] = await selectPatients(db).where(eq(patients.id, id));
    if (!row) throw new Error('patient vanished after its erasure');
    return toPatientResponse(row, signer);
  }

  return {
    /**
     * Answers medic `medic`'s erasure request for their patient `patientId`, or null when the patient is not theirs.
     * The route turns `refused` into the 403 (its audit row is committed already).
     */
    async erase(medic: Medic, patientId: number): Promise<ErasureOutcome | null> {
      const at = now();
      const decided = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(patients)
          .where(and(eq(patients.id, patientId), eq(patients.medicId, medic.id)))
          .for('update');
        if (!current) return null;
        if (current.anonymizedAt) return { kind: 'repeated' as const };
        const change = { medicId: medic.id, entity: 'patient' as const, entityId: patientId, patientIds: [patientId] };

        const [surgery] = await tx.select({ id: surgeries.id }).from(surgeries).where(eq(surgeries.patientId, patientId)).limit(1);
        if (!surgery) {
          const keys = await patientFileKeys(tx, patientId);
          await tx.delete(patients).where(eq(patients.id, patientId));
          await recordChange(tx, medic, { ...change, action: 'delete', detail: 'erasure' }, at);
          return { kind: 'deleted' as const, keys };
        }

        const keepUntil = await keepUntilDay(tx, patientId);
        if (saoPauloDay(at) <= keepUntil) {
          await recordChange(tx, medic, { ...change, action: 'erasure_refused', detail: 'retention' }, at);
          return { kind: 'refused' as const, keepUntil };
        }

        const keys = await detachPatientFiles(tx, patientId);
        await anonymizeCaseTexts(tx, patientId);
        // The plan cards identify the patient at the plan (número da carteira): they go with the identifying columns.
        await deletePlanCards(tx, patientId);
        const name = anonymizedName(patientId);
        await tx
          .update(patients)
          .set({
            nomeCompleto: name,
            searchText: normalizeSearchText(name),
            cpf: '',
            cellphone: null,
            birthday: null,
            address: null,
            fullAddress: null,
            cep: null,
            gender: null,
            healthPlanId: null,
            photoKey: null,
            photoContentType: null,
            anonymizedAt: at,
            updatedAt: at,
          })
          .where(eq(patients.id, patientId));
        await recordChange(tx, medic, { ...change, action: 'anonymize', detail: 'erasure' }, at);
        return { kind: 'anonymized' as const, keys };
      });

      if (decided === null) return null;
      switch (decided.kind) {
        case 'deleted':
          // Committed: the files follow the record (a failed delete is swept later).
          await deleteStoredFiles(storage, decided.keys);
          return { outcome: 'deleted' };
        case 'refused':
          return { outcome: 'refused', keepUntil: brazilianDate(decided.keepUntil) };
        case 'anonymized':
          await deleteStoredFiles(storage, decided.keys);
          return { outcome: 'anonymized', patient: await present(patientId), repeated: false };
        case 'repeated':
          return { outcome: 'anonymized', patient: await present(patientId), repeated: true };
      }
    },
  };
}
