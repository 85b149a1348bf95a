/**
 * A page's first read, started by its route's loader beside the download of the page's chunk rather than once the
 * chunk has loaded and rendered (issue 41 goal 7: on a phone the case page waited for ~20 scripts before it asked for
 * the case, and its largest paint, the patient's name, for that answer). One slot: the page takes the read once, by
 * its key, while it is fresh; any other read, a retry or a later visit reads anew.
 */
import type { ReadResult } from '../api/read';

/** Older than this, a prefetched answer is not used (a page that took this long to load reads again). */
const FRESH_MS = 10_000;

type Prefetched = { key: string; startedAt: number; result: Promise<ReadResult<unknown>> };

let slot: Prefetched | null = null;

export function prefetchRead<T>(key: string, load: () => Promise<ReadResult<T>>): void {
  const result = load();
  // Taken by the page or dropped: a rejection (never a ReadResult's failure, which resolves) is the page's to see.
  result.catch(() => {});
  slot = { key, startedAt: Date.now(), result };
}

/** The read prefetched for `key`, once; null when there is none, another key's or a stale one. */
export function takePrefetchedRead<T>(key: string): Promise<ReadResult<T>> | null {
  const taken = slot;
  if (!taken || taken.key !== key || Date.now() - taken.startedAt > FRESH_MS) return null;
  slot = null;
  return taken.result as Promise<ReadResult<T>>;
}
