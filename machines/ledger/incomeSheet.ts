/**
 * The labels of the sheet of 'Relatório para o contador' (issue 38 item 5; docs/LEDGER.md): the page
 * (src/lib/i18n/income.ts spreads them) and the server's PDF (server/services/ledger/income-pdf.ts) print the same
 * sheet with the same words. `{name}` placeholders are filled by `fillSheetText`.
 */
export const INCOME_SHEET_TEXTS = {
  title: 'Relatório para o contador',
  months: ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'],
  monthTitle: '{month} de {year}',
  empty: 'Nenhum recebimento no período.',
  sheetTitle: 'Rendimentos de {period}',
  persons: 'Pessoas físicas (carnê-leão)',
  personsEmpty: 'Nenhum recebimento de pessoa física no mês.',
  companies: 'Pessoas jurídicas',
  companiesEmpty: 'Nenhum recebimento de pessoa jurídica no mês.',
  date: 'Data',
  patient: 'Paciente',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  company: 'Empresa',
  receipts: 'Recebimentos',
  gross: 'Bruto',
  irrf: 'IRRF',
  iss: 'ISS',
  pisCofinsCsll: 'PIS/COFINS/CSLL',
  net: 'Líquido',
  amount: 'Valor',
  noDocument: 'Não informado',
  personsTotal: 'Total pessoa física',
  companiesTotal: 'Total pessoa jurídica',
  monthTotal: 'Total do mês',
  yearTotals: 'Totais do ano',
  total: 'Total',
  kind: 'Origem',
} as const;

/** Replaces the `{key}` placeholders of a sheet text. */
export function fillSheetText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** yyyy-MM as 'Janeiro de 2026'. */
export function incomeMonthTitle(month: string): string {
  return fillSheetText(INCOME_SHEET_TEXTS.monthTitle, {
    month: INCOME_SHEET_TEXTS.months[Number(month.slice(5, 7)) - 1]!,
    year: month.slice(0, 4),
  });
}

/** The sheet's heading: 'Rendimentos de 2026' for a year, 'Rendimentos de Fevereiro de 2026' for a month. */
export function incomeSheetTitle(report: { year: number; month: number | null; from: string }): string {
  const period = report.month === null ? String(report.year) : incomeMonthTitle(report.from.slice(0, 7));
  return fillSheetText(INCOME_SHEET_TEXTS.sheetTitle, { period });
}
