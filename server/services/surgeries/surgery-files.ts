import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  DOCUMENT_LABELS,
  PATIENT_DOCUMENT_KINDS,
  SURGERY_DOCUMENT_KINDS,
  type PatientDocumentKind,
  type CaseStatus,
  type SurgeryDocumentKind,
} from '../../../machines/constants';
import type { Database } from '../../db/client';
import { surgeries, surgeryDocuments } from '../../db/schema/index';
import { addProblem, noProblems } from '../../../machines/validation/problemList';
import { badRequest, conflict, payloadTooLarge } from '../../http/errors';
import { loadSchemas } from '../../http/schemas';
import { throwIfProblems } from '../../http/validation';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds, visibleSurgery, visibleSurgeryRow } from '../access/scope';
import { caseChange, recordChange } from '../audit/audit-log';
import { namedDocumentOf } from '../preoperative/checklists';
import { CHECKLIST_MESSAGES } from '../../../machines/preoperative/checklistMessages';
import { notFound } from '../../http/errors';
import { SURGERY_NOT_FOUND } from './surgery-service';
import { DOCUMENT_TYPES, FILE_EXTENSIONS, MAX_DOCUMENT_BYTES, sniffFileType, type SniffedType } from '../files/file-type';
import type { LinkSigner } from '../files/signed-links';
import { deleteStoredFiles } from '../storage/file-removal';
import { recordDocumentsReplaced } from './surgery-events';
import type { FileStorage } from '../storage/file-storage';
import { createLifecycleMoves } from './lifecycle-moves';
import { surgeryRowReader, toSurgeryResponse, type SurgeryResponse } from './surgery-response';
import { saoPauloDay } from '../sao-paulo-time';
import { checkVersion } from './move-checks';

/**
 * The document-preparation uploads (PUT include_surgery_files/{id}/; SPEC §4 "Document preparation", §7;
 * DECISIONS §4, §7). Every document is optional, checked by its content (PDF, JPEG, PNG, WebP, at most 10 MB); each
 * upload adds a file (a kind takes several: the two sides of an RG, issue 33 item 10), and each file is removed on
 * its own (`remove`). A named document of the checklist takes files too (`attachNamed`). The order of an upload
 * keeps files and rows in step:
 *
 *   1. check everything (400/413 before anything is written);
 *   2. store the new files (outside the web root, through FileStorage);
 *   3. one lifecycle move (lifecycle-moves.ts): lock the case, let the machine allow `prep_doc` (save) or
 *      `env_doc` (advance) from `prep_doc` only (else 409), write the status and, in the same transaction, the
 *      surgery_documents rows;
 *   4. answer the case as the transaction left it (read inside it, like the lifecycle routes; the links are signed
 *      after it).
 *
 * Any failure in 2 or 3 (409, 404, a database error) deletes the files stored in 2, so nothing changes.
 */

export const SURGERY_FILES_MESSAGES = {
  invalidData: 'Dados inválidos.',
  documentType: (kind: SurgeryDocumentKind) => `${DOCUMENT_LABELS[kind]}: envie um PDF ou uma imagem JPEG, PNG ou WebP.`,
  documentTooLarge: (kind: SurgeryDocumentKind) => `${DOCUMENT_LABELS[kind]}: o arquivo deve ter no máximo 10 MB.`,
  anyTooLarge: 'Cada documento deve ter no máximo 10 MB.',
  /** Issue 33 #10d: the other case, or its file of that kind, is not one the user may reuse. */
  reuseNotFound: 'Arquivo não encontrado em outro caso deste paciente.',
  /** Issue 33 #10b/c: a named document's file (the name is the checklist's, so it leads the message). */
  namedType: (name: string) => `${name}: envie um PDF ou uma imagem JPEG, PNG ou WebP.`,
  namedTooLarge: 'O arquivo deve ter no máximo 10 MB.',
  namedRequired: 'Informe o documento e o arquivo.',
  fileNotFound: 'Arquivo não encontrado nesta cirurgia.',
  /** A SPEC kind's file is removed where it is uploaded: while the documents are prepared. */
  removeNotPrepDoc: 'Os arquivos dos documentos só podem ser removidos na etapa de preparação de documentos.',
} as const;

/** A patient-level document stored on another case of the same patient (issue 33 #10d). */
type ReusableDocument = { kind: PatientDocumentKind; surgery_id: number; name: string | null; uploaded_at: Date };

