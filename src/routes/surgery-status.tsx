import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';

/** /surgery-status: both roles (SPEC §2 lists it for the medic and for the secretary). */
export const surgeryStatusRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/surgery-status',
  component: lazyRouteComponent(() => import('../features/surgeries/SurgeryStatusPage'), 'SurgeryStatusPage'),
});
