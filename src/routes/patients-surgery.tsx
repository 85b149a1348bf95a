import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requireRole } from './guards';

/** /patients-surgery: surgery registration, secretary only. */
export const patientsSurgeryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/patients-surgery',
  beforeLoad: ({ context }) => requireRole(context.profile, 'secretary'),
  component: lazyRouteComponent(() => import('../features/surgeries/PatientsSurgeryPage'), 'PatientsSurgeryPage'),
});
