import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homePanels } from '../features/home/homePanels';
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
  // The role's panels download beside the page's chunk, not after it has rendered. A failed download is HomePage's to
  // show (it asks again).
  loader: ({ context }) => {
    homePanels[context.profile.type].load().catch(() => {});
  },
  component: lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage'),
});
