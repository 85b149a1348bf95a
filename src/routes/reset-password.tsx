import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * /reset-password#<token>: the new password's page of an e-mailed link (issue 35 item 1). The token travels in the
 * fragment, which browsers never send to a server (no access log, no Referer holds it).
 */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: lazyRouteComponent(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});
