import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateDashboardSearch } from '../lib/dashboard/period';
import { appRoute } from './app';
import { requireRole } from './guards';

/** /all-data: the dashboard, medic only. Its period lives in the URL (lib/dashboard/period.ts); none: all time. */
export const allDataRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/all-data',
  validateSearch: validateDashboardSearch,
  beforeLoad: ({ context }) => requireRole(context.profile, 'medic'),
  component: lazyRouteComponent(() => import('../features/dashboard/AllDataPage'), 'AllDataPage'),
});
