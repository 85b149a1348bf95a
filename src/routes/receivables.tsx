import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { ReceivablesSearch } from '../features/receivables/receivablesSearch';
import { pickSearch } from '../lib/routeSearch';
import { appRoute } from './app';

/** /receivables, 'A receber' (issue 14 item 3): both roles. Its filters and page live in the URL. */
export const receivablesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/receivables',
  // Checked by the page (validateReceivablesSearch): lib/routeSearch.ts says why.
  validateSearch: (search: Record<string, unknown>) =>
    pickSearch<ReceivablesSearch>(search, ['payer', 'bucket', 'appeals', 'medic', 'q', 'as_of', 'page']),
  component: lazyRouteComponent(() => import('../features/receivables/ReceivablesPage'), 'ReceivablesPage'),
});
