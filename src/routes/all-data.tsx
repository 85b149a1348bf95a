import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requireRole } from './guards';

/** /all-data: the dashboard, medic only. */
export const allDataRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/all-data',
  beforeLoad: ({ context }) => requireRole(context.profile, 'medic'),
  component: lazyRouteComponent(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
});
