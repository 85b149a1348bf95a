import type { components } from '../../../openapi/schema';
import { DASHBOARD_PERIOD_LABELS, AGING_BUCKETS, AGING_BUCKET_LABELS, type DashboardPeriod } from '../../../machines/ledger/constants';
import { rateCsvText } from '../../../machines/ledger/glosaRate';
import { csvDate, csvMoney, csvNumber, type CsvCell } from '../../http/csv';
import { normalizeSearchText } from '../search-text';

type Dashboard = components['schemas']['Dashboard'];

/**
 * The dashboard as one CSV (issue 14 item 5; openapi exportDashboard): every table the /all-data page shows, in the
 * page's order and with its pt-BR titles, one value per line so a spreadsheet filters and pivots it as it is:
 * `Tabela;Nome;Medida;Valor`. The figures are the dashboard's (the same read, the same period); money as pt-BR
 * reais (`1234,56`), rates as percentages with one decimal (machines/ledger/glosaRate.ts, as the page), days with one, months as MM/yyyy, dates dd/MM/yyyy.
 */
export const DASHBOARD_CSV_HEADER = ['Tabela', 'Nome', 'Medida', 'Valor'] as const;

/**
 * The file's name, in pt-BR like the other exports' (`cirurgias-2026-03-10.csv`): `painel-`, the period's name as it
 * reads on the page without accents ('Últimos 12 meses' → `ultimos-12-meses`), then São Paulo's day.
 */
export function dashboardCsvName(period: DashboardPeriod, day: string): string {
  return `painel-${normalizeSearchText(DASHBOARD_PERIOD_LABELS[period]).replace(/ /g, '-')}-${day}.csv`;
}

const DASHBOARD_CSV_TEXTS = {
  period: 'Período',
  from: 'De',
  to: 'Até',
  widgets: 'Dados gerais',
  expected: 'Recebimento previsto(R$)',
  received: 'Valor recebido (R$)',
  surgeries: 'Quantidade de cirurgias',
  averageTime: 'Tempo médio (dias/cirurgias)',
  reais: 'Valor (R$)',
  count: 'Cirurgias',
  days: 'Dias',
  lists: {
    valores_a_receber: 'Valores a receber',
    valores_recebidos: 'Valores recebidos',
    qtd_convenio_prev: 'Cirurgias por convênio: Previstas',
    qtd_convenio_real: 'Cirurgias por convênio: Realizadas',
    qtd_hospital_prev: 'Cirurgias por hospital: Previstas',
    qtd_hospital_real: 'Cirurgias por hospital: Realizadas',
    qtd_procedim_prev: 'Cirurgias por procedimentos: Previstas',
    qtd_procedim_real: 'Cirurgias por procedimentos: Realizadas',
  },
  lost: 'Cirurgias perdidas por motivo',
  aging: 'Envelhecimento dos recebíveis',
  glosas: 'Glosas por pagador',
  expectedReais: 'Esperado (R$)',
  glosaReais: 'Glosa (R$)',
  glosaRate: 'Taxa de glosa (%)',
  glosaReasons: 'Glosas por motivo',
  glosaCount: 'Glosas',
  daysToPayment: 'Dias até o pagamento',
  median: 'Mediana (dias)',
  cases: 'Casos',
  series: 'Esperado x recebido por mês',
  receivedReais: 'Recebido (R$)',
} as const;

const T = DASHBOARD_CSV_TEXTS;

/** Reais with two exact decimals (the dashboard's numbers) as a CSV money cell. */
const money = (value: number) => csvMoney(Math.round(value * 100));

/** yyyy-MM as MM/yyyy. */
const monthCell = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The CSV rows of `dashboard` (see DASHBOARD_CSV_HEADER). */
export function* dashboardCsvRows(dashboard: Dashboard): Generator<CsvCell[]> {
  const { period, data, dash_graph: graphs, lost_by_reason: lost, money: views } = dashboard;
  yield [T.period, DASHBOARD_PERIOD_LABELS[period.key], T.from, csvDate(period.from)];
  yield [T.period, DASHBOARD_PERIOD_LABELS[period.key], T.to, csvDate(period.to)];
  const total = Object.values(data.distribution).reduce((sum, count) => sum + count, 0);
  yield [T.widgets, T.expected, T.reais, money(data.pending_surgery_value)];
  yield [T.widgets, T.received, T.reais, money(data.payment_done)];
  yield [T.widgets, T.surgeries, T.count, total];
  yield [T.widgets, T.averageTime, T.days, csvNumber(data.middle_time)];
  for (const list of ['valores_a_receber', 'valores_recebidos'] as const) {
    for (const item of graphs[list]) yield [T.lists[list], item.name, T.reais, money(item.value)];
  }
  for (const list of ['qtd_convenio_prev', 'qtd_convenio_real', 'qtd_hospital_prev', 'qtd_hospital_real', 'qtd_procedim_prev', 'qtd_procedim_real'] as const) {
    for (const item of graphs[list]) yield [T.lists[list], item.name, T.count, item.value];
  }
  for (const item of lost) yield [T.lost, item.name, T.count, item.value];
  for (const row of views.aging) {
    for (const bucket of AGING_BUCKETS) yield [T.aging, row.name, AGING_BUCKET_LABELS[bucket], money(row[bucket])];
  }
  for (const row of views.glosas_by_payer) {
    yield [T.glosas, row.name, T.expectedReais, money(row.expected)];
    yield [T.glosas, row.name, T.glosaReais, money(row.glosa)];
    yield [T.glosas, row.name, T.glosaRate, { csv: rateCsvText(row.rate) }];
  }
  for (const row of views.glosas_by_reason) {
    const name = row.code === null ? row.name : `${row.code} - ${row.name}`;
    yield [T.glosaReasons, name, T.glosaCount, row.glosas];
    yield [T.glosaReasons, name, T.glosaReais, money(row.glosa)];
  }
  for (const row of views.days_to_payment) {
    yield [T.daysToPayment, row.name, T.median, csvNumber(row.median_days)];
    yield [T.daysToPayment, row.name, T.cases, row.cases];
  }
  for (const row of views.expected_vs_received) {
    yield [T.series, monthCell(row.month), T.expectedReais, money(row.expected)];
    yield [T.series, monthCell(row.month), T.receivedReais, money(row.received)];
  }
}
