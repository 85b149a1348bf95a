import { type } from 'arktype';
import { queryText } from '../lookups/schemas';

/**
 * 'Relatório para o contador' (issue 38 item 5; openapi getIncomeReport, exportIncomeReport): the query of the report
 * and of its CSV, checked by the server; the page reads its URL with the plain readers below (no arktype before its
 * first paint), with the same pt-BR messages.
 *
 * - `year`: required, four digits, INCOME_MIN_YEAR..INCOME_MAX_YEAR.
 * - `month`: optional, 1..12 (absent or empty: the whole year).
 */

export const INCOME_MIN_YEAR = 2000;
export const INCOME_MAX_YEAR = 2100;

export const INCOME_QUERY_MESSAGES = {
  yearRequired: 'Informe o ano do relatório.',
  invalidYear: `Ano inválido: informe um ano de ${INCOME_MIN_YEAR} a ${INCOME_MAX_YEAR}.`,
  invalidMonth: 'Mês inválido: informe um mês de 1 a 12.',
} as const;

const M = INCOME_QUERY_MESSAGES;

/** A year written in four digits within the accepted range, or null. */
export function incomeYearOfText(text: string): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= INCOME_MIN_YEAR && year <= INCOME_MAX_YEAR ? year : null;
}

/** A month 1..12 written in one or two digits ('' is none: null), or undefined when invalid. */
export function incomeMonthOfText(text: string): number | null | undefined {
  if (text === '') return null;
  if (!/^\d{1,2}$/.test(text)) return undefined;
  const month = Number(text);
  return month >= 1 && month <= 12 ? month : undefined;
}

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
