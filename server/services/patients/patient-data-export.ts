import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cids,
  opmeItems,
  opmeQuotes,
  patients,
  procedures,
  surgeries,
  surgeryAuthorizations,
  surgeryChecklistMarks,
  surgeryCids,
  surgeryDispatches,
  surgeryDocuments,
  surgeryGlosas,
  surgeryLedgers,
  surgeryProcedures,
  surgeryReceipts,
  surgeryStatusHistory,
} from '../../db/schema/index';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditDetailLabel } from '../../../machines/audit/constants';
import { inPages } from '../../http/csv';
import type { ZipEntry } from '../../http/zip';
import { createAuditReader } from '../audit/audit-read';
import { FILE_EXTENSIONS, type SniffedType } from '../files/file-type';
import type { FileStorage } from '../storage/file-storage';
import { cepDigits, phoneDigits } from './patient-response';

/**
 * A patient's data-subject archive (issue 16 item 3; LGPD art. 18, II and V; DECISIONS §17): everything the product
 * holds about one patient, as one ZIP streamed to the medic: `paciente.json` (the patient and each of their cases
 * with every row written about it: procedures, CIDs, stage history, authorizations, checklist marks, dispatches,
 * OPME, fee ledger, receipts, glosas, the documents' list; and `accesses`, the audit trail's rows that name the
 * patient), the photo as `foto.<ext>`, and each document as
 * `documentos/cirurgia-<id>-<kind>.<ext>`. Only the medic's own patient (the route checks it). Internal storage
 * keys and the search column are left out: they are ours, not the patient's data.
 */

const ARCHIVE_VERSION = 1;

function withoutInternals<Row extends Record<string, unknown>>(row: Row, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
}

const extensionOf = (contentType: string) => FILE_EXTENSIONS[contentType as SniffedType] ?? 'bin';

