import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedOut } from './guards';
import { rootRoute } from './root';

/** /auth: sign-in, only for signed-out users. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  beforeLoad: ({ context }) => requireSignedOut(context),
  component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
});
