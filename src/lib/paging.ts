/** Helpers of the lists read page by page with `limit`/`offset` ('Carregar mais'), e.g. /patients and /surgery-status. */

/** Appends a page, leaving out rows already shown (a row may move between pages while reading). */
export function appendPage<T extends { id: number }>(current: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(current.map((item) => item.id));
  return [...current, ...page.filter((item) => !seen.has(item.id))];
}

/** Whether another page exists: by `count` (the total) when the server sends it, else by a full last page. */
export function hasMorePages(loaded: number, count: number | null, lastPageSize: number, pageSize: number): boolean {
  return count !== null ? loaded < count : lastPageSize >= pageSize;
}

/** The list's fields after its first page: that page's rows, the total when the server sends it, and whether more exist. */
export function firstPage<T>(page: { results: T[]; count: number | null }, pageSize: number): { items: T[]; count: number | null; hasMore: boolean } {
  return {
    items: page.results,
    count: page.count,
    hasMore: hasMorePages(page.results.length, page.count, page.results.length, pageSize),
  };
}
