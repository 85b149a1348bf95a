import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';

/** /document-checklists, 'Documentos exigidos' (issue 13 item 2): both roles. */
export const documentChecklistsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/document-checklists',
  component: lazyRouteComponent(() => import('../features/checklists/DocumentChecklistsPage'), 'DocumentChecklistsPage'),
});
