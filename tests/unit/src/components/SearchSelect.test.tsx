// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchSelect, SEARCH_SELECT_DEBOUNCE_MS } from '../../../../src/components/ui/SearchSelect';

// jsdom has no CSS.escape; React Aria's popover reads it.
if (typeof CSS === 'undefined' || !CSS.escape) {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) };
}

type Cid = { id: number; code: string; description: string };

const CIDS: Cid[] = [
  { id: 1, code: 'K40.9', description: 'Hérnia inguinal unilateral' },
  { id: 2, code: 'K80.2', description: 'Calculose da vesícula biliar' },
];

function Harness({
  search,
  onChange,
  initial = null,
}: {
  search: (text: string, signal: AbortSignal) => Promise<readonly Cid[]>;
  onChange?: (item: Cid | null) => void;
  initial?: Cid | null;
}) {
  const [value, setValue] = useState<Cid | null>(initial);
  return (
    <SearchSelect<Cid>
      label="CID"
      value={value}
      onChange={(item) => {
        setValue(item);
        onChange?.(item);
      }}
      search={search}
      itemKey={(c) => c.id}
      itemLabel={(c) => c.code}
      itemDetail={(c) => c.description}
    />
  );
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('SearchSelect', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('selects a chosen label on focus, so typing replaces it instead of appending (issue 11)', () => {
    render(<Harness search={async () => []} initial={CIDS[1]!} />);
    const input = screen.getByRole('combobox', { name: 'CID' }) as HTMLInputElement;
    expect(input.value).toBe('K80.2');
    fireEvent.focus(input);
    input.focus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'K80.2'.length]);
    const mouseUp = new MouseEvent('mouseup', { bubbles: true, cancelable: true });
    input.dispatchEvent(mouseUp);
    expect(mouseUp.defaultPrevented).toBe(true);
  });

  it('is found by its label as a combobox', () => {
    render(<Harness search={async () => []} />);
    expect(screen.getByRole('combobox', { name: 'CID' })).toBe(screen.getByLabelText('CID'));
  });

  it('debounces the typed text, shows the results and selects one', async () => {
    const search = vi.fn(async (text: string) => CIDS.filter((c) => c.code.startsWith(text.toUpperCase())));
    const onChange = vi.fn();
    render(<Harness search={search} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'CID' });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'k4' } });
    expect(search).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_SELECT_DEBOUNCE_MS);
    });
    await flush();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('k4');
    const option = screen.getByRole('option', { name: /K40\.9/ });
    expect(option.textContent).toContain('Hérnia inguinal unilateral');
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith(CIDS[0]);
    expect((input as HTMLInputElement).value).toBe('K40.9');
  });

  it('aborts the older search when the text changes again', async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn((_text: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<readonly Cid[]>(() => {});
    });
    render(<Harness search={search} />);
    const input = screen.getByRole('combobox', { name: 'CID' });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'k' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_SELECT_DEBOUNCE_MS);
    });
    fireEvent.change(input, { target: { value: 'k8' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_SELECT_DEBOUNCE_MS);
    });
    expect(search).toHaveBeenCalledTimes(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    expect(screen.getByText('Buscando...')).toBeTruthy();
  });

  it('shows the empty and the error states', async () => {
    let fail = false;
    const search = vi.fn(async () => {
      if (fail) throw new Error('network');
      return [] as Cid[];
    });
    render(<Harness search={search} />);
    const input = screen.getByRole('combobox', { name: 'CID' });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'zz' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_SELECT_DEBOUNCE_MS);
    });
    await flush();
    expect(screen.getAllByText('Nada encontrado').length).toBeGreaterThan(0);
    fail = true;
    fireEvent.change(input, { target: { value: 'zzz' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_SELECT_DEBOUNCE_MS);
    });
    await flush();
    expect(screen.getAllByText('Não foi possível buscar. Tente novamente.').length).toBeGreaterThan(0);
  });

  it('searches at once with an empty text when opened from the button', async () => {
    const search = vi.fn(async () => CIDS);
    render(<Harness search={search} />);
    fireEvent.click(screen.getByRole('button', { name: /Mostrar opções/ }));
    await flush();
    expect(search).toHaveBeenCalledWith('', expect.any(AbortSignal));
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });
});
