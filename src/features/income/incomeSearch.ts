import { incomeMonthOfText, incomeYearOfText } from '../../../machines/ledger/incomeQuery';
import type { IncomeQuery } from '../../api/income';

/** The page's URL search as it came (unchecked: the route keeps only its keys). */
export type IncomeSearch = { year?: unknown; month?: unknown };

/** The report's period from the URL: a bad or absent year is this year (São Paulo's `today`), a bad month none. */
export function incomeQueryOfSearch(search: IncomeSearch, today: string): IncomeQuery {
  const text = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '');
  const year = incomeYearOfText(text(search.year)) ?? Number(today.slice(0, 4));
  const month = incomeMonthOfText(text(search.month));
  return { year, month: month ?? null };
}
