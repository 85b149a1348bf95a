import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requireRole } from './guards';

/** `?id=` pre-links a patient (SPEC §2); anything but a positive integer is ignored. */
export type PatientsSurgerySearch = { id?: number };

export function validatePatientsSurgerySearch(search: Record<string, unknown>): PatientsSurgerySearch {
  const raw = search.id;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? { id } : {};
}

/** /patients-surgery: surgery registration, secretary only. */
export const patientsSurgeryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/patients-surgery',
  validateSearch: validatePatientsSurgerySearch,
  beforeLoad: ({ context }) => requireRole(context.profile, 'secretary'),
  component: lazyRouteComponent(() => import('../features/surgeries/PatientsSurgeryPage'), 'PatientsSurgeryPage'),
});
