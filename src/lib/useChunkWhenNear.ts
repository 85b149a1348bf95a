import { useRef, type ComponentType, type RefObject } from 'react';
import { useChunk, type ChunkComponent } from './chunkComponent';
import { useNearViewport } from './useNearViewport';

/**
 * A part far below a page's fold, in a chunk of its own loaded (and then rendered) only when its placeholder comes
 * within `margin` of the viewport (issue 41, goal 7): the caller renders the placeholder with `placeholderRef` until
 * `Component` is there, and the component replaces it for good. A chunk that cannot load throws (`useChunk`).
 */
export function useChunkWhenNear<P extends object, E extends Element = HTMLElement>(
  chunk: ChunkComponent<P>,
  margin: string,
): { placeholderRef: RefObject<E | null>; Component: ComponentType<P> | undefined } {
  const placeholderRef = useRef<E>(null);
  const near = useNearViewport(placeholderRef, margin);
  return { placeholderRef, ...useChunk(chunk, near) };
}
