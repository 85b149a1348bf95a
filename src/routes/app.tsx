import { createRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/layout/AppLayout';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

/** Pathless layout of every signed-in page: the guard (signed out → /auth) and the header + menu layout. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context }) => requireSignedIn(context),
  component: AppLayout,
});
