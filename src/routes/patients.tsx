import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requireRole } from './guards';

/** /patients: secretary only. */
export const patientsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/patients',
  beforeLoad: ({ context }) => requireRole(context.profile, 'secretary'),
  component: lazyRouteComponent(() => import('../features/patients/PatientsPage'), 'PatientsPage'),
});
