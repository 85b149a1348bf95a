import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { IncomeSearch } from '../features/income/incomeSearch';
import { pickSearch } from '../lib/routeSearch';
import { appRoute } from './app';
import { requireRole } from './guards';

/**
 * /income-report, 'Relatório para o contador' (issue 38 item 5): the medic only (a secretary is sent home, as from
 * the other medic-only pages; the API answers her 403). Its year and month live in the URL; the page, printable, is
 * loaded lazily.
 */
export const incomeReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/income-report',
  // Checked by the page (incomeQueryOfSearch).
  validateSearch: (search: Record<string, unknown>) => pickSearch<IncomeSearch>(search, ['year', 'month']),
  beforeLoad: ({ context }) => requireRole(context.profile, 'medic'),
  component: lazyRouteComponent(() => import('../features/income/IncomeReportPage'), 'IncomeReportPage'),
});
