import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

/** Catch-all: any unknown path goes to /auth (SPEC §2; /auth itself sends a signed-in user home). */
export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/auth', replace: true });
  },
});
