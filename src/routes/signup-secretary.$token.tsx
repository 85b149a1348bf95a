import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * /signup-secretary/$token: the secretary's invite signup. SPEC §2: when a profile is signed in, the user is signed
 * out and the page reloads (the invite is for someone else, or for a fresh session of the same person).
 */
export const signupSecretaryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup-secretary/$token',
  beforeLoad: async ({ context }) => {
    const profile = await context.session.waitForSignedInOrOut();
    if (profile) {
      context.session.signOut();
      context.reloadPage();
    }
  },
  component: lazyRouteComponent(() => import('../features/signup/SecretarySignupPage'), 'SecretarySignupPage'),
});
