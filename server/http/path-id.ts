/** The largest PostgreSQL `integer` (int4): every id column of the schema. */
export const MAX_INT4 = 2_147_483_647;

/**
 * A path id (openapi IdPath: an integer from 1 to MAX_INT4) or null. Anything else names no record, so routes answer
 * the same 404 as for a missing one (the contract documents no 400 for an id in the path).
 */
export function pathId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_INT4 ? id : null;
}

/**
 * An id sent in a body (a JSON number, or a string of digits as forms send it): an integer from 1 to MAX_INT4, else
 * null. Every id column is a PostgreSQL `integer`, so a larger value names no row; compared as is, it would make
 * the query itself fail (issue 11, item 18: `"specialty": 2147483648` answered 500).
 */
export function bodyId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_INT4 ? id : null;
}
