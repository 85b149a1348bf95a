import type { FieldErrors, FieldPath, FieldValues, Resolver } from 'react-hook-form';

/** Each field's message, for the fields that fail; a passing field is absent (or undefined). */
type FieldProblems<T extends FieldValues> = Partial<Record<FieldPath<T>, string | undefined>>;

/**
 * A resolver over plain checks, without arktype (issue 41, goal 6): for a form that checks what is typed on a page
 * that must not load arktype at all, the sign-in of /auth. `problems` gives the message of each failing field, as the
 * schema's resolver (./stepResolver.ts) would put it: the form's values as typed when nothing fails. Each such check
 * is held equal to the arktype schema it stands for by a unit test over many generated values.
 */
export function plainResolver<T extends FieldValues>(problems: (values: T) => FieldProblems<T>): Resolver<T> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(problems(values))) {
      if (typeof message === 'string') errors[name] = { type: 'check', message };
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors: errors as FieldErrors<T> };
  };
}
