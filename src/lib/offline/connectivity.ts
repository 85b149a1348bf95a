/**
 * Whether the SPA is offline (docs/OFFLINE.md): the browser says so (`navigator.onLine` false), or the first read
 * of a signed-in start got no answer at all (a network error: a phone on a weak signal often still reports itself
 * online). The `online` event, or a retry that gets an answer, ends it. A tiny external store for `useOffline()`.
 */
import { useSyncExternalStore } from 'react';

let startReadFailed = false;
const listeners = new Set<() => void>();

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Offline right now. */
export function isOffline(): boolean {
  return browserOffline() || startReadFailed;
}

function handleOnline(): void {
  startReadFailed = false;
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', notify);
    }
  };
}

/** Follows `online`/`offline` for callers outside React (./follow.ts); returns the unsubscribe. */
export function onConnectivityChange(listener: () => void): () => void {
  return subscribe(listener);
}

/** The first read of a signed-in start failed without an answer (fetch's TypeError): show the offline screen. */
export function noteStartReadUnanswered(error: unknown): void {
  if (!(error instanceof TypeError) || startReadFailed) return;
  startReadFailed = true;
  notify();
}

/**
 * 'Tentar novamente' on the offline screen: asks the server's health check (never cached by the service worker);
 * any answer ends the offline state. Resolves whether the app is back.
 */
export async function retryConnection(): Promise<boolean> {
  try {
    await fetch('/health', { cache: 'no-store' });
  } catch {
    return false;
  }
  if (browserOffline()) return false;
  handleOnline();
  return true;
}

/** Whether the SPA is offline, for components. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
