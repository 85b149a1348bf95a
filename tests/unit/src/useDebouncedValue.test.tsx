// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEmptyText, SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../src/lib/useDebouncedValue';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('passes a text 800 ms after it stopped changing, and an empty text at once', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useDebouncedValue(text, SEARCH_DEBOUNCE_MS, isEmptyText), {
      initialProps: { text: '' },
    });
    rerender({ text: 'an' });
    rerender({ text: 'ana' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ana');
    rerender({ text: '' });
    expect(result.current).toBe('');
  });

  it('waits for an empty text too when nothing passes at once', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useDebouncedValue(text), { initialProps: { text: 'ana' } });
    rerender({ text: '' });
    expect(result.current).toBe('ana');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current).toBe('');
  });
});
