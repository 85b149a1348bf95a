import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

/** Pathless layout of every signed-in page: the guard (signed out → /auth) and the header + menu layout. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context }) => requireSignedIn(context),
  // Loaded with the first signed-in page, not by /auth (issue 15: the login page near the framework's floor).
  component: lazyRouteComponent(() => import('../components/layout/AppLayout'), 'AppLayout'),
});
