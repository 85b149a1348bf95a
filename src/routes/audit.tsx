import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AuditSearch } from '../features/audit/auditSearch';
import { pickSearch } from '../lib/routeSearch';
import { appRoute } from './app';
import { requireRole } from './guards';

/**
 * /audit, 'Auditoria' (issue 16 item 2; DECISIONS §17): the medic only (a secretary is sent home, as from the other
 * medic-only pages; the API answers her 404). Its filters and page live in the URL; the page is loaded lazily.
 */
export const auditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/audit',
  // Checked by the page (validateAuditSearch): lib/routeSearch.ts says why.
  validateSearch: (search: Record<string, unknown>) => pickSearch<AuditSearch>(search, ['patient', 'actor', 'action', 'from', 'to', 'page']),
  beforeLoad: ({ context }) => requireRole(context.profile, 'medic'),
  component: lazyRouteComponent(() => import('../features/audit/AuditPage'), 'AuditPage'),
});
