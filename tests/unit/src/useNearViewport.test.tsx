// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from '../../../src/lib/useNearViewport';

/** A stand-in IntersectionObserver (jsdom has none) that the test fires by hand. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire(isIntersecting: boolean) {
    act(() => this.callback([{ isIntersecting }]));
  }
}

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '300px');
  return <div ref={ref}>{near ? 'perto' : 'longe'}</div>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

describe('useNearViewport', () => {
  it('turns true once the element comes within the margin, and stops watching', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe />);
    const observer = FakeObserver.last!;
    expect(screen.getByText('longe')).toBeTruthy();
    expect(observer.observed).toEqual([screen.getByText('longe')]);
    expect(observer.options.rootMargin).toBe('300px 0px');
    observer.fire(false);
    expect(screen.getByText('longe')).toBeTruthy();
    observer.fire(true);
    expect(screen.getByText('perto')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('perto')).toBeTruthy();
  });
});
