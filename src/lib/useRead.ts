/**
 * The one way a screen reads (SPEC §7: failed reads are silent, each screen shows its own states): `load` returns a
 * `ReadResult` (src/api/read.ts) and runs when `deps` change and again on `retry`; the screen gets one `ReadState`.
 * A read superseded by a change, a retry or an unmount is aborted and its answer never lands. `replace` puts a
 * write's answer in place of the value read (the ledger or the OPME list as a write left it). `reload` reads again
 * after a write while the screen keeps what it shows; a failed reload keeps the value read. With
 * `keepWhileReloading`, a new read (new deps, a retry) is `loading` with the last value (a list under a new search).
 */
import { startTransition, useCallback, useEffect, useEffectEvent, useState, type DependencyList } from 'react';
import type { ReadResult } from '../api/read';

/** `empty`: the server has nothing there (a 404). `loading`'s value: the last one, with `keepWhileReloading`. */
type ReadState<T> = { status: 'loading'; value?: T } | { status: 'ready'; value: T } | { status: 'empty' } | { status: 'error' };

/** The state of a read whose thing is always there (a list, the dashboard): finding nothing is a failed read. */
export type FoundState<T> = Exclude<ReadState<T>, { status: 'empty' }>;

export function found<T>(state: ReadState<T>): FoundState<T> {
  return state.status === 'empty' ? { status: 'error' } : state;
}

export type Read<T> = {
  state: ReadState<T>;
  retry: () => void;
  reload: () => void;
  replace: (update: (value: T) => T) => void;
};

const LOADING = { status: 'loading' } as const;

/** One run of the read: a new object for every change of `deps`, every retry and every reload (`quiet`). */
type Request = { deps: DependencyList; quiet?: boolean };

type Answer<T> = { request: Request; state: ReadState<T> };

const sameDeps = (a: DependencyList, b: DependencyList) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

function stateOf<T>(result: ReadResult<T>): ReadState<T> {
  if (result.kind === 'ok') return { status: 'ready', value: result.value };
  return result.kind === 'notFound' ? { status: 'empty' } : { status: 'error' };
}

/** What shows while `request` runs: a reload keeps the last answer; `keepWhileReloading` keeps its value. */
function pending<T>(request: Request, last: Answer<T> | null, keep: boolean): ReadState<T> {
  if (request.quiet && last) return last.state;
  return keep && last?.state.status === 'ready' ? { status: 'loading', value: last.state.value } : LOADING;
}

/** A reload that failed keeps the value read. */
function settled<T>(request: Request, last: Answer<T> | null, state: ReadState<T>): Answer<T> {
  const kept = request.quiet && state.status !== 'ready' && last?.state.status === 'ready';
  return { request, state: kept ? last.state : state };
}

export function useRead<T>(
  load: (signal: AbortSignal) => Promise<ReadResult<T>>,
  deps: DependencyList,
  options: { keepWhileReloading?: boolean } = {},
): Read<T> {
  const [request, setRequest] = useState<Request>({ deps });
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
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
        if (!controller.signal.aborted) startTransition(() => setAnswer((last) => settled(request, last, stateOf(result))));
      },
      () => {
        if (!controller.signal.aborted) startTransition(() => setAnswer((last) => settled(request, last, { status: 'error' })));
      },
    );
    return () => controller.abort();
  }, [request]);

  const retry = useCallback(() => setRequest((current) => ({ deps: current.deps })), []);
  const reload = useCallback(() => setRequest((current) => ({ deps: current.deps, quiet: true })), []);
  // The value shown is replaced, even while a reload runs (its answer then replaces it in turn).
  const replace = useCallback(
    (update: (value: T) => T) =>
      setAnswer((current) =>
        current?.state.status === 'ready' ? { ...current, state: { status: 'ready', value: update(current.state.value) } } : current,
      ),
    [],
  );
  const state = answer?.request === request ? answer.state : pending(request, answer, options.keepWhileReloading === true);
  return { state, retry, reload, replace };
}
