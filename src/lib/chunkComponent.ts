import { startTransition, useEffect, useState, type ComponentType } from 'react';

/**
 * A component in a chunk of its own, loaded on demand and kept once loaded. Unlike `React.lazy`, rendering it never
 * suspends: `useChunkComponent` gives the component at once when its chunk has arrived, else undefined until it does.
 * A lazy component suspends at its first render even when its chunk is there, and React then holds the Suspense
 * boundary's reveal back for up to 300 ms after the fallback showed (its fallback throttling; issue 15).
 */
export type ChunkComponent<P extends object> = {
  /** Loads the chunk (once; later calls answer at once). */
  load: () => Promise<ComponentType<P>>;
  /** The component when its chunk has loaded, else undefined. */
  loaded: () => ComponentType<P> | undefined;
};

/** `importComponent`: one `import()` of its own, so Vite preloads that chunk's dependencies with it. */
export function chunkComponent<P extends object>(importComponent: () => Promise<ComponentType<P>>): ChunkComponent<P> {
  let component: ComponentType<P> | undefined;
  return {
    load: () => importComponent().then((loaded) => (component = loaded)),
    loaded: () => component,
  };
}

/**
 * The chunk's component (undefined while it loads, then set in a transition), and the error when it could not load.
 * `wanted` false holds the load back until it turns true (a card far below the fold: useNearViewport).
 */
export function useChunkComponent<P extends object>(chunk: ChunkComponent<P>, wanted = true): {
  Component: ComponentType<P> | undefined;
  failure: { error: unknown } | null;
} {
  const [Component, setComponent] = useState(() => chunk.loaded());
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (Component || !wanted) return;
    let current = true;
    chunk.load().then(
      (loaded) => {
        if (current) startTransition(() => setComponent(() => loaded));
      },
      (error: unknown) => {
        if (current) setFailure({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [chunk, Component, wanted]);
  return { Component, failure };
}

/**
 * The chunk's component once loaded (undefined until then, or while `wanted` is false). A chunk that cannot load
 * throws, as React.lazy would: the route's error screen, rather than a button that silently opens nothing or a card
 * that never fills.
 */
export function useChunk<P extends object>(chunk: ChunkComponent<P>, wanted = true): { Component: ComponentType<P> | undefined } {
  const { Component, failure } = useChunkComponent(chunk, wanted);
  if (failure) throw failure.error;
  return { Component };
}
