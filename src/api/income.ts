/**
 * 'Relatório para o contador' (issue 38 item 5; openapi getIncomeReport, exportIncomeReport) over the one typed
 * client: the read is a tagged result (src/lib/useRead.ts); the exports (CSV, PDF) are ExportCsvButton's calls.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { read, type ReadResult } from './read';

export type IncomeReport = components['schemas']['IncomeReport'];
export type IncomeTotals = components['schemas']['IncomeTotals'];

/** The report's period: a year, and a month of it or none (the whole year). */
export type IncomeQuery = { year: number; month: number | null };

const queryOf = ({ year, month }: IncomeQuery) => ({ year: String(year), ...(month === null ? {} : { month: String(month) }) });

export function getIncomeReport(query: IncomeQuery, signal?: AbortSignal): Promise<ReadResult<IncomeReport>> {
  return read(() => api.GET('/surgery/api/v1/income_report/', { params: { query: queryOf(query) }, signal }));
}

export function exportIncomeReport(query: IncomeQuery) {
  return api.GET('/surgery/api/v1/income_report/export.csv', { params: { query: queryOf(query) }, parseAs: 'blob' });
}

/** The same report as a printable PDF ('Baixar PDF'), downloaded as the CSV is. */
export function exportIncomeReportPdf(query: IncomeQuery) {
  return api.GET('/surgery/api/v1/income_report/export.pdf', { params: { query: queryOf(query) }, parseAs: 'blob' });
}
