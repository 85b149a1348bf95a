/**
 * The one wiring of a form (issue 36): react-hook-form over a schema of machines/, checked on submit and again at
 * each change once submitted, its field errors read one way (`fieldState.error.message` in the Form* adapters), and
 * the server's field errors (`CallResult.fields`, src/api/call.ts) put on the same fields by `putFieldErrors`
 * (./stepResolver.ts). The checks come as a resolver (./stepResolver.ts: `stepResolver` over the form's values,
 * `payloadResolver` over the payload it sends), so this module holds no arktype and sits in the forms' chunk:
 * /auth loads its checks late (./lazyResolver.ts).
 */
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';

export function useSchemaForm<T extends FieldValues>(checks: Resolver<T>, defaultValues: DefaultValues<T>): UseFormReturn<T> {
  return useForm<T>({ resolver: checks, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
}
