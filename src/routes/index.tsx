import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';

/** /: the home, different per role. */
export const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage'),
});
