/**
 * Reading the API's error bodies (SPEC §8 shapes: an `error` list, `non_field_errors`, field errors such as
 * `cid`/`procedure`, a 409's `message`), once for every feature. What each screen then shows stays with the feature.
 */

/** The non-blank strings of one key of an error body, which may hold one string or a list (other values are dropped). */
export function errorStrings(value: unknown): string[] {
  if (typeof value === 'string' && value.trim()) return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  return [];
}

/** The messages that belong to no field: the `error` list, then `non_field_errors`, then `message` (in that order). */
export function generalErrorMessages(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  return [...errorStrings(record.error), ...errorStrings(record.non_field_errors), ...errorStrings(record.message)];
}

/** A gateway answer (502/503/504): the API itself was not reached. */
export function isUnreachable(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}
