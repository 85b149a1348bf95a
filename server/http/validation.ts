import type { Type } from 'arktype';
import type { preValidationAsyncHookHandler } from 'fastify';
import { check, type Problems } from '../../machines/validation/problems';
import { badRequest } from './errors';

/**
 * The one place the API checks what it is sent: the schemas of machines/ (one per request body and query, shared
 * with the forms) run here, and a failure is SPEC §8's 400 — every message in `error`, each field's beside it,
 * nothing written. Handlers then read the schema's output (trimmed, typed) from `request.body` / `request.query`.
 */
export function parse<S extends Type>(schema: S, input: unknown): S['infer'] {
  // Every body and query is a JSON object: an array is as malformed as a number (and has no fields to report).
  const result = check(schema, Array.isArray(input) ? null : input);
  if (!result.ok) throw badRequest(result.problems.error, result.problems.fields);
  return result.value;
}

/**
 * A route's `preValidation`, after its authentication (`{ onRequest: app.authenticate, preValidation: validated({ body }) }`,
 * so a stranger gets 401 whatever he sends): replaces the body and the query with their schemas' output, or answers
 * 400. A body that is not a JSON object (an array included) is 'Dados inválidos.'.
 */
export function validated(parts: { body?: Type; query?: Type }): preValidationAsyncHookHandler {
  return async (request) => {
    if (parts.query) request.query = parse(parts.query, request.query);
    if (parts.body) request.body = parse(parts.body, request.body);
  };
}

/** Throws SPEC §8's 400 when `problems` holds any (checks made after a schema passed). */
export function throwIfProblems(problems: Problems): void {
  if (problems.error.length > 0) throw badRequest(problems.error, problems.fields);
}
