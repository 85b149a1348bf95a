/**
 * One read a screen shows with its own loading and failure states (SPEC §7: failed reads are silent): `load` runs
 * when `deps` change and again on `retry`; a read superseded by a change, a retry or an unmount is aborted and its
 * answer never lands. `load` rejects for a failed read.
 */
import { startTransition, useCallback, useEffect, useEffectEvent, useState, type DependencyList } from 'react';

export type ReadState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

const LOADING = { status: 'loading' } as const;

/** One run of the read: a new object for every change of `deps` and every retry. */
type Request = { deps: DependencyList };

const sameDeps = (a: DependencyList, b: DependencyList) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

export function useRetryableRead<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): { state: ReadState<T>; retry: () => void } {
  const [request, setRequest] = useState<Request>({ deps });
  const [answer, setAnswer] = useState<{ request: Request; state: ReadState<T> } | null>(null);
  // New deps start a new read at once, during this render (no loading frame with the old answer).
  if (!sameDeps(request.deps, deps)) setRequest({ deps });
  // `load` is read fresh on each run; what it depends on is passed in `deps` by the caller.
  const runLoad = useEffectEvent(load);

  useEffect(() => {
    const controller = new AbortController();
    runLoad(controller.signal).then(
      // An answer renders as a transition: React renders it in slices and keeps the page responsive meanwhile
      // (a home shows several panels and a table at once; issue 15: Lighthouse's blocking time).
      (value) => {
        if (!controller.signal.aborted) startTransition(() => setAnswer({ request, state: { status: 'ready', value } }));
      },
      () => {
        if (!controller.signal.aborted) startTransition(() => setAnswer({ request, state: { status: 'error' } }));
      },
    );
    return () => controller.abort();
  }, [request]);

  const retry = useCallback(() => setRequest((current) => ({ deps: current.deps })), []);
  return { state: answer?.request === request ? answer.state : LOADING, retry };
}
