import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requirePatientRegistration } from './guards';

/** `?id=` pre-links a patient (SPEC §2); anything but a positive integer is ignored. */
type PatientsSurgerySearch = { id?: number };

function validatePatientsSurgerySearch(search: Record<string, unknown>): PatientsSurgerySearch {
  const raw = search.id;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? { id } : {};
}

/** /patients-surgery: surgery registration, for a secretary or a medic without one (DECISIONS §13). */
export const patientsSurgeryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/patients-surgery',
  validateSearch: validatePatientsSurgerySearch,
  beforeLoad: ({ context }) => requirePatientRegistration(context.profile),
  component: lazyRouteComponent(() => import('../features/surgeries/PatientsSurgeryPage'), 'PatientsSurgeryPage'),
});
