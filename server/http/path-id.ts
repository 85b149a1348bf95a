import { int4OfText } from '../../machines/validation/queryValues';

/**
 * A path id (openapi IdPath: an integer from 1 to 2,147,483,647) or null. Anything else names no record, so routes answer
 * the same 404 as for a missing one (the contract documents no 400 for an id in the path).
 */
export function pathId(raw: string): number | null {
  return int4OfText(raw);
}
