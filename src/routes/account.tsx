import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requireRole } from './guards';

/** /account: the secretary's 'Minha conta' (issue 35 item 2); the medic has /settings. */
export const accountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/account',
  beforeLoad: ({ context }) => requireRole(context.profile, 'secretary'),
  component: lazyRouteComponent(() => import('../features/settings/AccountPage'), 'AccountPage'),
});
