import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The content width of an element, followed with a ResizeObserver, so an SVG chart can be drawn at its real size
 * (text stays at its designed size instead of being scaled with a viewBox). `fallback` until the first measure, and
 * where ResizeObserver does not exist (jsdom).
 */
export function useElementWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  // Measured before the first paint, so the chart never shows at the fallback width first.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = (value: number) => {
      if (value > 0) setWidth(Math.floor(value));
    };
    measure(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
