import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients, type PatientRow } from '../../db/schema/index';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditDetailLabel } from '../../../machines/audit/constants';
import { inPages } from '../../http/csv';
import type { ZipEntry } from '../../http/zip';
import { createAuditReader } from '../audit/audit-read';
import { FILE_EXTENSIONS, type SniffedType } from '../files/file-type';
import { SAO_PAULO, toSaoPauloIso } from '../sao-paulo-time';
import type { FileStorage } from '../storage/file-storage';
import { caseRecords, contactRecords, patientRecord, readCaseRows, readNames, sharingRows, type CaseRows } from './patient-archive-data';
import { ARCHIVE_HTML_NAME, renderArchiveHtml } from './patient-archive-html';
import { keepUntilDay, RETENTION_YEARS } from './patient-erasure';
import { planCardsOf } from './patient-plan-card';
import { cepDigits, phoneDigits } from './patient-response';

/**
 * A patient's data-subject archive (issue 16 item 3, issue 33 item 18; LGPD art. 18, II, V and VII; DECISIONS §17):
 * everything the product holds about one patient, as one ZIP streamed to the medic:
 *
 * - `relatorio.html`, the page the patient reads (pt-BR; patient-archive-html.ts): the data, the purpose, with whom
 *   it was shared (hospital and plan by name, with dates), who accessed it (the audit trail), the retention rule, the
 *   patient's rights and the files of the package;
 * - `paciente.json`, the same for programs: pt-BR keys, names instead of ids (hospital, plan, people), labels
 *   instead of codes (stages, approvals, channels…), money in reais as decimal text with the unit in the key
 *   (`_em_reais`), instants in São Paulo time with their offset, days as yyyy-MM-dd;
 * - the photo as `foto.<ext>`, and each document file as `documentos/cirurgia-<n>-<kind or 'documento'>-<file id>.<ext>`.
 *
 * Only the medic's own patient (the route checks it). Internal storage keys and the search column are left out:
 * they are ours, not the patient's data.
 */

const ARCHIVE_VERSION = 2;
const ARCHIVE_JSON_NAME = 'paciente.json';

const PURPOSE =
  'Identificar você no seu caso cirúrgico; preencher os formulários do hospital e do convênio; pedir as autorizações; ' +
  'agendar, registrar e acompanhar a sua cirurgia; e faturar e receber os honorários médicos. Os dados de saúde são ' +
  'dados pessoais sensíveis (LGPD, art. 11) e são usados somente para a sua assistência e para cumprir as obrigações ' +
  'legais do prontuário.';

const RETENTION_RULE =
  `Os registros de um paciente com cirurgia são guardados por ${RETENTION_YEARS} anos depois da última atividade do seu ` +
  'cadastro ou das suas cirurgias (Lei 13.787/2018, art. 6º). Depois desse prazo, um pedido de exclusão anonimiza o ' +
  'cadastro: nome, CPF, contatos, endereço, foto, documentos e observações são apagados. Um cadastro sem cirurgia ' +
  'pode ser excluído a qualquer momento, a pedido. A auditoria dos acessos é guardada pelo mesmo prazo dos registros.';

const MONEY_UNIT = 'Reais (BRL), em texto com ponto decimal e duas casas: "6500.00" é R$ 6.500,00 (campos terminados em _em_reais).';

const extensionOf = (contentType: string) => FILE_EXTENSIONS[contentType as SniffedType] ?? 'bin';

/** A kind's or a named document's file: the kind (or 'documento') and the file's id, never a name the user typed. */
const documentFile = (row: CaseRows['documents'][number]) =>
  `documentos/cirurgia-${row.surgeryId}-${row.kind ?? 'documento'}-${row.id}.${extensionOf(row.contentType)}`;

export type PatientArchive = Awaited<ReturnType<ReturnType<typeof createPatientDataExport>['archiveOf']>>['archive'];

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
        quando: row.at,
        pessoa: row.actor?.name ?? 'Sistema',
        acao: AUDIT_ACTION_LABELS[row.action],
        registro: AUDIT_ENTITY_LABELS[row.entity],
        numero_do_registro: row.entity_id,
        registros_listados: row.shown_count || null,
        detalhe: auditDetailLabel(row.detail),
        endereco_ip: row.address,
      });
    }
    return rows;
  }

  /** The medic's patient `id`, or null (another medic's, or none). */
  async function patientOf(medicId: number, id: number) {
    const [row] = await db.select().from(patients).where(and(eq(patients.id, id), eq(patients.medicId, medicId)));
    return row ?? null;
  }

  /** The archive object (paciente.json, and what relatorio.html shows) and the files that go beside it. */
  async function archiveOf(patient: PatientRow, at: Date) {
    const [rows, cards] = await Promise.all([readCaseRows(db, patient.id), planCardsOf(db, patient.id)]);
    const [names, accesses, keepUntil] = await Promise.all([
      readNames(db, patient, rows, cards.map((card) => card.healthPlanId)),
      accessesOf(patient.medicId, patient.id),
      rows.rows.length > 0 ? keepUntilDay(db, patient.id) : Promise.resolve(null),
    ]);
    const photoName = patient.photoKey && patient.photoContentType ? `foto.${extensionOf(patient.photoContentType)}` : null;
    const files = rows.documents.map((row) => ({ key: row.fileKey, name: documentFile(row), at: row.uploadedAt }));
    const medic = names.people.get(patient.medicId);
    const archive = {
      versao_do_arquivo: ARCHIVE_VERSION,
      gerado_em: toSaoPauloIso(at),
      fuso_horario: SAO_PAULO,
      unidade_dos_valores: MONEY_UNIT,
      controlador: { medico: medic?.name ?? null, crm: medic?.crm ?? null },
      finalidade: PURPOSE,
      // Phone and CEP as every JSON answer carries them: digits, whatever mask an older row kept.
      paciente: patientRecord(patient, names, photoName, { cellphone: phoneDigits(patient.cellphone), cep: cepDigits(patient.cep) }, cards),
      cirurgias: caseRecords(rows, names, documentFile),
      compartilhamentos: sharingRows(rows, names),
      contatos: contactRecords(rows, names),
      acessos: accesses,
      guarda: { regra: RETENTION_RULE, manter_ate: keepUntil },
      arquivos: [ARCHIVE_HTML_NAME, ARCHIVE_JSON_NAME, ...(photoName ? [photoName] : []), ...files.map((file) => file.name)],
    };
    return { archive, photoName, files };
  }

  return {
    patientOf,
    archiveOf,

    /** The archive's entries, read one at a time (a document's bytes are fetched when its entry is written). */
    async *entries(patient: PatientRow): AsyncGenerator<ZipEntry> {
      const at = now();
      const { archive, photoName, files } = await archiveOf(patient, at);
      yield { name: ARCHIVE_HTML_NAME, data: Buffer.from(renderArchiveHtml(archive), 'utf8'), modified: at };
      yield { name: ARCHIVE_JSON_NAME, data: Buffer.from(JSON.stringify(archive, null, 2), 'utf8'), modified: at };
      if (photoName && patient.photoKey) {
        const photo = await storage.get(patient.photoKey);
        if (photo) yield { name: photoName, data: photo.data, modified: patient.updatedAt };
      }
      for (const file of files) {
        const stored = await storage.get(file.key);
        if (stored) yield { name: file.name, data: stored.data, modified: file.at };
      }
    },
  };
}
