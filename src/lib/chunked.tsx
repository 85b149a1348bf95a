import type { ComponentType } from 'react';
import { chunkComponent, useChunkComponent } from './chunkComponent';

/**
 * A component whose code loads when it is first rendered (./chunkComponent.ts: never suspends; nothing shows until its
 * chunk has arrived, then it renders at once, and at once every later time). For a dialog a page opens on demand, so
 * its code, its checks (arktype) and React Aria's dialog stay out of the page's first download (issue 41, goal 6).
 * A chunk that cannot load throws, as React.lazy would: the route's error screen, rather than a button that silently
 * opens nothing.
 */
export function chunked<P extends object>(importComponent: () => Promise<ComponentType<P>>): ComponentType<P> {
  const chunk = chunkComponent(importComponent);
  return function Chunked(props: P) {
    const { Component, failure } = useChunkComponent(chunk);
    if (failure) throw failure.error;
    return Component ? <Component {...props} /> : null;
  };
}
