import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { Profile } from '../../machines/session/sessionMachine';

/**
 * What every route's guard can use (STYLE §14: the router context carries the session, not a React context).
 * main.tsx wires it to the session actor; tests pass fakes.
 */
export type RouterContext = {
  session: {
    /** Resolves once the session is settled (restored, signed in or signed out): the profile or null. */
    waitForSignedInOrOut: () => Promise<Profile | null>;
    signOut: () => void;
  };
  reloadPage: () => void;
};

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});
