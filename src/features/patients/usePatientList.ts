import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, firstPage, hasMorePages } from '../../lib/paging';
import { fetchPatients, PATIENT_PAGE_SIZE, type Patient } from './actors';

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

/** A new first page is on its way: the rows shown stay until it lands. */
const reloading = (current: PatientListState): PatientListState => ({
  ...current,
  status: 'loading',
  loadingMore: false,
  loadMoreFailed: false,
});

/**
 * The patients list of /patients for a (debounced) search text: the first page on every new search (older answers
 * are aborted and ignored), 'Carregar mais' appending the next page, `retry` after a failure and `refresh` after a
 * save or a delete.
 */
export function usePatientList(search: string) {
  const [state, setState] = useState<PatientListState>(INITIAL);
  const [generation, setGeneration] = useState(0);
  const moreController = useRef<AbortController | null>(null);
  // A new search starts a new first page: loading from this render on (the effect below only reads).
  const [listedSearch, setListedSearch] = useState(search);
  if (listedSearch !== search) {
    setListedSearch(search);
    setState(reloading);
  }

  useEffect(() => {
    const controller = new AbortController();
    moreController.current?.abort();
    fetchPatients({ search, offset: 0, signal: controller.signal }).then(
      // An answer renders as a transition, in slices, as the surgery list's (issue 15: a page of rows set by a plain
      // update after a fetch is one blocking render).
      (page) => {
        if (controller.signal.aborted) return;
        startTransition(() =>
          setState({ status: 'ready', ...firstPage(page, PATIENT_PAGE_SIZE), loadingMore: false, loadMoreFailed: false }),
        );
      },
      () => {
        if (!controller.signal.aborted) startTransition(() => setState({ ...INITIAL, status: 'error' }));
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
        startTransition(() =>
          setState((current) => {
            const items = appendPage(current.items, page.results);
            return {
              ...current,
              items,
              count: page.count ?? current.count,
              hasMore: hasMorePages(items.length, page.count, page.results.length, PATIENT_PAGE_SIZE),
              loadingMore: false,
            };
          }),
        );
      },
      () => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, loadingMore: false, loadMoreFailed: true }));
      },
    );
  }, [search, state.status, state.hasMore, state.loadingMore, state.items.length]);

  const refresh = useCallback(() => {
    setState(reloading);
    setGeneration((current) => current + 1);
  }, []);

  return { ...state, loadMore, retry: refresh, refresh };
}