export function createPatientDataExport({ db, storage, now }: { db: Database; storage: FileStorage; now: () => Date }) {
  const auditReader = createAuditReader(db);

  /**
   * Who accessed the patient's data, and how (LGPD art. 18, VII; the third week's item 29): every row of the medic's
   * audit trail that names the patient, newest first, as 'Auditoria' filtered by the patient shows it (the reads of
   * the audit and the CSV exports that held the patient included), in words rather than codes.
   */
  async function accessesOf(medicId: number, patientId: number) {
    const fetchPage = auditReader.exportPage(medicId, { patient: patientId, actor: null, action: null, from: null, to: null, page: 1 });
    const rows = [];
    for await (const row of inPages(fetchPage, (row) => row.key)) {
      rows.push({
        at: row.at,
        person: row.actor?.name ?? 'Sistema',
        action: AUDIT_ACTION_LABELS[row.action],
        record: AUDIT_ENTITY_LABELS[row.entity],
        record_id: row.entity_id,
        records_listed: row.shown_count || null,
        detail: auditDetailLabel(row.detail),
        address: row.address,
      });
    }
    return rows;
  }

  /** The medic's patient `id`, or null (another medic's, or none). */
  async function patientOf(medicId: number, id: number) {
    const [row] = await db.select().from(patients).where(and(eq(patients.id, id), eq(patients.medicId, medicId)));
    return row ?? null;
  }

  async function casesOf(patientId: number) {
    const rows = await db.select().from(surgeries).where(eq(surgeries.patientId, patientId)).orderBy(asc(surgeries.id));
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return { cases: [], documents: [] };
    const bySurgery = <Row extends { surgeryId: number }>(list: Row[]) => (id: number) =>
      list.filter((row) => row.surgeryId === id).map((row) => withoutInternals(row, 'surgeryId', 'fileKey'));
    const [procedureRows, cidRows, history, authorizations, marks, dispatches, items, ledgers, receipts, glosas, documents] =
      await Promise.all([
        db
          .select({ surgeryId: surgeryProcedures.surgeryId, position: surgeryProcedures.position, code: procedures.code, description: procedures.description })
          .from(surgeryProcedures)
          .innerJoin(procedures, eq(procedures.id, surgeryProcedures.procedureId))
          .where(inArray(surgeryProcedures.surgeryId, ids))
          .orderBy(asc(surgeryProcedures.position)),
        db
          .select({ surgeryId: surgeryCids.surgeryId, position: surgeryCids.position, code: cids.code, description: cids.description })
          .from(surgeryCids)
          .innerJoin(cids, eq(cids.id, surgeryCids.cidId))
          .where(inArray(surgeryCids.surgeryId, ids))
          .orderBy(asc(surgeryCids.position)),
        db.select().from(surgeryStatusHistory).where(inArray(surgeryStatusHistory.surgeryId, ids)).orderBy(asc(surgeryStatusHistory.changedAt)),
        db.select().from(surgeryAuthorizations).where(inArray(surgeryAuthorizations.surgeryId, ids)),
        db.select().from(surgeryChecklistMarks).where(inArray(surgeryChecklistMarks.surgeryId, ids)),
        db.select().from(surgeryDispatches).where(inArray(surgeryDispatches.surgeryId, ids)),
        db.select().from(opmeItems).where(inArray(opmeItems.surgeryId, ids)),
        db.select().from(surgeryLedgers).where(inArray(surgeryLedgers.surgeryId, ids)),
        db.select().from(surgeryReceipts).where(inArray(surgeryReceipts.surgeryId, ids)),
        db.select().from(surgeryGlosas).where(inArray(surgeryGlosas.surgeryId, ids)),
        db.select().from(surgeryDocuments).where(inArray(surgeryDocuments.surgeryId, ids)),
      ]);
    const quotes = items.length === 0 ? [] : await db.select().from(opmeQuotes).where(inArray(opmeQuotes.itemId, items.map((item) => item.id)));
    const documentName = (row: { surgeryId: number; kind: string; contentType: string }) =>
      `documentos/cirurgia-${row.surgeryId}-${row.kind}.${extensionOf(row.contentType)}`;
    const cases = rows.map((row) => ({
      ...withoutInternals(row, 'patientId'),
      procedures: bySurgery(procedureRows)(row.id),
      cids: bySurgery(cidRows)(row.id),
      status_history: bySurgery(history)(row.id),
      authorizations: bySurgery(authorizations)(row.id),
      checklist_marks: bySurgery(marks)(row.id),
      dispatches: bySurgery(dispatches)(row.id),
      opme_items: items
        .filter((item) => item.surgeryId === row.id)
        .map((item) => ({ ...withoutInternals(item, 'surgeryId'), quotes: quotes.filter((quote) => quote.itemId === item.id).map((quote) => withoutInternals(quote, 'itemId')) })),
      ledger: bySurgery(ledgers)(row.id)[0] ?? null,
      receipts: bySurgery(receipts)(row.id),
      glosas: bySurgery(glosas)(row.id),
      documents: documents
        .filter((document) => document.surgeryId === row.id)
        .map((document) => ({ ...withoutInternals(document, 'surgeryId', 'fileKey'), file: documentName(document) })),
    }));
    return { cases, documents: documents.map((document) => ({ key: document.fileKey, name: documentName(document), at: document.uploadedAt })) };
  }

  return {
    patientOf,

    /** The archive's entries, read one at a time (a document's bytes are fetched when its entry is written). */
    async *entries(patient: NonNullable<Awaited<ReturnType<typeof patientOf>>>): AsyncGenerator<ZipEntry> {
      const at = now();
      const { cases, documents } = await casesOf(patient.id);
      const accesses = await accessesOf(patient.medicId, patient.id);
      const photoName = patient.photoKey && patient.photoContentType ? `foto.${extensionOf(patient.photoContentType)}` : null;
      const archive = {
        archive_version: ARCHIVE_VERSION,
        exported_at: at.toISOString(),
        // Phone and CEP as every JSON answer carries them: digits, whatever mask an older row kept.
        patient: {
          ...withoutInternals(patient, 'searchText', 'photoKey'),
          cellphone: phoneDigits(patient.cellphone),
          cep: cepDigits(patient.cep),
          photo_file: photoName,
        },
        surgeries: cases,
        accesses,
      };
      yield { name: 'paciente.json', data: Buffer.from(JSON.stringify(archive, null, 2), 'utf8'), modified: at };
      if (photoName && patient.photoKey) {
        const photo = await storage.get(patient.photoKey);
        if (photo) yield { name: photoName, data: photo.data, modified: patient.updatedAt };
      }
      for (const document of documents) {
        const file = await storage.get(document.key);
        if (file) yield { name: document.name, data: file.data, modified: document.at };
      }
    },
  };
}
