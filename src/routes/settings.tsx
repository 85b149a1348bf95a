import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app';
import { requireRole } from './guards';

/** /settings: medic only. */
export const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  beforeLoad: ({ context }) => requireRole(context.profile, 'medic'),
  component: lazyRouteComponent(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
});
