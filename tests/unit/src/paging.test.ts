import { describe, expect, it } from 'vitest';
import { firstPage } from '../../../src/lib/paging';

const rows = (n: number) => Array.from({ length: n }, (_, index) => ({ id: index + 1 }));

describe('firstPage', () => {
  it('keeps the page and the total, and says more exist while the total is not reached', () => {
    expect(firstPage({ results: rows(2), count: 5 }, 2)).toEqual({ items: rows(2), count: 5, hasMore: true });
    expect(firstPage({ results: rows(2), count: 2 }, 2)).toEqual({ items: rows(2), count: 2, hasMore: false });
  });

  it('without a total, judges by a full page', () => {
    expect(firstPage({ results: rows(3), count: null }, 3)).toEqual({ items: rows(3), count: null, hasMore: true });
    expect(firstPage({ results: rows(1), count: null }, 3)).toEqual({ items: rows(1), count: null, hasMore: false });
  });
});
