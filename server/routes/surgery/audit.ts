import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditFilters, AuditQuery } from '../../../machines/audit/auditSchemas';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditDetailLabel, periodProblem } from '../../../machines/audit/constants';
import type { AppDeps } from '../../deps';
import { inPages, sendCsv, type CsvCell } from '../../http/csv';
import { badRequest, notFound } from '../../http/errors';
import { loadSchemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { type AuthUser, signedInUser } from '../../plugins/authenticate';
import { createAuditReader, type AuditEventView } from '../../services/audit/audit-read';
import { saoPauloDay } from '../../services/sao-paulo-time';

const AUDIT_CSV_HEADER = ['Data e hora', 'Pessoa', 'Ação', 'Registro', 'Nº do registro', 'Paciente', 'Registros listados', 'Detalhe', 'Endereço'] as const;

/** `2026-03-10T14:30:05-03:00` → `10/03/2026 14:30:05` (São Paulo's wall clock, as the screen shows it). */
function auditTimeText(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

function csvRow(row: AuditEventView): CsvCell[] {
  return [
    auditTimeText(row.at),
    row.actor?.name ?? 'Sistema',
    AUDIT_ACTION_LABELS[row.action],
    AUDIT_ENTITY_LABELS[row.entity],
    row.entity_id,
    row.patient?.nome_completo ?? (row.patient_ids.length > 1 ? `${row.patient_ids.length} pacientes` : null),
    row.shown_count || null,
    auditDetailLabel(row.detail),
    row.address,
  ];
}

/** Only a medic reads an audit; anyone else gets the 404 of a path that does not exist (nothing to discover). */
function medicOf(request: FastifyRequest): AuthUser {
  const user = signedInUser(request);
  if (user.type !== 'medic') throw notFound('Recurso não encontrado.');
  return user;
}

/**
 * The medic's audit trail (issue 16 item 2; DECISIONS §17; openapi listAudit, exportAudit).
 *
 * - GET /surgery/api/v1/audit/: a page of the audit of the medic's patients and cases, newest first, filtered; the
 *   read is itself audited ('list' of the audit) when it concerns a patient: the one filtered on, or those it shows.
 * - GET /surgery/api/v1/audit/people/: the 'Pessoa' filter's choices: everyone who ever acted, by name, once.
 * - GET /surgery/api/v1/audit/export.csv: the same filters, every row, streamed; the export is itself audited, naming
 *   the patient filtered on or every patient the rows named.
 */
export default async function auditRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const reader = createAuditReader(deps.db);

  /** Another medic's patient is "not found", as everywhere (DECISIONS §2). */
  async function checkFilters(medic: AuthUser, filters: AuditFilters) {
    const problem = periodProblem(filters);
    if (problem) throw badRequest([problem], { to: [problem] });
    const patientId = filters.patient;
    if (patientId !== null && !(await reader.knowsPatient(medic.id, patientId))) throw notFound('Paciente não encontrado.');
  }

  app.get<{ Querystring: AuditQuery }>(
    '/surgery/api/v1/audit/',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.auditQuerySchema }) },
    async (request) => {
      const medic = medicOf(request);
      const filters = (await loadSchemas()).auditFiltersOf(request.query);
      await checkFilters(medic, filters);
      await app.audit.flush();
      const page = await reader.list(medic.id, filters);
      // Reading the audit is itself a read of what it shows about patients (the third week's item 29): the patient
      // filtered on, or every patient the page names.
      const patientIds = filters.patient !== null ? [filters.patient] : page.results.flatMap((row) => row.patient_ids);
      if (patientIds.length > 0) app.audit.exported(medic, { medicIds: [medic.id], action: 'list', entity: 'audit', detail: null, patientIds });
      return page;
    },
  );

  app.get('/surgery/api/v1/audit/people/', { onRequest: app.authenticate }, async (request) => {
    const medic = medicOf(request);
    return { results: await reader.people(medic.id) };
  });

  app.get<{ Querystring: AuditQuery }>(
    '/surgery/api/v1/audit/export.csv',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.auditExportQuerySchema }) },
    async (request, reply) => {
      const medic = medicOf(request);
      const filters = (await loadSchemas()).auditFiltersOf(request.query);
      await checkFilters(medic, filters);
      await app.audit.flush();
      const fetchPage = reader.exportPage(medic.id, filters);
      // Recorded once the stream ends, naming the patient filtered on or every patient the rows sent named.
      const patientIds = new Set<number>(filters.patient !== null ? [filters.patient] : []);
      async function* rows() {
        try {
          for await (const row of inPages(fetchPage, (row) => row.key)) {
            if (filters.patient === null) for (const id of row.patient_ids) patientIds.add(id);
            yield csvRow(row);
          }
        } finally {
          app.audit.exported(medic, { medicIds: [medic.id], entity: 'audit', detail: 'auditoria.csv', patientIds: [...patientIds] });
        }
      }
      return sendCsv(reply, `auditoria-${saoPauloDay(deps.now())}.csv`, AUDIT_CSV_HEADER, rows());
    },
  );
}
