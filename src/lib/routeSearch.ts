/**
 * The search of a route whose full check needs arktype (the dashboard period, the receivables filters): the route
 * keeps only its keys, unchecked, and its page (loaded lazily) checks them. The route tree is loaded by every page,
 * /auth included, and must not pull the schemas in (issue 15: the login page near the framework's floor).
 */
export function pickSearch<T extends object>(search: Record<string, unknown>, keys: readonly (keyof T & string)[]): T {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (search[key] !== undefined) picked[key] = search[key];
  return picked as T;
}

/**
 * A filtered list's search after a filter changed (`patch`): back to its first page unless `keepPage` (the pager's
 * own change), and no key left undefined, so the address shows only the filters in use.
 */
export function patchSearch<T extends { page?: number }>(previous: T, patch: Partial<T>, keepPage: boolean): T {
  const next: T = { ...previous, ...patch };
  if (!keepPage) delete next.page;
  for (const key of Object.keys(next) as (keyof T)[]) if (next[key] === undefined) delete next[key];
  return next;
}
