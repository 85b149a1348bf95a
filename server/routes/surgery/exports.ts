import type { FastifyInstance } from 'fastify';
import type { surgeryExportQuerySchema } from '../../../machines/surgeryCase/listQuerySchemas';
import type { patientExportQuerySchema } from '../../../machines/patientWizard/schemas';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../http/csv';
import { validated } from '../../http/validation';
import { visibleMedicIds } from '../../services/access/scope';
import { auditedRows, exportAudit } from '../../services/audit/audit-log';
import { PATIENT_EXPORT_HEADER, patientExportRows } from '../../services/patients/patient-export';
import { saoPauloDay } from '../../services/sao-paulo-time';
import { SURGERY_EXPORT_HEADER, surgeryExportRows } from '../../services/surgeries/surgery-export';
import { signedInUser } from '../../plugins/authenticate';

/**
 * The lists' CSV exports (issue 14 item 5; openapi exportSurgeries, exportPatients): the status list and the patients
 * list with the list's own query schema (same filters, same pt-BR 400s; no page), every matching row streamed
 * (server/http/csv.ts). Both roles, limited to the user's medics like the lists. The file is named by São Paulo's
 * day, and recorded in the medics' audit trails (issue 16): one 'export' row per medic naming the patients whose rows
 * the file held (written once the stream ends), so each patient's audit lists the exports that contained them. A failure after the first bytes ends the response early (Fastify destroys it; app.ts logs it without data).
 */
export default async function exportRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  app.get<{ Querystring: typeof surgeryExportQuerySchema.infer }>(
    '/surgery/api/v1/surgery/export.csv',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.surgeryExportQuerySchema }) },
    async (request, reply) => {
      const user = signedInUser(request);
      const record = exportAudit(app.audit, user, { of: 'surgeries', entity: 'surgery', detail: 'surgeries.csv', medicIds: await visibleMedicIds(deps.db, user) });
      const rows = surgeryExportRows(deps.db, user, request.query, deps.now, undefined, record.add);
      return sendCsv(reply, `cirurgias-${saoPauloDay(deps.now())}.csv`, SURGERY_EXPORT_HEADER, auditedRows(rows, record));
    },
  );

  app.get<{ Querystring: typeof patientExportQuerySchema.infer }>(
    '/surgery/api/v1/patient/export.csv',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.patientExportQuerySchema }) },
    async (request, reply) => {
      const user = signedInUser(request);
      const record = exportAudit(app.audit, user, { of: 'patients', entity: 'patient', detail: 'patients.csv', medicIds: await visibleMedicIds(deps.db, user) });
      const rows = patientExportRows(deps.db, user, request.query, undefined, record.add);
      return sendCsv(reply, `pacientes-${saoPauloDay(deps.now())}.csv`, PATIENT_EXPORT_HEADER, auditedRows(rows, record));
    },
  );
}
