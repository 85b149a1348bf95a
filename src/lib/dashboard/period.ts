/**
 * /all-data's period in the URL (issue 14 item 4): `?period=…` and, for 'custom', `&from=yyyy-MM-dd&to=yyyy-MM-dd`.
 * Absent: all time, and the URL stays `/all-data` (what the menu links to). A value the API would refuse is dropped
 * here, so a hand-edited URL shows a dashboard instead of an error: the API's own checks (the same schema,
 * machines/ledger/periodSchemas.ts) still run on what is sent. The custom range's checks are in ./periodCheck.ts, loaded only
 * for a custom range: they load arktype, which the medic's home (its summary reads the dashboard with these helpers)
 * and /all-data's first render (issue 15: blocking time) do not need.
 */
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../machines/ledger/constants';

export type DashboardSearch = { period?: DashboardPeriod; from?: string; to?: string };

const isPeriod = (value: unknown): value is DashboardPeriod =>
  typeof value === 'string' && (DASHBOARD_PERIODS as readonly string[]).includes(value);

/**
 * The route's search when it names no custom range: a known period ('all' is the absent one), an unknown one dropped.
 * null for 'custom': its dates need the schema of ./periodCheck.ts (`loadPeriodCheck`).
 */
export function presetSearch(search: Record<string, unknown>): DashboardSearch | null {
  if (!isPeriod(search.period) || search.period === 'all') return {};
  return search.period === 'custom' ? null : { period: search.period };
}

/** The checks of a custom range (arktype), loaded when a custom range is in the URL or being chosen. */
export const loadPeriodCheck = () => import('./periodCheck');

/** The API query of a search (nothing for all time). */
export function dashboardQuery(search: DashboardSearch): DashboardSearch {
  if (!search.period) return {};
  return search.period === 'custom' ? { period: 'custom', from: search.from, to: search.to } : { period: search.period };
}

/** yyyy-MM-dd as dd/MM/yyyy. */
export function brDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** yyyy-MM as a short pt-BR month: '2026-03' → 'mar/26'. */
export function shortMonth(month: string): string {
  const names = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? '?'}/${month.slice(2, 4)}`;
}

/** yyyy-MM as a long pt-BR month: '2026-03' → 'março de 2026'. */
export function longMonth(month: string): string {
  const names = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? '?'} de ${month.slice(0, 4)}`;
}
