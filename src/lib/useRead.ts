/**
 * The one way a screen reads (SPEC §7: failed reads are silent, each screen shows its own states): `load` returns a
 * `ReadResult` (src/api/read.ts) and runs when `deps` change and again on `retry`; the screen gets one `ReadState`.
 * A read superseded by a change, a retry or an unmount is aborted and its answer never lands. `replace` puts a
 * write's answer in place of the value read (the ledger or the OPME list as a write left it).
 */
import { startTransition, useCallback, useEffect, useEffectEvent, useState, type DependencyList } from 'react';
import type { ReadResult } from '../api/read';

/** `empty`: the server has nothing there (a 404). */
type ReadState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'empty' } | { status: 'error' };

/** The state of a read whose thing is always there (a list, the dashboard): finding nothing is a failed read. */
export type FoundState<T> = Exclude<ReadState<T>, { status: 'empty' }>;

export function found<T>(state: ReadState<T>): FoundState<T> {
  return state.status === 'empty' ? { status: 'error' } : state;
}

export type Read<T> = { state: ReadState<T>; retry: () => void; replace: (update: (value: T) => T) => void };

const LOADING = { status: 'loading' } as const;

/** One run of the read: a new object for every change of `deps` and every retry. */
type Request = { deps: DependencyList };

const sameDeps = (a: DependencyList, b: DependencyList) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

function stateOf<T>(result: ReadResult<T>): ReadState<T> {
  if (result.kind === 'ok') return { status: 'ready', value: result.value };
  return result.kind === 'notFound' ? { status: 'empty' } : { status: 'error' };
}

export function useRead<T>(load: (signal: AbortSignal) => Promise<ReadResult<T>>, deps: DependencyList): Read<T> {
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
      (result) => {
        if (!controller.signal.aborted) startTransition(() => setAnswer({ request, state: stateOf(result) }));
      },
      () => {
        if (!controller.signal.aborted) startTransition(() => setAnswer({ request, state: { status: 'error' } }));
      },
    );
    return () => controller.abort();
  }, [request]);

  const retry = useCallback(() => setRequest((current) => ({ deps: current.deps })), []);
  const replace = useCallback(
    (update: (value: T) => T) =>
      setAnswer((current) =>
        current?.request === request && current.state.status === 'ready'
          ? { request, state: { status: 'ready', value: update(current.state.value) } }
          : current,
      ),
    [request],
  );
  return { state: answer?.request === request ? answer.state : LOADING, retry, replace };
}
