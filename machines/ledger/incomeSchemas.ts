import { type } from 'arktype';
import { queryText } from '../lookups/schemas';
import { INCOME_QUERY_MESSAGES, incomeMonthOfText, incomeYearOfText } from './incomeQuery';

/**
 * 'Relatório para o contador' (issue 38 item 5; openapi getIncomeReport, exportIncomeReport, exportIncomeReportPdf):
 * the query of the report and of its CSV and PDF, checked by the server; the page reads its URL with the plain
 * readers below (no arktype before its first paint), with the same pt-BR messages.
 *
 * - `year`: required, four digits, INCOME_MIN_YEAR..INCOME_MAX_YEAR.
 * - `month`: optional, 1..12 (absent or empty: the whole year).
 */

export { incomeMonthOfText, incomeYearOfText } from './incomeQuery';

const M = INCOME_QUERY_MESSAGES;

export const incomeReportQuerySchema = type({
  year: queryText
    .pipe((raw, ctx) => (raw === '' ? ctx.error({ message: M.yearRequired }) : (incomeYearOfText(raw) ?? ctx.error({ message: M.invalidYear }))))
    .configure({ missing: M.yearRequired }),
  'month?': queryText.pipe((raw, ctx) => {
    const month = incomeMonthOfText(raw);
    return month === undefined ? ctx.error({ message: M.invalidMonth }) : month;
  }),
});

export type IncomeReportQuery = { year: number; month: number | null };

/** The checked query as the report reads it. */
export function incomeReportQueryOf(query: typeof incomeReportQuerySchema.infer): IncomeReportQuery {
  return { year: query.year, month: query.month ?? null };
}
