import type { FieldValues, Resolver } from 'react-hook-form';

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
