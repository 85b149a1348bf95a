/**
 * Registers the service worker that keeps the application shell for offline starts (dist/sw.js, written by
 * scripts/serviceWorker.ts at build time; docs/OFFLINE.md). Production builds only (the dev server has no sw.js),
 * and once the first screen is up (src/main.tsx), so its installation never competes with it for the network.
 */

/** Runs `task` once the page has loaded (at once when it already has). */
export function afterLoad(task: () => void): void {
  if (typeof document === 'undefined' || document.readyState === 'complete') task();
  else window.addEventListener('load', task, { once: true });
}

/** Registers it now: src/main.tsx calls it once the first screen is up. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No shell for offline starts on this device (private mode, a blocked worker): the app works online as ever.
  });
}
