/**
 * SPA entry: global styles, the router wired to the session actor, the toaster.
 */
import { StrictMode, startTransition, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import {
  reloadProfileFromServer,
  sessionActor,
  useSession,
  waitForSignedInOrOut,
} from './lib/session/session';
import { takeReturnPlace } from './lib/session/expiredSession';
import { warmUpFormatters } from './lib/format/warmUp';
import { applyGlobalStyles } from './lib/theme';
import { AppToaster } from './lib/toast';
import { reportUnexpectedErrors } from './lib/unexpectedErrors';
import { createAppRouter } from './router';

applyGlobalStyles();
reportUnexpectedErrors();

const router = createAppRouter({
  context: {
    session: {
      waitForSignedInOrOut,
      signOut: () => sessionActor.send({ type: 'session.signOut' }),
      takeReturnPlace,
    },
    reloadPage: () => window.location.reload(),
  },
});

void reloadProfileFromServer();

// Signed in (a stored session, or once the sign-in succeeds): the formatters are made before the first page needs them.
if (sessionActor.getSnapshot().matches('signedIn')) warmUpFormatters();
else {
  const untilSignedIn = sessionActor.subscribe((snapshot) => {
    if (!snapshot.matches('signedIn')) return;
    untilSignedIn.unsubscribe();
    warmUpFormatters();
  });
}

/** Re-runs the route guards whenever the session settles into another signed-in/out state (STYLE anti-pattern 5). */
function useInvalidateOnSessionChange() {
  const { status, profile } = useSession();
  const key =
    status === 'signedIn' && profile ? `in:${profile.type}:${profile.user.id}` : status === 'signedOut' ? 'out' : null;
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || key === lastKey.current) return;
    const isFirst = lastKey.current === null;
    lastKey.current = key;
    if (!isFirst) void router.invalidate();
  }, [key]);
}

function App() {
  useInvalidateOnSessionChange();
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render as a transition: React renders it in slices instead of one long task (issue 15: blocking time).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
