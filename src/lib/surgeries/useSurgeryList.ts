/**
 * Reads the surgery list page by page (GET /surgery/api/v1/surgery/ with `limit`/`offset`, `count` = total).
 * A change of filters starts over (and aborts the read in flight); 'Carregar mais' appends the next page.
 * A failed read leaves an empty list (SPEC §7: silently) and says so, so the screen can offer a retry.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { CaseStatus } from '../../../machines/constants';
import { appendPage, firstPage, hasMorePages } from '../paging';
import { listSurgeries, type Surgery, type SurgeryOrdering } from '../../api/surgeryList';

/** Cases per page: a screenful on a desktop, cheap on a phone. */
const SURGERY_PAGE_SIZE = 50;

type SurgeryListFilters = {
  /** Null: no `status__in` (the server lists every stage but concluido). */
  statuses: readonly CaseStatus[] | null;
  /** yyyy-MM-dd, or null for every day. */
  date: string | null;
  /** The list's order; omitted: the server's default (scheduled day first). */
  ordering?: SurgeryOrdering;
  /** The patient's name or CPF ('' or omitted: no search). */
  search?: string;
  /** Cases per page (default SURGERY_PAGE_SIZE). */
  pageSize?: number;
  /** Only overdue cases ('Atrasados'). */
  overdue?: boolean;
  /** Only the signed-in user's cases ('Minhas pendências'). */
  mine?: boolean;
};

export type SurgeryListState = {
  status: 'loading' | 'ready' | 'error';
  items: Surgery[];
  /** Total of matching cases (null when the server does not say). */
  count: number | null;
  /** A search that matched nothing in the stages asked: how many closed cases it matches (issue 33 item 12). */
  closedCount: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last 'Carregar mais' failed (the loaded rows stay). */
  moreFailed: boolean;
  loadMore: () => void;
  retry: () => void;
};

const LOADING: Omit<SurgeryListState, 'loadMore' | 'retry'> = {
  status: 'loading',
  items: [],
  count: null,
  closedCount: null,
  hasMore: false,
  loadingMore: false,
  moreFailed: false,
};

function statusesOf(key: string): CaseStatus[] | null {
  return key === '' ? null : (key.split(',') as CaseStatus[]);
}

export function useSurgeryList(filters: SurgeryListFilters): SurgeryListState {
  const statusKey = filters.statuses === null ? '' : filters.statuses.join(',');
  const { date, ordering, search = '', pageSize = SURGERY_PAGE_SIZE, overdue = false, mine = false } = filters;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<SurgeryListState, 'loadMore' | 'retry'>>(LOADING);
  const moreController = useRef<AbortController | null>(null);
  // Other filters start a new first page: loading from this render on (the effect below only reads). The search
  // comes last in the key, so a "|" typed in it cannot make two filter sets look alike.
  const filtersKey = `${statusKey}|${date}|${ordering}|${pageSize}|${overdue}|${mine}|${search}`;
  const [listedKey, setListedKey] = useState(filtersKey);

  useEffect(() => {
    const controller = new AbortController();
    moreController.current?.abort();
    listSurgeries(
      { statuses: statusesOf(statusKey), date, ordering, search, overdue, mine, limit: pageSize, offset: 0 },
      controller.signal,
    ).then(
      // An answer renders as a transition, in slices (a page of rows is the largest render of a list screen; as a
      // plain update after a fetch React renders it in one blocking task: issue 15, Lighthouse's blocking time).
      (page) => {
        if (controller.signal.aborted) return;
        startTransition(() =>
          setState({ status: 'ready', ...firstPage(page, pageSize), closedCount: page.closedCount, loadingMore: false, moreFailed: false }),
        );
      },
      () => {
        if (controller.signal.aborted) return;
        startTransition(() => setState({ ...LOADING, status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [statusKey, date, ordering, search, pageSize, overdue, mine, attempt]);

  useEffect(() => () => moreController.current?.abort(), []);

  const offset = state.items.length;
  const canLoadMore = state.status === 'ready' && state.hasMore && !state.loadingMore;

  const loadMore = useCallback(() => {
    if (!canLoadMore) return;
    const controller = new AbortController();
    moreController.current = controller;
    setState((current) => ({ ...current, loadingMore: true, moreFailed: false }));
    listSurgeries({ statuses: statusesOf(statusKey), date, ordering, search, overdue, mine, limit: pageSize, offset }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        startTransition(() =>
          setState((current) => {
            const items = appendPage(current.items, page.results);
            const count = page.count ?? current.count;
            return {
              ...current,
              items,
              count,
              hasMore: hasMorePages(items.length, count, page.results.length, pageSize),
              loadingMore: false,
            };
          }),
        );
      },
      () => {
        if (controller.signal.aborted) return;
        setState((current) => ({ ...current, loadingMore: false, moreFailed: true }));
      },
    );
  }, [canLoadMore, statusKey, date, ordering, search, pageSize, overdue, mine, offset]);

  const retry = useCallback(() => {
    setState(LOADING);
    setAttempt((current) => current + 1);
  }, []);

  if (listedKey !== filtersKey) {
    setListedKey(filtersKey);
    setState(LOADING);
  }
  return { ...state, loadMore, retry };
}
