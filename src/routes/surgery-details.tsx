import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from './app';

/** A usable case id from navigation state, or null. */
function surgeryIdFromState(state: { id?: unknown }): number | null {
  const { id } = state;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /surgery-details: both roles; the surgery id arrives in navigation state (SPEC §2). Without it the user is sent
 * to /patients-surgery (SPEC §2; that route sends a medic on to /).
 */
export const surgeryDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/surgery-details',
  beforeLoad: ({ location }) => {
    if (surgeryIdFromState(location.state) === null) throw redirect({ to: '/patients-surgery', replace: true });
  },
  component: lazyRouteComponent(() => import('../features/surgeries/SurgeryDetailsPage'), 'SurgeryDetailsPage'),
});
