import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { DashboardSearch } from '../lib/dashboard/period';
import { pickSearch } from '../lib/routeSearch';
import { appRoute } from './app';
import { requireRole } from './guards';

/** /all-data: the dashboard, medic only. Its period lives in the URL (lib/dashboard/period.ts); none: all time. */
export const allDataRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/all-data',
  // Checked by the page (lib/dashboard/periodCheck.ts): lib/routeSearch.ts says why.
  validateSearch: (search: Record<string, unknown>) => pickSearch<DashboardSearch>(search, ['period', 'from', 'to']),
  beforeLoad: ({ context }) => requireRole(context.profile, 'medic'),
  component: lazyRouteComponent(() => import('../features/dashboard/AllDataPage'), 'AllDataPage'),
});
