import type { FastifyInstance } from 'fastify';
import { INCOME_KIND_LABELS } from '../../../machines/ledger/incomeRules';
import type { IncomeReportQuery, incomeReportQuerySchema } from '../../../machines/ledger/incomeSchemas';
import { formatCnpj } from '../../../machines/rules/cnpj';
import { formatCpf } from '../../../machines/rules/cpf';
import type { AppDeps } from '../../deps';
import { csvDate, csvMoney, sendCsv, type CsvCell } from '../../http/csv';
import { sendPdf } from '../../http/pdf';
import { loadSchemas } from '../../http/schemas';
import { validated } from '../../http/validation';
import { signedInUser } from '../../plugins/authenticate';
import type { AuthUser } from '../../plugins/authenticate';
import { incomeReportPdf } from '../../services/ledger/income-pdf';
import { readIncomeReport, type IncomeReport } from '../../services/ledger/income-report';

type Totals = IncomeReport['totals']['all'];

/** The export's columns (pt-BR, Excel's header row). */
const INCOME_CSV_HEADER = ['Mês', 'Tipo', 'Data', 'Nome', 'CPF/CNPJ', 'Bruto', 'IRRF', 'ISS', 'PIS/COFINS/CSLL', 'Líquido'] as const;

const INCOME_CSV_TEXTS = {
  person: INCOME_KIND_LABELS.pf,
  company: INCOME_KIND_LABELS.pj,
  personTotal: 'Total pessoa física',
  companyTotal: 'Total pessoa jurídica',
  monthTotal: 'Total do mês',
  yearTotal: 'Total do ano',
} as const;

const T = INCOME_CSV_TEXTS;

/** yyyy-MM as MM/yyyy. */
const monthCell = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The money cells of a total: Bruto, IRRF, ISS, PIS/COFINS/CSLL, Líquido. */
const totalCells = (total: Totals): CsvCell[] => [
  csvMoney(total.gross_cents),
  csvMoney(total.irrf_cents),
  csvMoney(total.iss_cents),
  csvMoney(total.pis_cofins_csll_cents),
  csvMoney(total.net_cents),
];

/** The file's name: `relatorio-contador-2026.csv`, or `relatorio-contador-2026-02.pdf` for one month. */
function incomeFileName({ year, month }: IncomeReportQuery, extension: 'csv' | 'pdf'): string {
  return `relatorio-contador-${year}${month === null ? '' : `-${String(month).padStart(2, '0')}`}.${extension}`;
}

/** The CSV rows of `report` (see INCOME_CSV_HEADER). */
function* incomeCsvRows(report: IncomeReport): Generator<CsvCell[]> {
  for (const { month, persons, companies, total } of report.months) {
    const cell = monthCell(month);
    for (const receipt of persons.receipts) {
      yield [cell, T.person, csvDate(receipt.received_on), receipt.patient_name, receipt.cpf ? formatCpf(receipt.cpf) : '', csvMoney(receipt.gross_cents)];
    }
    yield [cell, T.personTotal, '', '', '', ...totalCells(persons.total)];
    for (const payer of companies.payers) {
      yield [cell, T.company, '', payer.name, payer.cnpj ? formatCnpj(payer.cnpj) : '', ...totalCells(payer)];
    }
    yield [cell, T.companyTotal, '', '', '', ...totalCells(companies.total)];
    yield [cell, T.monthTotal, '', '', '', ...totalCells(total)];
  }
  // A year's file ends with the year's totals (a month's ends with its month's).
  if (report.month !== null) return;
  const year = String(report.year);
  yield [year, `${T.yearTotal}: ${T.person.toLowerCase()}`, '', '', '', ...totalCells(report.totals.persons)];
  yield [year, `${T.yearTotal}: ${T.company.toLowerCase()}`, '', '', '', ...totalCells(report.totals.companies)];
  yield [year, T.yearTotal, '', '', '', ...totalCells(report.totals.all)];
}

/** The cases whose patients the report names (its persons' receipts), each once, in order. */
const casesNamed = (report: IncomeReport) => [...new Set(report.months.flatMap((month) => month.persons.receipts.map((receipt) => receipt.surgery)))];

/**
 * 'Relatório para o contador' (issue 38 item 5; docs/LEDGER.md; openapi getIncomeReport, exportIncomeReport,
 * exportIncomeReportPdf): the medic's own (a secretary: 403, as the other medic-only routes answer); thin: the figures
 * are services/ledger/income-report.ts's. Every read is audited: the cases whose patients (name and CPF) the report
 * names, or the act alone when it names none.
 */
export default async function incomeReportRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  type Query = { Querystring: typeof incomeReportQuerySchema.infer };
  const options = { onRequest: app.requireRole('medic'), preValidation: validated({ query: (s) => s.incomeReportQuerySchema }) };
  const queryOf = async (query: Query['Querystring']) => (await loadSchemas()).incomeReportQueryOf(query);

  function audit(user: AuthUser, action: 'list' | 'export', detail: string, ids: number[]) {
    if (ids.length > 0) app.audit.read(user, { action, entity: 'surgery', of: 'surgeries', ids, detail });
    else app.audit.exported(user, { medicIds: [user.id], entity: 'surgery', detail, action });
  }

  app.get<Query>('/surgery/api/v1/income_report/', options, async (request) => {
    const user = signedInUser(request);
    const report = await readIncomeReport(deps.db, user.id, await queryOf(request.query));
    audit(user, 'list', 'income_report', casesNamed(report));
    return report;
  });

  app.get<Query>('/surgery/api/v1/income_report/export.csv', options, async (request, reply) => {
    const user = signedInUser(request);
    const query = await queryOf(request.query);
    const report = await readIncomeReport(deps.db, user.id, query);
    const rows = [...incomeCsvRows(report)];
    audit(user, 'export', 'income_report.csv', casesNamed(report));
    async function* lines() {
      yield* rows;
    }
    return sendCsv(reply, incomeFileName(query, 'csv'), INCOME_CSV_HEADER, lines());
  });

  // The same report as a printable PDF (services/ledger/income-pdf.ts): the sheet the page shows.
  app.get<Query>('/surgery/api/v1/income_report/export.pdf', options, async (request, reply) => {
    const user = signedInUser(request);
    const query = await queryOf(request.query);
    const report = await readIncomeReport(deps.db, user.id, query);
    const pdf = incomeReportPdf(report);
    audit(user, 'export', 'income_report.pdf', casesNamed(report));
    return sendPdf(reply, incomeFileName(query, 'pdf'), pdf);
  });
}
