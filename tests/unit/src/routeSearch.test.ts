import { describe, expect, it } from 'vitest';
import { patchSearch, pickSearch } from '../../../src/lib/routeSearch';

type ListSearch = { page?: number; status?: string; from?: string };

describe('pickSearch', () => {
  it('keeps only the route’s keys that are present, unchecked', () => {
    expect(pickSearch<ListSearch>({ status: 'aberto', page: '2', other: 'x', from: undefined }, ['status', 'page', 'from'])).toEqual({
      status: 'aberto',
      page: '2',
    });
  });
});

describe('patchSearch', () => {
  it('goes back to the first page when a filter changes', () => {
    expect(patchSearch<ListSearch>({ page: 3, status: 'aberto' }, { from: '2026-11-01' }, false)).toEqual({ status: 'aberto', from: '2026-11-01' });
  });

  it('keeps the page when the pager itself changes it', () => {
    expect(patchSearch<ListSearch>({ page: 3, status: 'aberto' }, { page: 4 }, true)).toEqual({ page: 4, status: 'aberto' });
  });

  it('drops a filter set to undefined, so the address shows only the filters in use', () => {
    const next = patchSearch<ListSearch>({ status: 'aberto', from: '2026-11-01' }, { status: undefined }, false);
    expect(next).toEqual({ from: '2026-11-01' });
    expect(Object.keys(next)).toEqual(['from']);
  });

  it('leaves the previous search as it was', () => {
    const previous: ListSearch = { page: 2, status: 'aberto' };
    patchSearch(previous, { status: undefined }, false);
    expect(previous).toEqual({ page: 2, status: 'aberto' });
  });
});
