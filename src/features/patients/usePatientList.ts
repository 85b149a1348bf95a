import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, firstPage, hasMorePages } from '../../lib/paging';
import { useRead } from '../../lib/useRead';
import type { Patient } from './actors';
import { fetchPatients, PATIENT_PAGE_SIZE } from './patientList';

type Rows = {
  items: Patient[];
  /** Total matching the search when the server says so (else null). */
  count: number | null;
  hasMore: boolean;
};

export type PatientListState = Rows & {
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  loadMoreFailed: boolean;
};

const NO_ROWS: Rows = { items: [], count: null, hasMore: false };
const IDLE = { loadingMore: false, loadMoreFailed: false };

/**
 * The patients list of /patients for a (debounced) search text: the first page on every new search (older answers
 * are aborted and ignored; the rows shown stay until it lands), 'Carregar mais' appending the next page, `retry`
 * after a failure and `refresh` after a save or a delete.
 */
export function usePatientList(search: string) {
  const list = useRead(
    async (signal) => ({ kind: 'ok' as const, value: firstPage(await fetchPatients({ search, offset: 0, signal }), PATIENT_PAGE_SIZE) }),
    [search],
    { keepWhileReloading: true },
  );
  const [more, setMore] = useState(IDLE);
  const moreController = useRef<AbortController | null>(null);
  // A new first page drops the page being added.
  const stopMore = useCallback(() => {
    moreController.current?.abort();
    setMore(IDLE);
  }, []);
  const [listedSearch, setListedSearch] = useState(search);
  if (listedSearch !== search) {
    setListedSearch(search);
    setMore(IDLE);
  }
  useEffect(() => () => moreController.current?.abort(), [search]);

  const { state, replace } = list;
  const rows = state.status === 'ready' || state.status === 'loading' ? (state.value ?? NO_ROWS) : NO_ROWS;
  const status = state.status === 'empty' ? 'error' : state.status;

  const loadMore = useCallback(() => {
    if (status !== 'ready' || !rows.hasMore || more.loadingMore) return;
    const controller = new AbortController();
    moreController.current = controller;
    setMore({ loadingMore: true, loadMoreFailed: false });
    fetchPatients({ search, offset: rows.items.length, signal: controller.signal }).then(
      // An answer renders as a transition, in slices, as the surgery list's (issue 15).
      (page) => {
        if (controller.signal.aborted) return;
        startTransition(() => {
          replace((current) => {
            const items = appendPage(current.items, page.results);
            const hasMore = hasMorePages(items.length, page.count, page.results.length, PATIENT_PAGE_SIZE);
            return { items, count: page.count ?? current.count, hasMore };
          });
          setMore(IDLE);
        });
      },
      () => {
        if (!controller.signal.aborted) setMore({ loadingMore: false, loadMoreFailed: true });
      },
    );
  }, [search, status, rows, more.loadingMore, replace]);

  const { retry } = list;
  const refresh = useCallback(() => {
    stopMore();
    retry();
  }, [stopMore, retry]);

  const shown: PatientListState = { status, ...rows, ...more };
  return { ...shown, loadMore, retry: refresh, refresh };
}
