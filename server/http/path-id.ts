import { MAX_INT4 } from '../../machines/validation/fields';

/**
 * A path id (openapi IdPath: an integer from 1 to MAX_INT4) or null. Anything else names no record, so routes answer
 * the same 404 as for a missing one (the contract documents no 400 for an id in the path).
 */
export function pathId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_INT4 ? id : null;
}
