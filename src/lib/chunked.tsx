import type { ComponentType } from 'react';
import { chunkComponent, useChunk } from './chunkComponent';
import { usePainted } from './usePainted';

/**
 * A component whose code loads when it is first rendered (./chunkComponent.ts: never suspends; until its chunk has
 * arrived `Fallback` shows with the same props, or nothing; then it renders at once, and at once every later time). For
 * a dialog a page opens on demand, or a part of a page that may arrive after its first paint, so its code, its checks
 * (arktype) and React Aria stay out of the page's first download (issue 41, goals 6 and 7). A chunk that cannot load
 * throws, as React.lazy would (`useChunk`). Its download starts once the screen it first rendered into has painted
 * (`usePainted`): a page's first paint, and its largest, are not held behind it (issue 41 goal 7; a dialog opened by a
 * click waits one frame).
 */
export function chunked<P extends object>(importComponent: () => Promise<ComponentType<P>>, Fallback?: ComponentType<P>): ComponentType<P> {
  const chunk = chunkComponent(importComponent);
  return function Chunked(props: P) {
    const { Component } = useChunk(chunk, usePainted());
    if (Component) return <Component {...props} />;
    return Fallback ? <Fallback {...props} /> : null;
  };
}
