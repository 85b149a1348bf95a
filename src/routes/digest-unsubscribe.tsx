import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * /digest-unsubscribe#<token>: the 'stop' link of the morning digest's e-mail (issue 39 item 3), open signed in or
 * not. The token travels in the fragment, which browsers never send to a server (no access log, no Referer holds it).
 */
export const digestUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/digest-unsubscribe',
  component: lazyRouteComponent(() => import('../features/settings/DigestUnsubscribePage'), 'DigestUnsubscribePage'),
});
