import type { DashboardPeriod } from './constants';

/**
 * The days of a dashboard period (./periodSchemas.ts has the query's schema and the module's account of the periods),
 * without arktype: the server uses them without loading the schemas at start (issue 41, goal 5).
 */

/** A period's days, inclusive, yyyy-MM-dd; both null for 'all'. */
type PeriodRange = { from: string | null; to: string | null };

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function dayOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The number of days of `month` (1–12) of `year`. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The year and month `delta` months from `year`-`month`. */
function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first day of the month `monthsBack` months before `today`'s, to the last day of `today`'s month. */
function lastMonths(today: string, monthsBack: number): { from: string; to: string } {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const start = shiftMonth(year, month, -monthsBack);
  return { from: dayOf(start.year, start.month, 1), to: dayOf(year, month, daysInMonth(year, month)) };
}

/** `day` plus `years` years; 29 February becomes 28 February in a year without it. */
export function addYears(day: string, years: number): string {
  const [year, month, date] = [Number(day.slice(0, 4)) + years, Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  return dayOf(year, month, Math.min(date, daysInMonth(year, month)));
}

/**
 * The days of `period` at São Paulo's `today` (yyyy-MM-dd): see the module's comment. `from`/`to` are read only for
 * 'custom' (already checked by `dashboardQuerySchema`).
 */
export function periodRange(period: DashboardPeriod, today: string, from?: string | null, to?: string | null): PeriodRange {
  switch (period) {
    case 'this_month':
      return lastMonths(today, 0);
    case 'last_3_months':
      return lastMonths(today, 2);
    case 'last_12_months':
      return lastMonths(today, 11);
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    case 'custom':
      return { from: from ?? null, to: to ?? null };
    case 'all':
      return { from: null, to: null };
  }
}
