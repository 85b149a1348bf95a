// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component as ClassComponent, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkComponent, useChunk, useChunkComponent } from '../../../src/lib/chunkComponent';
import { chunked } from '../../../src/lib/chunked';
import { useChunkWhenNear } from '../../../src/lib/useChunkWhenNear';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Loaded({ name = 'carregado' }: { name?: string }) {
  return <p>{name}</p>;
}

/** Shows what a child threw, as the route's error screen would. */
class Boundary extends ClassComponent<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>erro: {String((this.state.error as Error).message)}</p> : this.props.children;
  }
}

describe('useChunkComponent', () => {
  it('holds the load back while not wanted, then loads once and shows the component', async () => {
    const importComponent = vi.fn(() => Promise.resolve(Loaded));
    const chunk = chunkComponent(importComponent);
    function Probe({ wanted }: { wanted: boolean }) {
      const { Component } = useChunkComponent(chunk, wanted);
      return Component ? <Component /> : <p>esperando</p>;
    }
    const { rerender } = render(<Probe wanted={false} />);
    await Promise.resolve();
    expect(importComponent).not.toHaveBeenCalled();
    expect(screen.getByText('esperando')).toBeTruthy();
    rerender(<Probe wanted />);
    expect(await screen.findByText('carregado')).toBeTruthy();
    expect(importComponent).toHaveBeenCalledTimes(1);
  });
});

describe('useChunk', () => {
  it('throws a chunk that cannot load to the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chunk = chunkComponent<object>(() => Promise.reject(new Error('sem rede')));
    function Probe() {
      const { Component } = useChunk(chunk);
      return Component ? <Component /> : <p>esperando</p>;
    }
    render(
      <Boundary>
        <Probe />
      </Boundary>,
    );
    expect(screen.getByText('esperando')).toBeTruthy();
    expect(await screen.findByText('erro: sem rede')).toBeTruthy();
  });
});

describe('chunked', () => {
  it('shows the fallback with the same props, asks for the chunk once the screen has painted, then shows the component', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    let arrive: (component: typeof Loaded) => void = () => undefined;
    const importComponent = vi.fn(() => new Promise<typeof Loaded>((resolve) => (arrive = resolve)));
    const Part = chunked<{ name?: string }>(importComponent, ({ name }) => <p>carregando {name}</p>);
    render(<Part name="a equipe" />);
    expect(screen.getByText('carregando a equipe')).toBeTruthy();
    expect(importComponent).not.toHaveBeenCalled();
    for (const _frame of [1, 2]) {
      expect(importComponent).not.toHaveBeenCalled();
      await act(async () => {
        frames.shift()?.(performance.now());
        await new Promise((done) => setTimeout(done, 0));
      });
    }
    expect(importComponent).toHaveBeenCalledTimes(1);
    await act(async () => arrive(Loaded));
    expect(screen.getByText('a equipe')).toBeTruthy();
    expect(screen.queryByText('carregando a equipe')).toBeNull();
  });
});

describe('useChunkWhenNear', () => {
  it('loads the chunk only once its placeholder comes near the viewport', async () => {
    let fire: (near: boolean) => void = () => undefined;
    let observed: Element | null = null;
    let margin = '';
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options: { rootMargin: string }) {
          fire = (near) => act(() => callback([{ isIntersecting: near }]));
          margin = options.rootMargin;
        }
        observe(element: Element) {
          observed = element;
        }
        disconnect() {}
      },
    );
    const importComponent = vi.fn(() => Promise.resolve(Loaded));
    const chunk = chunkComponent(importComponent);
    function Probe() {
      const { placeholderRef, Component } = useChunkWhenNear<object, HTMLDivElement>(chunk, '0px');
      return Component ? <Component /> : <div ref={placeholderRef}>lugar</div>;
    }
    render(<Probe />);
    expect(observed).toBe(screen.getByText('lugar'));
    expect(margin).toBe('0px 0px');
    fire(false);
    await Promise.resolve();
    expect(importComponent).not.toHaveBeenCalled();
    fire(true);
    expect(await screen.findByText('carregado')).toBeTruthy();
    expect(importComponent).toHaveBeenCalledTimes(1);
  });
});
