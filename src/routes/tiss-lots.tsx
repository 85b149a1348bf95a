import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';

/** /tiss-lots, 'Lotes TISS' (issue 37): both roles; a secretary picks which of her medics' guides and lots. */
export const tissLotsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tiss-lots',
  component: lazyRouteComponent(() => import('../features/tiss/TissLotsPage'), 'TissLotsPage'),
});

/** /tiss-guide/$id: a generated guide laid out as the ANS paper form, to print (A4 landscape). Both roles. */
export const tissGuideRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tiss-guide/$id',
  component: lazyRouteComponent(() => import('../features/tiss/TissGuidePrintPage'), 'TissGuidePrintPage'),
});
