/**
 * Ties the offline copy to the session (docs/OFFLINE.md): signed in, the copy is the user's and is refreshed at
 * start, every few minutes while the app is open and when the connection comes back (the home refreshes it too);
 * signed out by any way (here, in another tab, at start with nobody signed in) or the session ended (`failed`, before
 * its reload), everything offline is erased; another user signing in on the device erases the last one's copy first.
 * Drafts follow the session the same way (followDraftOwner in src/lib/session/session.ts).
 */
import type { SessionSnapshot } from '../session/session';
import { readOfflineAgenda } from './agendaStore';
import { onConnectivityChange } from './connectivity';
import { eraseOfflineData } from './erase';

type SessionSource = {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: (snapshot: SessionSnapshot) => void): { unsubscribe(): void };
};

/** How often the open app looks whether the copy is older than the refresh interval. */
const CHECK_EVERY_MS = 60_000;

/** 'in:<id>' signed in, 'out' signed out or ended, null in between (restoring, signing in, second factor). */
function sessionKey(snapshot: SessionSnapshot): string | null {
  if (snapshot.matches('signedIn')) {
    const id = snapshot.context.profile?.user.id;
    return id === undefined ? null : `in:${id}`;
  }
  return snapshot.matches('signedOut') || snapshot.matches('failed') ? 'out' : null;
}

/** Follows `session` until the returned function is called. */
export function followOfflineCopy(session: SessionSource): () => void {
  let key: string | null = null;
  let userId: number | null = null;
  let stopRefreshing: (() => void) | null = null;

  async function keepFor(user: number): Promise<void> {
    const stored = await readOfflineAgenda();
    if (stored && stored.userId !== user) await eraseOfflineData();
    const { connectOfflineSync, requestOfflineSync, SYNC_INTERVAL_MS } = await import('./sync');
    if (userId !== user) return;
    connectOfflineSync(() => userId);
    requestOfflineSync(0);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') requestOfflineSync(SYNC_INTERVAL_MS);
    }, CHECK_EVERY_MS);
    const unfollow = onConnectivityChange(() => requestOfflineSync());
    stopRefreshing = () => {
      clearInterval(timer);
      unfollow();
      connectOfflineSync(null);
    };
  }

  function handle(snapshot: SessionSnapshot): void {
    const next = sessionKey(snapshot);
    if (next === null || next === key) return;
    key = next;
    stopRefreshing?.();
    stopRefreshing = null;
    if (next === 'out') {
      userId = null;
      void eraseOfflineData();
      return;
    }
    userId = Number(next.slice(3));
    void keepFor(userId).catch(() => undefined);
  }

  handle(session.getSnapshot());
  const subscription = session.subscribe(handle);
  return () => {
    subscription.unsubscribe();
    stopRefreshing?.();
  };
}
