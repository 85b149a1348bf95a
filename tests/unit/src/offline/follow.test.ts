import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../../../../src/lib/session/session';

const erase = vi.hoisted(() => ({ eraseOfflineData: vi.fn(async () => {}) }));
const store = vi.hoisted(() => ({ readOfflineAgenda: vi.fn(async (): Promise<{ userId: number } | null> => null) }));
const sync = vi.hoisted(() => ({ connectOfflineSync: vi.fn(), requestOfflineSync: vi.fn(), SYNC_INTERVAL_MS: 300_000 }));
vi.mock('../../../../src/lib/offline/erase', () => erase);
vi.mock('../../../../src/lib/offline/agendaStore', () => store);
vi.mock('../../../../src/lib/offline/sync', () => sync);

const { followOfflineCopy } = await import('../../../../src/lib/offline/follow');

/** A session whose state the test sets: 'restoring', 'signedOut', 'failed', or signed in as a user id. */
function fakeSession() {
  let state: string | number = 'restoring';
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  const snapshot = () =>
    ({
      matches: (value: string) => (typeof state === 'number' ? value === 'signedIn' : value === state),
      context: { profile: typeof state === 'number' ? { user: { id: state } } : null },
    }) as unknown as SessionSnapshot;
  return {
    getSnapshot: snapshot,
    subscribe(listener: (snapshot: SessionSnapshot) => void) {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    set(next: string | number) {
      state = next;
      for (const listener of listeners) listener(snapshot());
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followOfflineCopy', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.clearAllTimers());

  it('erases the offline copy on a signed-out start, at sign-out and when the session ends', async () => {
    const session = fakeSession();
    const stop = followOfflineCopy(session);
    session.set('signedOut');
    expect(erase.eraseOfflineData).toHaveBeenCalledTimes(1);

    session.set(7);
    await settle();
    session.set('signedOut');
    expect(erase.eraseOfflineData).toHaveBeenCalledTimes(2);
    expect(sync.connectOfflineSync).toHaveBeenLastCalledWith(null);

    session.set(7);
    await settle();
    session.set('failed');
    expect(erase.eraseOfflineData).toHaveBeenCalledTimes(3);
    stop();
  });

  it("keeps the signed-in user's copy: read at once, then refreshed on the interval", async () => {
    const session = fakeSession();
    const stop = followOfflineCopy(session);
    session.set(7);
    await settle();
    expect(erase.eraseOfflineData).not.toHaveBeenCalled();
    expect(sync.requestOfflineSync).toHaveBeenCalledWith(0);
    const userId = sync.connectOfflineSync.mock.calls[0]![0] as () => number | null;
    expect(userId()).toBe(7);
    stop();
  });

  it("erases another user's copy before keeping the new one's", async () => {
    store.readOfflineAgenda.mockResolvedValueOnce({ userId: 3 });
    const session = fakeSession();
    const stop = followOfflineCopy(session);
    session.set(7);
    await settle();
    expect(erase.eraseOfflineData).toHaveBeenCalledTimes(1);
    expect(erase.eraseOfflineData.mock.invocationCallOrder[0]).toBeLessThan(sync.requestOfflineSync.mock.invocationCallOrder[0]!);
    stop();
  });

  it('leaves the copy alone while the session restores or a refresh runs', async () => {
    const session = fakeSession();
    const stop = followOfflineCopy(session);
    expect(erase.eraseOfflineData).not.toHaveBeenCalled();
    session.set(7);
    await settle();
    session.set(7);
    expect(sync.requestOfflineSync).toHaveBeenCalledTimes(1);
    stop();
  });
});
