import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { Profile } from '../../machines/session/sessionMachine';
import type { Place } from '../lib/session/expiredSession';

/**
 * What every route's guard can use (STYLE §14: the router context carries the session, not a React context).
 * main.tsx wires it to the session actor; tests pass fakes.
 */
export type RouterContext = {
  session: {
    /** Resolves once the session is settled (restored, signed in or signed out): the profile or null. */
    waitForSignedInOrOut: () => Promise<Profile | null>;
    signOut: () => void;
    /** After a session that ended on its own: where the user was (and forgets it); otherwise null. */
    takeReturnPlace: () => Place | null;
  };
  reloadPage: () => void;
};

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});
