/**
 * Names shared by the service worker (scripts/serviceWorker.ts writes dist/sw.js) and the SPA's erasure
 * (./erase.ts): what the device keeps for the installable app (docs/OFFLINE.md).
 */

/** Every application-shell cache is named this plus the build's version; it holds no user data. */
export const SHELL_CACHE_PREFIX = 'cirurgias-shell-';

/** The IndexedDB database of the offline agenda (./agendaStore.ts): the one place user data is kept for offline use. */
export const OFFLINE_DATABASE = 'cirurgias-offline';
