import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateReceivablesSearch } from '../features/receivables/receivablesSearch';
import { appRoute } from './app';

/** /receivables, 'A receber' (issue 14 item 3): both roles. Its filters and page live in the URL. */
export const receivablesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/receivables',
  validateSearch: validateReceivablesSearch,
  component: lazyRouteComponent(() => import('../features/receivables/ReceivablesPage'), 'ReceivablesPage'),
});
