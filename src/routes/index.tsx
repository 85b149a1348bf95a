import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateHomeSearch } from '../lib/surgeries/listSearch';
import { appRoute } from './app';

/**
 * /: the home, different per role. The calendar's day and the secretary's 'Alterações de status' filters live in the
 * URL (listSearch), so reload and back keep them.
 */
export const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  validateSearch: validateHomeSearch,
  component: lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage'),
});