const M = SURGERY_FILES_MESSAGES;

/** One document of the form as the route read it. */
export type UploadedDocument = { kind: SurgeryDocumentKind; data: Buffer; filename: string | null };

/**
 * The form as the route read it: its text parts as sent (`new_status`, `version`: surgeryFilesFieldsSchema checks
 * them) and the documents (at most one per kind).
 */
export type SurgeryFilesInput = { fields: Record<string, string>; documents: UploadedDocument[] };

const MAX_NAME_LENGTH = 200;

/** The sender's file name, kept only as a hint (never used as a path): control characters out, length capped. */
function cleanName(name: string | null): string | null {
  const cleaned = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned ? cleaned.slice(0, MAX_NAME_LENGTH) : null;
}

export function isDocumentKind(value: string): value is SurgeryDocumentKind {
  return (SURGERY_DOCUMENT_KINDS as readonly string[]).includes(value);
}

type Checked = {
  status: CaseStatus;
  /** The case version the client read, when it sent one (a different stored version is a stale move: 409). */
  version: number | undefined;
  /** The user confirmed moving on with required documents missing (issue 13). */
  confirmMissing: boolean;
  documents: Array<UploadedDocument & { type: SniffedType }>;
};

/** Step 1: every problem of the form at once (400), or a document over the limit (413). Reads nothing stored. */
async function checkSurgeryFiles(input: SurgeryFilesInput): Promise<Checked> {
  const tooLarge = input.documents.find((document) => document.data.length > MAX_DOCUMENT_BYTES);
  if (tooLarge) throw payloadTooLarge(M.documentTooLarge(tooLarge.kind));
  const { check, surgeryFilesFieldsSchema } = await loadSchemas();
  const checked = check(surgeryFilesFieldsSchema, input.fields);
  const problems = checked.ok ? noProblems() : checked.problems;
  const documents: Checked['documents'] = [];
  for (const document of input.documents) {
    const type = sniffFileType(document.data);
    if (type && DOCUMENT_TYPES.includes(type)) documents.push({ ...document, type });
    else addProblem(problems, document.kind, M.documentType(document.kind));
  }
  throwIfProblems(problems);
  if (!checked.ok) throw new Error('include_surgery_files: fields checked but unreadable'); // unreachable
  return {
    status: checked.value.new_status,
    version: checked.value.version,
    confirmMissing: checked.value.missing_documents_confirmed === true,
    documents,
  };
}

type User = Pick<AuthUser, 'id' | 'type'>;

type SurgeryFilesDeps = { db: Database; storage: FileStorage; signer: LinkSigner; now: () => Date };

