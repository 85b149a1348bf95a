/**
 * The one wiring of a form (issue 36): react-hook-form over a schema of machines/, checked on submit and again at
 * each change once submitted, its field errors read one way (`fieldState.error.message` in the Form* adapters), and
 * the server's field errors (`CallResult.fields`, src/api/call.ts) put on the same fields by `putFieldErrors`.
 * The checks come as a resolver (./stepResolver.ts: `stepResolver` over the form's values, `payloadResolver` over
 * the payload it sends), so this module itself holds no arktype: /auth loads its checks late (`lazyResolver`).
 */
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';

export function useSchemaForm<T extends FieldValues>(checks: Resolver<T>, defaultValues: DefaultValues<T>): UseFormReturn<T> {
  return useForm<T>({ resolver: checks, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
}

/** The first message of each of the server's field errors on the form's field of that name; true when one landed. */
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

/**
 * A resolver whose checks are loaded by `load` (a dynamic import) when first needed: `preload` starts it (on the
 * first input, say), a submit before it arrived waits for it, and a failed download is tried again at the next one.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | null = null;
  const checks = () => {
    loading ??= load();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await checks())(values, context, options),
    preload: () => void checks().catch(() => undefined),
  };
}
