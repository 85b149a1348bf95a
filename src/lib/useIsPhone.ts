/**
 * Whether the window is narrower than the md breakpoint (a phone), read synchronously on the first render and kept
 * current as the window changes (a rotated phone). For what must change order, not only look, on a phone: the homes
 * put 'Pacientes do dia' first there (issue 33 item 13), in the document's order too, so a screen reader meets it first.
 */
import { useSyncExternalStore } from 'react';
import { breakpoints } from './theme';

const QUERY = `(max-width: ${breakpoints.md - 1}px)`;

function subscribe(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const read = () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
