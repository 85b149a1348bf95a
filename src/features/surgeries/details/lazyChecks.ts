/**
 * The case page's forms check with the API's schemas (arktype) loaded at their first check, not with the page (issue
 * 41, goal 6): a form shown at first paint says nothing until the user asks to save, so the schemas' module and the
 * forms' resolver module (src/components/form/stepResolver.ts) load then, and the submit waits for them.
 */
import type { FieldValues, Resolver, UseFormReturn } from 'react-hook-form';

type FormChecks = typeof import('../../../components/form/stepResolver');

const formChecks = (): Promise<FormChecks> => import('../../../components/form/stepResolver');

/**
 * A resolver built by `build` from the forms' checks (stepResolver.ts: `payloadResolver`, `stepResolver`) and the
 * schemas `loadSchemas` imports, both loaded at its first check; later checks find them loaded.
 */
export function checkedOnFirstUse<T extends FieldValues, S>(
  loadSchemas: () => Promise<S>,
  build: (checks: FormChecks, schemas: S) => Resolver<T>,
): Resolver<T> {
  return async (values, context, options) => {
    const [checks, schemas] = await Promise.all([formChecks(), loadSchemas()]);
    return build(checks, schemas)(values, context, options);
  };
}

/**
 * stepResolver.ts's `putFieldErrors` (the server's field errors on the form's fields), for a form whose checks load on
 * first use: its submit has loaded them by the time an answer arrives, so this waits for nothing but a resolved import.
 */
export async function putFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  fields: Record<string, string[]>,
): Promise<boolean> {
  return (await formChecks()).putFieldErrors(form, fields);
}
