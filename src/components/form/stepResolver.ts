import { arktypeResolver } from '@hookform/resolvers/arktype';
import type { Type } from 'arktype';
import type { FieldErrors, FieldPath, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { check, inTheValuesBranch, type ArkError } from '../../../machines/validation/problems';

type Schema = Parameters<typeof arktypeResolver>[0];

/**
 * `schema` with its failures read as the API reads them (machines/validation/problems.ts): a value that fails every
 * branch of a union reports its own branch's error. The SPA runs arktype jitless (its CSP refuses `new Function`),
 * where such a failure comes as one union error, which the resolver would show as is.
 */
function readingBranches(schema: Schema): Schema {
  const standard = schema['~standard'];
  return {
    '~standard': {
      ...standard,
      async validate(value) {
        const result = await standard.validate(value);
        return result.issues ? { issues: result.issues.flatMap((issue) => inTheValuesBranch(issue as ArkError)) } : result;
      },
    },
  };
}

/**
 * A react-hook-form resolver over a schema of machines/ that checks some of the form's fields (a wizard's step, or
 * the fields a modal shows): arktype ignores the others. Raw: the form keeps what was typed; the page builds the
 * payload.
 */
export function stepResolver<T extends FieldValues>(schema: Schema): Resolver<T> {
  // The schema's input is part of T, so its resolver reads the form's values as they are.
  return arktypeResolver(readingBranches(schema), undefined, { raw: true }) as Resolver<T>;
}

/**
 * A resolver over the payload the form would send (`payloadOf` its values: dates as yyyy-MM-dd, blanks as null, …),
 * checked by the API's own schema: each field of the form named as a key of the payload shows that key's first
 * message, as the server would say it. `schemaOf` is called at each check (a schema that reads today's date).
 * `rule`, when given, judges the payload the schema let through (its output) by what the schema cannot see, such as
 * a glosa's room in the ledger shown: a message on one of the form's fields, or null.
 */
export function payloadResolver<T extends FieldValues, S extends Type = Type>(
  schemaOf: () => S,
  payloadOf: (values: T) => unknown,
  rule?: (checked: S['infer']) => { field: FieldPath<T>; message: string } | null,
): Resolver<T> {
  return async (values) => {
    const result = check(schemaOf(), payloadOf(values));
    if (result.ok) {
      const problem = rule?.(result.value) ?? null;
      if (problem === null) return { values, errors: {} };
      return { values: {}, errors: { [problem.field]: { type: 'rule', message: problem.message } } as FieldErrors<T> };
    }
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, messages] of Object.entries(result.problems.fields)) {
      if (messages[0] && name in values) errors[name] = { type: 'schema', message: messages[0] };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/**
 * The first message of each of the server's field errors (`CallResult.fields`) on the form's field of that name, as
 * the checks above put theirs; true when one landed.
 */
export function putFieldErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>, fields: Record<string, string[]>): boolean {
  const names = new Set(Object.keys(form.getValues()));
  let landed = false;
  for (const [name, messages] of Object.entries(fields)) {
    const message = messages[0];
    if (!message || !names.has(name)) continue;
    form.setError(name as FieldPath<T>, { type: 'server', message });
    landed = true;
  }
  return landed;
}
