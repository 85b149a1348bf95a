import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchPatients, PATIENT_PAGE_SIZE, type Patient } from './actors';

/** SPEC §9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 800;

export type PatientListState = {
  status: 'loading' | 'ready' | 'error';
  items: Patient[];
  /** Total matching the search when the server says so (else null). */
  count: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
};

const INITIAL: PatientListState = {
  status: 'loading',
  items: [],
  count: null,
  hasMore: false,
  loadingMore: false,
  loadMoreFailed: false,
};

function hasMoreAfter(loaded: number, pageLength: number, count: number | null): boolean {
  return count !== null ? loaded < count : pageLength === PATIENT_PAGE_SIZE;
}

/**
 * The value, `delay` ms after it stopped changing. An empty text passes at once (clearing the search shows the
 * whole list without waiting).
 */
export function useDebouncedText(value: string, delay = SEARCH_DEBOUNCE_MS): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (value === '') {
      setDebounced('');
      return undefined;
    }
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The patients list of /patients for a (debounced) search text: the first page on every new search (older answers
 * are aborted and ignored), 'Carregar mais' appending the next page, `retry` after a failure and `refresh` after a
 * save or a delete.
 */
export function usePatientList(search: string) {
  const [state, setState] = useState<PatientListState>(INITIAL);
  const [generation, setGeneration] = useState(0);
  const moreController = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    moreController.current?.abort();
    setState((current) => ({ ...current, status: 'loading', loadingMore: false, loadMoreFailed: false }));
    fetchPatients({ search, offset: 0, signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'ready',
          items: page.results,
          count: page.count,
          hasMore: hasMoreAfter(page.results.length, page.results.length, page.count),
          loadingMore: false,
          loadMoreFailed: false,
        });
      },
      () => {
        if (!controller.signal.aborted) setState({ ...INITIAL, status: 'error' });
      },
    );
    return () => controller.abort();
  }, [search, generation]);

  useEffect(() => () => moreController.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
    const controller = new AbortController();
    moreController.current = controller;
    const offset = state.items.length;
    setState((current) => ({ ...current, loadingMore: true, loadMoreFailed: false }));
    fetchPatients({ search, offset, signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState((current) => {
          const known = new Set(current.items.map((item) => item.id));
          const items = [...current.items, ...page.results.filter((item) => !known.has(item.id))];
          return {
            ...current,
            items,
            count: page.count ?? current.count,
            hasMore: hasMoreAfter(items.length, page.results.length, page.count),
            loadingMore: false,
          };
        });
      },
      () => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, loadingMore: false, loadMoreFailed: true }));
      },
    );
  }, [search, state.status, state.hasMore, state.loadingMore, state.items.length]);

  const refresh = useCallback(() => setGeneration((current) => current + 1), []);

  return { ...state, loadMore, retry: refresh, refresh };
}
