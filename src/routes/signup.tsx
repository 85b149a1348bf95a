import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedOut } from './guards';
import { rootRoute } from './root';

/** /signup: the doctor's 3-step registration, only for signed-out users. */
export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  beforeLoad: ({ context }) => requireSignedOut(context),
  component: lazyRouteComponent(() => import('../features/signup/DoctorSignupPage'), 'DoctorSignupPage'),
});
