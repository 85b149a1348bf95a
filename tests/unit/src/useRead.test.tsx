// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadResult } from '../../../src/api/read';
import { useRead } from '../../../src/lib/useRead';

afterEach(cleanup);

/** A read whose answers the test gives one by one. */
function controlledRead<T>() {
  const waiting: ((result: ReadResult<T>) => void)[] = [];
  const load = () => new Promise<ReadResult<T>>((resolve) => waiting.push(resolve));
  const answer = (result: ReadResult<T>) => act(() => waiting.shift()?.(result));
  return { load, answer, pending: () => waiting.length };
}

describe('useRead', () => {
  it('is loading, then ready; a retry is loading again and a failure is an error', async () => {
    const read = controlledRead<string>();
    const { result } = renderHook(() => useRead(read.load, []));
    expect(result.current.state).toEqual({ status: 'loading' });
    await read.answer({ kind: 'ok', value: 'a' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'a' }));
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(read.pending()).toBe(1));
    await read.answer({ kind: 'error' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error' }));
  });

  it('keeps the last value while a new search reloads with keepWhileReloading', async () => {
    const read = controlledRead<string[]>();
    const { result, rerender } = renderHook(({ search }) => useRead(read.load, [search], { keepWhileReloading: true }), {
      initialProps: { search: '' },
    });
    expect(result.current.state).toEqual({ status: 'loading' });
    await read.answer({ kind: 'ok', value: ['ana', 'bia'] });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    rerender({ search: 'an' });
    expect(result.current.state).toEqual({ status: 'loading', value: ['ana', 'bia'] });
    await waitFor(() => expect(read.pending()).toBe(1));
    await read.answer({ kind: 'ok', value: ['ana'] });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: ['ana'] }));
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading', value: ['ana'] });
    await waitFor(() => expect(read.pending()).toBe(1));
    await read.answer({ kind: 'error' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error' }));
  });

  it('shows nothing old without the option', async () => {
    const read = controlledRead<string>();
    const { result, rerender } = renderHook(({ id }) => useRead(read.load, [id]), { initialProps: { id: 1 } });
    await read.answer({ kind: 'ok', value: 'one' });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    rerender({ id: 2 });
    expect(result.current.state).toEqual({ status: 'loading' });
  });

  it('reload keeps what is shown, and keeps the value when it fails', async () => {
    const read = controlledRead<string>();
    const { result } = renderHook(() => useRead(read.load, []));
    await read.answer({ kind: 'ok', value: 'a' });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    act(() => result.current.reload());
    expect(result.current.state).toEqual({ status: 'ready', value: 'a' });
    await waitFor(() => expect(read.pending()).toBe(1));
    await read.answer({ kind: 'error' });
    await waitFor(() => expect(read.pending()).toBe(0));
    expect(result.current.state).toEqual({ status: 'ready', value: 'a' });
    act(() => result.current.reload());
    act(() => result.current.replace((value) => `${value}!`));
    expect(result.current.state).toEqual({ status: 'ready', value: 'a!' });
    await waitFor(() => expect(read.pending()).toBe(1));
    await read.answer({ kind: 'ok', value: 'b' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'b' }));
  });
});
