/**
 * The first page of a visit renders the part inside this in a render of its own, at transition priority, after the
 * render that mounts the page has been committed (issue 41 goal 7: blocking time).
 *
 * Why: the router mounts a page through its store (useSyncExternalStore), so that render runs at blocking priority, in
 * one task, however large the page (/surgery-status's filters, table and cards: one task of ~180 ms at a 4× slowed
 * CPU, docs/BENCHMARKS.md). A transition render is done in slices of a few milliseconds, with the browser free between
 * them. So the page's frame (its title, the home's greeting, the case's header) commits first, and what is inside this
 * follows a moment later, in slices.
 *
 * Only the first page: there the place is empty until the page arrives anyway. Once a deferred part has been shown,
 * or the visit has moved to another address (src/router.tsx calls `endFirstPage`), parts render at once, as before,
 * so a navigation never shows a page without its content.
 */
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';

let onFirstPage = true;

/** The visit has left its first page: nothing more is deferred. */
export function endFirstPage(): void {
  onFirstPage = false;
}

export function DeferredOnFirstPage({ children }: { children: ReactNode }) {
  const [deferred] = useState(() => onFirstPage);
  // On a deferred mount the first render gives false, and React renders again with true as a transition.
  const shown = useDeferredValue(true, !deferred);
  useEffect(() => {
    if (shown) endFirstPage();
  }, [shown]);
  return shown ? children : null;
}
