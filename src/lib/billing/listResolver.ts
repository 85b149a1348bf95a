/**
 * A react-hook-form resolver over a body with lists (a team's members, the profile's plans), checked by the API's
 * schema (machines/billing/billingSchemas.ts): each message lands on the field its path names (`members.2.name`), as
 * payloadResolver (src/components/form/stepResolver.ts) lands a flat form's, so a row's mistake shows under the row's
 * field in the same words the server would use. A message about a list as a whole ('O mesmo plano aparece mais de
 * uma vez.') lands on the list's `root`; one with no field in the form on the form's `root`. The schema and the
 * checks (arktype) load at the first check, not with the page (issue 41, goal 6).
 */
import type { Type } from 'arktype';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

type Issue = { path: readonly PropertyKey[]; message: string };

/** Whether `values` holds something at `path` (a field of a row, or a list). */
function holds(values: unknown, path: readonly PropertyKey[]): boolean {
  let at: unknown = values;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !(String(key) in at)) return false;
    at = (at as Record<string, unknown>)[String(key)];
  }
  return true;
}

/** Puts `message` at `path` in a nested errors object (the first message of a field stays). */
function put(errors: Record<string, unknown>, path: readonly PropertyKey[], message: string): void {
  let at = errors;
  path.forEach((key, index) => {
    const name = String(key);
    if (index === path.length - 1) {
      at[name] ??= { type: 'schema', message };
      return;
    }
    at = (at[name] ??= {}) as Record<string, unknown>;
  });
}

/** The errors of `issues` placed on the form's fields (`values`): a field's path, a list's `root`, else the form's. */
function errorsAt(values: unknown, issues: readonly Issue[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = issue.path;
    if (path.length > 0 && holds(values, path)) {
      const target = Array.isArray(pathValue(values, path)) ? [...path, 'root'] : path;
      put(errors, target, issue.message);
    } else {
      put(errors, ['root', 'schema'], issue.message);
    }
  }
  return errors;
}

function pathValue(values: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = values;
  for (const key of path) at = (at as Record<string, unknown>)[String(key)];
  return at;
}

/**
 * The resolver: `payloadOf` the form's values, checked by `schemaOf()`; the values keep the payload's keys, so each
 * issue's path names a field. Arktype's own (English) messages, where a schema configured none, read 'Dados inválidos.'.
 */
export function listResolver<T extends FieldValues>(schemaOf: () => Promise<Type>, payloadOf: (values: T) => unknown): Resolver<T> {
  return async (values) => {
    const [schema, { inTheValuesBranch, VALIDATION_MESSAGES }] = await Promise.all([schemaOf(), import('../../../machines/validation/problems')]);
    const out = schema(payloadOf(values));
    if (!(out instanceof (await import('arktype')).type.errors)) return { values, errors: {} };
    const issues: Issue[] = [];
    for (const error of out) {
      for (const each of inTheValuesBranch(error).flatMap((branch) => branch.flat)) {
        const english = each.message === each.problem || each.message.endsWith(` ${each.problem}`);
        issues.push({ path: each.path, message: english ? VALIDATION_MESSAGES.invalidData : each.message });
      }
    }
    return { values: {}, errors: errorsAt(values, issues) as FieldErrors<T> };
  };
}
