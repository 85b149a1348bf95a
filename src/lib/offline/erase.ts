/**
 * Erasure of everything this device keeps of a user for offline use (docs/OFFLINE.md, docs/PRIVACY.md): the offline
 * agenda's IndexedDB database and every Cache Storage cache but the application shell's (the shell holds the built
 * SPA only, the same for everyone; the service worker never caches an API response, so any other cache is removed as
 * a safeguard). Run at sign-out (here or in another tab), when the session ends on its own, on every signed-out page
 * load (which also finishes an erasure a reload cut short) and before another user's copy is kept.
 */
import { deleteOfflineDatabase } from './agendaStore';
import { SHELL_CACHE_PREFIX } from './shellCache';

let erasures = 0;

/** Counts erasures, so a copy read before one is never written after it (./sync.ts). */
export function erasureCount(): number {
  return erasures;
}

async function deleteUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith(SHELL_CACHE_PREFIX)).map((name) => caches.delete(name)));
}

/** Deletes the offline database and the non-shell caches; never rejects. */
export async function eraseOfflineData(): Promise<void> {
  erasures += 1;
  await Promise.all([deleteOfflineDatabase(), deleteUserCaches().catch(() => undefined)]);
}
