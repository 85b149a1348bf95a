/**
 * The plain readers of 'Relatório para o contador''s query (issue 38 item 5), without arktype: the API's schema
 * (./incomeSchemas.ts) uses them through arktype, and the page reads its URL with them directly (no arktype before
 * its first paint, as the other list pages: machines/validation/queryValues.ts).
 */

export const INCOME_MIN_YEAR = 2000;
export const INCOME_MAX_YEAR = 2100;

export const INCOME_QUERY_MESSAGES = {
  yearRequired: 'Informe o ano do relatório.',
  invalidYear: `Ano inválido: informe um ano de ${INCOME_MIN_YEAR} a ${INCOME_MAX_YEAR}.`,
  invalidMonth: 'Mês inválido: informe um mês de 1 a 12.',
} as const;

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
