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
