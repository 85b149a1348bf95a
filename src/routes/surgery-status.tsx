import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateSurgeryStatusSearch } from '../lib/surgeries/listSearch';
import { appRoute } from './app';

/**
 * /surgery-status: both roles (SPEC §2 lists it for the medic and for the secretary). Its filters, search, order
 * and day live in the URL (listSearch), so reload and back keep them.
 */
export const surgeryStatusRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/surgery-status',
  validateSearch: validateSurgeryStatusSearch,
  component: lazyRouteComponent(() => import('../features/surgeries/SurgeryStatusPage'), 'SurgeryStatusPage'),
});
