import type { Type } from 'arktype';
import { check } from '../../machines/validation/problems';
import { badRequest } from './errors';

/**
 * Checks `input` with `schema` and answers SPEC §8's 400 — every message in `error`, each field's beside it — when it
 * fails; else the schema's output (trimmed, typed). Reached through the schema catalogue (./schemas.ts), which loads
 * arktype: a handler takes it with its schema, `const { parse, fooSchema } = await loadSchemas()`.
 */
export function parse<S extends Type>(schema: S, input: unknown): S['infer'] {
  // Every body and query is a JSON object: an array is as malformed as a number (and has no fields to report).
  const result = check(schema, Array.isArray(input) ? null : input);
  if (!result.ok) throw badRequest(result.problems.error, result.problems.fields);
  return result.value;
}
