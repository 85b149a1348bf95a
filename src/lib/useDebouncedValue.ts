import { useEffect, useState } from 'react';

/** SPEC §9: a search waits 800 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 800;

/** For `passAtOnce`: an empty text needs no wait (clearing a search shows the whole list at once). */
export const isEmptyText = (value: string): boolean => value === '';

/**
 * The value, once it has stopped changing for `delayMs`. A value `passAtOnce` accepts is passed without waiting;
 * give a stable function (module level), since it is an effect dependency.
 */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS, passAtOnce?: (value: T) => boolean): T {
  const [debounced, setDebounced] = useState(value);
  const atOnce = passAtOnce?.(value) ?? false;
  // Taken during this render, so that a later value waits from this one, not from an older one.
  if (atOnce && !Object.is(debounced, value)) setDebounced(value);
  useEffect(() => {
    if (atOnce) return undefined;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, atOnce]);
  return atOnce ? value : debounced;
}
