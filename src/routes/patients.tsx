import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requireRole } from './guards';

const PatientsPage = lazyRouteComponent(() => import('../features/patients/PatientsPage'), 'PatientsPage');

/** /patients: secretary only (SPEC §2). The page gets the role from the route context (STYLE §14). */
export const patientsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/patients',
  beforeLoad: ({ context }) => requireRole(context.profile, 'secretary'),
  component: PatientsRouteComponent,
});

function PatientsRouteComponent() {
  const { profile } = patientsRoute.useRouteContext();
  return <PatientsPage userType={profile.type} />;
}
