/**
 * One read a screen shows with its own loading and failure states (SPEC §7: failed reads are silent): `load` runs
 * when `deps` change and again on `retry`; a read superseded by a change, a retry or an unmount is aborted and its
 * answer never lands. `load` rejects for a failed read.
 */
import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type ReadState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

export function useRetryableRead<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): { state: ReadState<T>; retry: () => void } {
  const [state, setState] = useState<ReadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'ready', value });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
    // `load` is read fresh on each run; what it depends on is passed in `deps` by the caller.
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  return { state, retry };
}
