// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadResult } from '../../../src/api/read';
import { prefetchRead, takePrefetchedRead } from '../../../src/lib/prefetchedRead';
import { usePainted } from '../../../src/lib/usePainted';

const answer = (value: number): (() => Promise<ReadResult<number>>) => vi.fn(async () => ({ kind: 'ok' as const, value }));

afterEach(() => {
  vi.useRealTimers();
  // Empties the slot whatever a test left in it.
  takePrefetchedRead('x');
  cleanup();
});

describe('prefetchRead / takePrefetchedRead (the page takes the read its route started)', () => {
  it('starts the read at once, and hands it over once, to the same key only', async () => {
    const load = answer(7);
    prefetchRead('surgery:7', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(takePrefetchedRead('surgery:8')).toBeNull();
    const taken = takePrefetchedRead<number>('surgery:7');
    await expect(taken).resolves.toEqual({ kind: 'ok', value: 7 });
    expect(takePrefetchedRead('surgery:7')).toBeNull();
  });

  it('keeps one read: a later prefetch replaces the earlier one', () => {
    prefetchRead('surgery:1', answer(1));
    prefetchRead('surgery:2', answer(2));
    expect(takePrefetchedRead('surgery:1')).toBeNull();
    expect(takePrefetchedRead('surgery:2')).not.toBeNull();
  });

  it('does not hand over a read older than ten seconds', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    prefetchRead('surgery:3', answer(3));
    vi.advanceTimersByTime(10_001);
    expect(takePrefetchedRead('surgery:3')).toBeNull();
  });

  it('swallows a rejected read nobody takes (no unhandled rejection)', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    prefetchRead('surgery:4', failing);
    await expect(takePrefetchedRead('surgery:4')).rejects.toThrow('offline');
  });
});

describe('usePainted', () => {
  function Probe() {
    return <p>{usePainted() ? 'pintado' : 'antes'}</p>;
  }

  it('is false on the first render and turns true once the frame after the first has come', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    try {
      render(<Probe />);
      expect(screen.getByText('antes')).toBeTruthy();
      // Still before the frame: nothing changes until the browser draws it.
      await act(() => new Promise((done) => setTimeout(done, 20)));
      expect(screen.getByText('antes')).toBeTruthy();
      // The first frame's paint may not be on screen yet when its callback runs: still before.
      await act(async () => {
        frames.shift()?.(performance.now());
        await new Promise((done) => setTimeout(done, 0));
      });
      expect(screen.getByText('antes')).toBeTruthy();
      await act(async () => {
        frames.shift()?.(performance.now());
        await new Promise((done) => setTimeout(done, 0));
      });
      expect(screen.getByText('pintado')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
