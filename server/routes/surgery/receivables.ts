import { auditedRows, exportAudit } from '../../services/audit/audit-log';
import type { FastifyInstance } from 'fastify';
import { AGING_BUCKET_LABELS, daysPastDueText } from '../../../machines/ledger/constants';
import type { ReceivablesQuery } from '../../../machines/ledger/receivablesSchemas';
import type { AppDeps } from '../../deps';
import { csvDate, csvMoney, inPages, sendCsv, type CsvCell } from '../../http/csv';
import { loadSchemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { visibleMedicIds } from '../../services/access/scope';
import { STATUS_LABELS } from '../../../machines/constants';
import { createReceivablesService, type ReceivableExportRow } from '../../services/ledger/receivables';
import { signedInUser } from '../../plugins/authenticate';
import { pageRead } from '../../plugins/audited-reads';

/** The export's columns (pt-BR, Excel's header row). */
const RECEIVABLES_CSV_HEADER = [
  'Paciente',
  'Médico',
  'Pagador',
  'Etapa',
  'Realização',
  'Faturamento',
  'Vencimento',
  'Dias em atraso',
  'Faixa',
  'Esperado',
  'Recebido',
  'Glosado',
  'Em recurso',
  'Em aberto',
  'Próximo prazo de recurso',
] as const;

function csvRow(row: ReceivableExportRow): CsvCell[] {
  return [
    row.patient.nome_completo,
    `${row.medic.first_name} ${row.medic.last_name}`.trim(),
    row.payer,
    STATUS_LABELS[row.status],
    csvDate(row.accomplishment),
    csvDate(row.billed_on),
    csvDate(row.due_date),
    daysPastDueText(row.days_past_due),
    AGING_BUCKET_LABELS[row.bucket],
    csvMoney(row.expected_cents),
    csvMoney(row.received_cents),
    csvMoney(row.glosa_net_cents),
    csvMoney(row.disputed_cents),
    csvMoney(row.open_cents),
    csvDate(row.next_appeal_deadline),
  ];
}

/**
 * 'A receber' (issue 14 item 3; DECISIONS §16; openapi listReceivables, exportReceivables, listAppealAlerts). Both
 * roles, each over the medics it sees; thin: the rules live in services/ledger/receivables.ts.
 *
 * - GET /surgery/api/v1/receivables/: a page of the cases that owe money, with totals over every filtered row.
 * - GET /surgery/api/v1/receivables/export.csv: the same filters, every row, streamed (server/http/csv.ts).
 * - GET /surgery/api/v1/appeal_alerts/: glosas whose appeal is due within 7 days or passed (the homes' panel).
 */
export default async function receivableRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const receivables = createReceivablesService({ db: deps.db, now: deps.now });

  app.get<{ Querystring: ReceivablesQuery }>(
    '/surgery/api/v1/receivables/',
    {
      onRequest: app.authenticate,
      preValidation: validated({ query: (s) => s.receivablesQuerySchema }),
      config: { auditRead: pageRead('surgery', 'surgery', 'receivables') },
    },
    async (request) => receivables.list(signedInUser(request), (await loadSchemas()).receivablesFiltersOf(request.query)),
  );

  app.get<{ Querystring: ReceivablesQuery }>(
    '/surgery/api/v1/receivables/export.csv',
    { onRequest: app.authenticate, preValidation: validated({ query: (s) => s.receivablesExportQuerySchema }) },
    async (request, reply) => {
      const { day, fetchPage } = await receivables.exportRows(signedInUser(request), (await loadSchemas()).receivablesFiltersOf(request.query));
      const user = signedInUser(request);
      const record = exportAudit(app.audit, user, { of: 'surgeries', entity: 'surgery', detail: 'receivables.csv', medicIds: await visibleMedicIds(deps.db, user) });
      async function* rows() {
        for await (const row of inPages(fetchPage, (row) => row.key)) {
          record.add(row.surgery);
          yield csvRow(row);
        }
      }
      return sendCsv(reply, `a-receber-${day}.csv`, RECEIVABLES_CSV_HEADER, auditedRows(rows(), record));
    },
  );

  const alertsRoute = { onRequest: app.authenticate, config: { auditRead: pageRead('surgery', 'surgery', 'appeal_alerts') } };
  app.get('/surgery/api/v1/appeal_alerts/', alertsRoute, async (request) => {
    const results = await receivables.appealAlerts(signedInUser(request));
    return { results };
  });
}
