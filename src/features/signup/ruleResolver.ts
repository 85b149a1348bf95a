/**
 * A react-hook-form resolver built on the wizard rules of machines/signup/rules.ts, so the step rules exist once
 * (STYLE §6): the same functions guard the machine's `wizard.next` and mark the fields here. Each problem is placed
 * on its field by its message; a problem with no field goes to `root`.
 */
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

export function ruleResolver<T extends FieldValues>(
  problemsOf: (values: T) => string[],
  fieldOfProblem: Readonly<Record<string, string>>,
): Resolver<T> {
  return async (values) => {
    const problems = problemsOf(values);
    if (problems.length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const message of problems) {
      const field = fieldOfProblem[message] ?? 'root';
      errors[field] ??= { type: 'rule', message };
    }
    return { values: {}, errors: errors as never };
  };
}