export function createSurgeryFilesService({ db, storage, signer, now }: SurgeryFilesDeps) {
  const moves = createLifecycleMoves({ db, now });
  const readSurgeryRow = surgeryRowReader(db);

  /**
   * Deletes files whose rows are gone or were never written, retrying a failure; what still fails is swept later
   * (storage/file-removal.ts), so a replaced document never stays for good.
   */
  async function discard(keys: readonly string[]): Promise<void> {
    await deleteStoredFiles(storage, keys);
  }

  /**
   * The patient-level files of the user's other cases of case `id`'s patient (one per kind, the latest), or only the
   * one of `pick` (its kind, from its case). 404 when case `id` is not the user's.
   */
  async function reusableOf(user: User, id: number, pick: { kind: PatientDocumentKind; from: number } | null) {
    const visible = await visibleSurgery(db, user, id);
    const [target] = visible ? await db.select({ patientId: surgeries.patientId }).from(surgeries).where(visible) : [];
    if (!target) throw notFound(SURGERY_NOT_FOUND);
    const medicIds = await visibleMedicIds(db, user);
    const rows = await db
      .select({
        kind: surgeryDocuments.kind,
        surgeryId: surgeryDocuments.surgeryId,
        name: surgeryDocuments.originalName,
        uploadedAt: surgeryDocuments.uploadedAt,
        fileKey: surgeryDocuments.fileKey,
      })
      .from(surgeryDocuments)
      .innerJoin(surgeries, eq(surgeries.id, surgeryDocuments.surgeryId))
      .where(
        and(
          eq(surgeries.patientId, target.patientId),
          ne(surgeries.id, id),
          inArray(surgeries.medicId, medicIds),
          pick ? eq(surgeryDocuments.kind, pick.kind) : inArray(surgeryDocuments.kind, [...PATIENT_DOCUMENT_KINDS]),
          ...(pick ? [eq(surgeries.id, pick.from)] : []),
        ),
      )
      .orderBy(desc(surgeryDocuments.uploadedAt), desc(surgeryDocuments.surgeryId));
    const latest = new Map<string, (typeof rows)[number]>();
    for (const row of rows) if (row.kind && !latest.has(row.kind)) latest.set(row.kind, row);
    return PATIENT_DOCUMENT_KINDS.flatMap((kind) => {
      const row = latest.get(kind);
      return row ? [{ kind, surgery_id: row.surgeryId, name: row.name, uploaded_at: row.uploadedAt, fileKey: row.fileKey }] : [];
    });
  }

  return {
    /** Whether case `id` is the user's (the route answers 404 before reading an upload for someone else's case). */
    async isVisible(user: User, id: number): Promise<boolean> {
      const visible = await visibleSurgery(db, user, id);
      if (!visible) return false;
      const [row] = await db.select({ id: surgeries.id }).from(surgeries).where(visible).limit(1);
      return Boolean(row);
    },

    /**
     * The patient-level documents (PATIENT_DOCUMENT_KINDS) stored on the user's other cases of case `id`'s patient,
     * the latest of each kind first (issue 33 #10d); 404 when case `id` is not the user's.
     */
    async reusable(user: User, id: number): Promise<ReusableDocument[]> {
      return reusableOf(user, id, null);
    },

    /**
     * Uses again, on case `id`, the `kind` document stored on the user's case `from` of the same patient: its bytes
     * go through `include` as a new upload (checked by content again, stored under a new key, at prep_doc only, with
     * the version and the audit of any upload). 404 when either case is not the user's, they are different
     * patients', or `from` has no such file.
     */
    async reuse(user: User, id: number, input: { kind: PatientDocumentKind; from: number; version: number | undefined }): Promise<SurgeryResponse> {
      const [source] = await reusableOf(user, id, input);
      if (!source) throw notFound(M.reuseNotFound);
      const file = await storage.get(source.fileKey);
      if (!file) throw notFound(M.reuseNotFound);
      const fields: Record<string, string> = { new_status: 'prep_doc' };
      if (input.version !== undefined) fields.version = String(input.version);
      return this.include(user, id, { fields, documents: [{ kind: input.kind, data: file.data, filename: source.name }] });
    },

    /** Stores the documents and saves (`prep_doc`) or advances (`env_doc`) the case; answers the updated Surgery. */
    async include(user: User, id: number, input: SurgeryFilesInput): Promise<SurgeryResponse> {
      const { status, version, confirmMissing, documents } = await checkSurgeryFiles(input);

      const stored: Array<{ kind: SurgeryDocumentKind; key: string; type: SniffedType; size: number; filename: string | null }> = [];
      try {
        for (const document of documents) {
          const key = `surgeries/${id}/${document.kind}-${randomBytes(16).toString('hex')}.${FILE_EXTENSIONS[document.type]}`;
          await storage.put(key, document.data, document.type);
          const { kind, type, data } = document;
          stored.push({ kind, key, type, size: data.length, filename: cleanName(document.filename) });
        }
      } catch (error) {
        await discard(stored.map((file) => file.key));
        throw error;
      }

      let outcome;
      try {
        outcome = await moves.move(
          user,
          id,
          { requested: status, confirm: { missing_documents: confirmMissing } },
          {
            only: { from: ['prep_doc'], kinds: ['save', 'advance'] },
            auditDetail: 'documents',
            arriving: stored.map((file) => file.kind),
            check: (row) => checkVersion(version, row),
            alsoWrite: async (tx) => {
              if (stored.length === 0) return;
              // Each upload adds its files beside those already stored (issue 33 item 10): nothing is replaced.
              const at = now();
              await tx.insert(surgeryDocuments).values(
                stored.map((file) => ({
                  surgeryId: id,
                  kind: file.kind,
                  fileKey: file.key,
                  contentType: file.type,
                  originalName: file.filename,
                  size: file.size,
                  uploadedBy: user.id,
                  uploadedAt: at,
                })),
              );
            },
            // The answer is read in the same transaction (exactly this upload's outcome); links are signed after it.
            readBack: (tx) => readSurgeryRow(tx, id, saoPauloDay(now())),
          },
        );
      } catch (error) {
        await discard(stored.map((file) => file.key));
        throw error;
      }

      if (!outcome.result) throw new Error('include_surgery_files: the moved case was not read back');
      return toSurgeryResponse(outcome.result, signer, saoPauloDay(now()));
    },

    /**
     * Attaches a file to the named document `name` of the case's checklist (issue 33 #10c), which then counts as
     * received; any number of files, at any stage (as the ticks). Checked by content first (400/413, nothing
     * written); a name the checklist does not have is 400 on `name`, and the stored file is deleted again.
     */
    async attachNamed(user: User, id: number, input: { name: string; data: Buffer; filename: string | null }): Promise<SurgeryResponse> {
      const name = input.name.trim();
      if (input.data.length > MAX_DOCUMENT_BYTES) throw payloadTooLarge(M.namedTooLarge);
      if (!name || input.data.length === 0) throw badRequest([M.namedRequired], { [name ? 'file' : 'name']: [M.namedRequired] });
      const type = sniffFileType(input.data);
      if (!type || !DOCUMENT_TYPES.includes(type)) throw badRequest([M.namedType(name)], { file: [M.namedType(name)] });
      const key = `surgeries/${id}/documento-${randomBytes(16).toString('hex')}.${FILE_EXTENSIONS[type]}`;
      await storage.put(key, input.data, type);
      try {
        const row = await db.transaction(async (tx) => {
          const surgery = await visibleSurgeryRow(tx, user, id, { lock: true });
          if (!surgery) throw notFound(SURGERY_NOT_FOUND);
          const named = await namedDocumentOf(tx, surgery, name);
          if (named === null) throw badRequest([CHECKLIST_MESSAGES.markNotExtra], { name: [CHECKLIST_MESSAGES.markNotExtra] });
          const at = now();
          await tx.insert(surgeryDocuments).values({
            surgeryId: id,
            name: named,
            fileKey: key,
            contentType: type,
            originalName: cleanName(input.filename),
            size: input.data.length,
            uploadedBy: user.id,
            uploadedAt: at,
          });
          await recordChange(tx, user, caseChange(surgery, 'documents'), at);
          return readSurgeryRow(tx, id, saoPauloDay(now()));
        });
        if (!row) throw notFound(SURGERY_NOT_FOUND);
        return toSurgeryResponse(row, signer, saoPauloDay(now()));
      } catch (error) {
        await discard([key]);
        throw error;
      }
    },

    /**
     * Removes one file of the case (issue 33 #10b): a SPEC kind's while the case is at prep_doc (where it is uploaded;
     * else 409), a named document's at any stage. The case's history keeps the file's attachment and its removal.
     * 404 when the case is not the user's or has no such file.
     */
    async remove(user: User, id: number, fileId: number): Promise<SurgeryResponse> {
      const { row, fileKey } = await db.transaction(async (tx) => {
        const surgery = await visibleSurgeryRow(tx, user, id, { lock: true });
        if (!surgery) throw notFound(SURGERY_NOT_FOUND);
        const [file] = await tx
          .select()
          .from(surgeryDocuments)
          .where(and(eq(surgeryDocuments.id, fileId), eq(surgeryDocuments.surgeryId, id)));
        if (!file) throw notFound(M.fileNotFound);
        if (file.kind !== null && surgery.status !== 'prep_doc') throw conflict(M.removeNotPrepDoc, surgery.status);
        await tx.delete(surgeryDocuments).where(eq(surgeryDocuments.id, file.id));
        const at = now();
        await recordDocumentsReplaced(tx, id, user.id, at, [{ kind: file.kind ?? file.name ?? '', uploadedBy: file.uploadedBy, uploadedAt: file.uploadedAt }]);
        await recordChange(tx, user, caseChange(surgery, 'documents'), at);
        return { row: await readSurgeryRow(tx, id, saoPauloDay(now())), fileKey: file.fileKey };
      });
      // Committed: the file has no row any more.
      await discard([fileKey]);
      if (!row) throw notFound(SURGERY_NOT_FOUND);
      return toSurgeryResponse(row, signer, saoPauloDay(now()));
    },
  };
}
