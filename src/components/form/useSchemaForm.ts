/**
 * The one wiring of a form (issue 36): react-hook-form over a schema of machines/, checked on submit and again at
 * each change once submitted, its field errors read one way (`fieldState.error.message` in the Form* adapters), and
 * the server's field errors (`CallResult.fields`, src/api/call.ts) put on the same fields by `putFieldErrors`
 * (./stepResolver.ts). The checks come as a resolver (./stepResolver.ts: `stepResolver` over the form's values,
 * `payloadResolver` over the payload it sends), so this module holds no arktype and sits in the forms' chunk: a page
 * can load its checks after its first paint (./lazyResolver.ts), and /auth checks without arktype (./plainResolver.ts).
 */
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';

type SchemaFormOptions = {
  /**
   * Checked on submit only: typing in a field clears that field's error instead of checking it again (the forms of
   * a case's page and of the settings, which say nothing until the user asks to save).
   */
  clearErrorOnChange?: boolean;
  /** Leave the focus where it is when a submit fails (default: on the first field in error). */
  focusError?: boolean;
};

export function useSchemaForm<T extends FieldValues>(
  checks: Resolver<T>,
  defaultValues: DefaultValues<T>,
  { clearErrorOnChange = false, focusError = true }: SchemaFormOptions = {},
): UseFormReturn<T> {
  const form = useForm<T>({
    resolver: checks,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: clearErrorOnChange ? 'onSubmit' : 'onChange',
    shouldFocusError: focusError,
  });
  const { subscribe, clearErrors } = form;
  useEffect(() => {
    if (!clearErrorOnChange) return;
    // Only the user's own changes (a field's onChange), not a setValue or reset of the page.
    return subscribe({
      formState: { values: true },
      callback: ({ name, type }) => {
        if (type === 'change' && name) clearErrors(name as Path<T>);
      },
    });
  }, [subscribe, clearErrors, clearErrorOnChange]);
  return form;
}
