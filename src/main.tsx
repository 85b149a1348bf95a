/**
 * SPA entry: global styles, the router wired to the session actor, the toaster; the installable app's service worker,
 * the offline copy following the session and, while a signed-in user has no connection, the offline screen instead
 * of the app (docs/OFFLINE.md).
 */
import { Activity, StrictMode, startTransition, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import {
  reloadProfileFromServer,
  sessionActor,
  useSession,
  waitForSignedInOrOut,
} from './lib/session/session';
import { takeReturnPlace } from './lib/session/expiredSession';
import { chunkComponent, useChunkComponent } from './lib/chunkComponent';
import { isOffline, useOffline } from './lib/offline/connectivity';
import { afterLoad, registerServiceWorker } from './lib/offline/registerServiceWorker';
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

/** `task` when the main thread is next idle (at the latest after a few seconds). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 3_000 });
  else setTimeout(task, 0);
}

/**
 * The app's upkeep in the background waits for the first screen: after `load`, once the router has resolved its first
 * page, in an idle moment. A page's own chunks (all of /auth's) come after `load`, and this work, started at `load`,
 * stood in their way to the first paint (issue 41, docs/BENCHMARKS.md). A start without connection does not wait for
 * the router (the app is not mounted then).
 */
function afterFirstScreen(task: () => void): void {
  afterLoad(() => {
    if (isOffline() || router.state.resolvedLocation) {
      whenIdle(task);
      return;
    }
    const unsubscribe = router.subscribe('onResolved', () => {
      unsubscribe();
      whenIdle(task);
    });
  });
}

void reloadProfileFromServer();
// The service worker, and the offline copy that follows the session from a chunk of its own (not part of /auth's
// first download); the follower reads the session's state as it finds it, so nothing is missed meanwhile.
afterFirstScreen(() => {
  registerServiceWorker();
  void import('./lib/offline/follow').then((module) => module.followOfflineCopy(sessionActor)).catch(() => undefined);
});

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

/** The offline screen, in a chunk of its own that the service worker keeps with the shell (scripts/serviceWorker.ts). */
const offlineScreen = chunkComponent(() => import('./features/offline/OfflineAgendaPage').then((module) => module.OfflineAgendaPage));

function OfflineScreen({ userId }: { userId: number }) {
  const { Component } = useChunkComponent(offlineScreen);
  return Component ? <Component userId={userId} onSignOut={() => sessionActor.send({ type: 'session.signOut' })} /> : null;
}

/** The signed-in user's id while the offline screen stands in for the app, else null. */
function useOfflineUser(): number | null {
  const offline = useOffline();
  const { status, profile } = useSession();
  const signedIn = status === 'signedIn' || status === 'refreshing';
  return offline && signedIn && profile ? profile.user.id : null;
}

/**
 * The app, or the offline screen over it. The app is not mounted at all by a start without connection (its pages
 * would only fail their reads); once it was shown, going offline hides it in an Activity, so what was on screen (a form
 * being typed) is there again, as it was, when the connection returns.
 */
function App() {
  useInvalidateOnSessionChange();
  const offlineUser = useOfflineUser();
  const { status } = useSession();
  const settled = status !== 'restoring';
  const [appShown, setAppShown] = useState(() => !isOffline());
  if (!appShown && settled && offlineUser === null) setAppShown(true);
  return (
    <>
      {appShown ? (
        <Activity mode={offlineUser === null ? 'visible' : 'hidden'}>
          <RouterProvider router={router} />
        </Activity>
      ) : null}
      {offlineUser !== null ? <OfflineScreen userId={offlineUser} /> : null}
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
