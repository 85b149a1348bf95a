import type { Type } from 'arktype';
import type { preValidationHookHandler } from 'fastify';
import { check } from '../../machines/validation/problems';
import { badRequest } from './errors';

/**
 * The one place the API checks what it is sent: the schemas of machines/ (one per request body and query, shared
 * with the forms) run here, and a failure is SPEC §8's 400 — every message in `error`, each field's beside it,
 * nothing written. Handlers then read the schema's output (trimmed, typed) from `request.body` / `request.query`.
 */
export function parse<S extends Type>(schema: S, input: unknown): S['infer'] {
  const result = check(schema, input);
  if (!result.ok) throw badRequest(result.problems.error, result.problems.fields);
  return result.value;
}

/** A route's preValidation hook: replaces the body and the query with their schemas' output, or answers 400. */
export function validated(parts: { body?: Type; query?: Type }): preValidationHookHandler {
  return async (request) => {
    if (parts.query) request.query = parse(parts.query, request.query);
    if (parts.body) request.body = parse(parts.body, request.body);
  };
}
