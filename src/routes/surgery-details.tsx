import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';

/** /surgery-details: both roles; the surgery id arrives in navigation state. */
export const surgeryDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/surgery-details',
  component: lazyRouteComponent(() => import('../features/surgeries/SurgeryDetailsPage'), 'SurgeryDetailsPage'),
});
