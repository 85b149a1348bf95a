import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** /forgot-password: 'Esqueci minha senha' (issue 35 item 1), open to anyone. */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
});
