import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requirePatientRegistration } from './guards';

const PatientsPage = lazyRouteComponent(() => import('../features/patients/PatientsPage'), 'PatientsPage');

/** /patients: a secretary, or a medic without one (SPEC §2, DECISIONS §13). The page gets the role from the route context (STYLE §14). */
export const patientsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/patients',
  beforeLoad: ({ context }) => requirePatientRegistration(context.profile),
  component: PatientsRouteComponent,
});

function PatientsRouteComponent() {
  const { profile } = patientsRoute.useRouteContext();
  return <PatientsPage userType={profile.type} />;
}
