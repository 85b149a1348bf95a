// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkComponent, useChunkComponent } from '../../../src/lib/chunkComponent';

afterEach(cleanup);

function Loaded() {
  return <p>carregado</p>;
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
