import type { Type } from 'arktype';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { Problems } from '../../machines/validation/problemList';
import { badRequest } from './errors';
import { loadSchemas, type Schemas } from './schemas';

/** A route's schema, named in the catalogue that loads on first use (./schemas.ts): `(s) => s.createSurgerySchema`. */
export type SchemaPick = (schemas: Schemas) => Type;

/**
 * The one place the API checks what it is sent: the schemas of machines/ (one per request body and query, shared
 * with the forms) run here, and a failure is SPEC §8's 400 — every message in `error`, each field's beside it,
 * nothing written. Handlers then read the schema's output (trimmed, typed) from `request.body` / `request.query`.
 *
 * A route's `preValidation`, after its authentication (`{ onRequest: app.authenticate, preValidation:
 * validated({ body: (s) => s.fooSchema }) }`, so a stranger gets 401 whatever he sends): replaces the body and the
 * query with their schemas' output, or answers 400. A body that is not a JSON object (an array included) is
 * 'Dados inválidos.'. The schemas load with the first request that needs them (./schemas.ts).
 */
export function validated(parts: { body?: SchemaPick; query?: SchemaPick }): preValidationAsyncHookHandler {
  return async (request) => {
    const schemas = await loadSchemas();
    if (parts.query) request.query = schemas.parse(parts.query(schemas), request.query);
    if (parts.body) request.body = schemas.parse(parts.body(schemas), request.body);
  };
}

/** Throws SPEC §8's 400 when `problems` holds any (checks made after a schema passed). */
export function throwIfProblems(problems: Problems): void {
  if (problems.error.length > 0) throw badRequest(problems.error, problems.fields);
}
