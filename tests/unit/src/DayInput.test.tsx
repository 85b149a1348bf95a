// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

afterEach(() => cleanup());

/** A fresh DayInput module each time: the mask it loaded is kept module-wide, and each test starts without it. */
async function renderDayInput(onChange: (value: string) => void, disabled = false) {
  vi.resetModules();
  const { DayInput } = await import('../../../src/components/ui/DayInput');
  render(
    <>
      <label htmlFor="day">Dia agendado</label>
      <DayInput id="day" className="field" value="" placeholder="dd/mm/aaaa" disabled={disabled} invalid={false} onChange={onChange} />
    </>,
  );
  return () => screen.getByLabelText('Dia agendado') as HTMLInputElement;
}

/** Lets the page paint (two frames: usePainted), DayInput's import of the mask land and render. */
async function maskLoaded() {
  await act(async () => {
    await import('../../../src/components/ui/DayMaskInput');
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
}

describe('DayInput', () => {
  it('is a plain field of the same text until its mask has loaded, then masks dd/mm/yyyy', async () => {
    const onChange = vi.fn();
    const field = await renderDayInput(onChange);
    // The first render, before the mask's chunk can have arrived: the text as typed.
    const plain = field();
    expect(plain.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    expect(plain.getAttribute('inputmode')).toBe('numeric');
    fireEvent.input(plain, { target: { value: '01022025' } });
    expect(onChange).toHaveBeenLastCalledWith('01022025');

    await maskLoaded();
    expect(field()).not.toBe(plain);
    fireEvent.input(field(), { target: { value: '01022025' } });
    expect(onChange).toHaveBeenLastCalledWith('01/02/2025');
  });

  it('stays disabled while disabled, before and after the mask', async () => {
    const field = await renderDayInput(vi.fn(), true);
    const plain = field();
    expect(plain.disabled).toBe(true);
    await maskLoaded();
    expect(field()).not.toBe(plain);
    expect(field().disabled).toBe(true);
    expect(field().className).toBe('field');
  });
});
