// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { fitsPattern, MaskedInput } from '../../../../src/components/ui/MaskedInput';
import { MASKS } from '../../../../src/components/form/FormMaskedField';

afterEach(() => cleanup());

/** A field whose value lives in state, as a form keeps it; `accepted` records each reported value. */
function Harness({ mask, initial, accepted }: { mask: string; initial: string; accepted: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="field">Campo</label>
      <MaskedInput
        id="field"
        mask={mask}
        value={value}
        onAccept={(next) => {
          accepted(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Limpar
      </button>
      <output>{value}</output>
    </>
  );
}

const field = () => screen.getByLabelText('Campo') as HTMLInputElement;

describe('fitsPattern', () => {
  it('takes what the mask makes, whole or as far as typing went', () => {
    expect(fitsPattern(MASKS.date, '')).toBe(true);
    expect(fitsPattern(MASKS.date, '01/12/2026')).toBe(true);
    expect(fitsPattern(MASKS.date, '01/1')).toBe(true);
    expect(fitsPattern(MASKS.phone, '(11) 9 8765-4321')).toBe(true);
  });

  it('refuses bare digits, letters, a dangling fixed character and too much', () => {
    expect(fitsPattern(MASKS.date, '01122026')).toBe(false);
    expect(fitsPattern(MASKS.phone, '11987654321')).toBe(false);
    expect(fitsPattern(MASKS.date, 'ab/cd/efgh')).toBe(false);
    expect(fitsPattern(MASKS.date, '01/')).toBe(false);
    expect(fitsPattern(MASKS.date, '01/12/20261')).toBe(false);
  });
});

describe('MaskedInput', () => {
  it('shows a value that fits as it is, and masks what is typed once focused', () => {
    const accepted = vi.fn();
    render(<Harness mask={MASKS.date} initial="01/12/2026" accepted={accepted} />);
    expect(field().value).toBe('01/12/2026');
    expect(accepted).not.toHaveBeenCalled();

    fireEvent.focus(field());
    // Binding the mask to a value it made changes nothing, and reports nothing.
    expect(accepted).not.toHaveBeenCalled();
    fireEvent.input(field(), { target: { value: '02122026' } });
    expect(accepted).toHaveBeenLastCalledWith('02/12/2026');
    expect(field().value).toBe('02/12/2026');
  });

  it('masks a value that does not fit at once, and reports it', () => {
    const accepted = vi.fn();
    render(<Harness mask={MASKS.phone} initial="11987654321" accepted={accepted} />);
    expect(field().value).toBe('(11) 9 8765-4321');
    expect(accepted).toHaveBeenCalledWith('(11) 9 8765-4321');
  });

  it('takes text that arrives without a focus (autofill) through the mask', () => {
    const accepted = vi.fn();
    render(<Harness mask={MASKS.cpf} initial="" accepted={accepted} />);
    fireEvent.input(field(), { target: { value: '12345678909' } });
    expect(accepted).toHaveBeenLastCalledWith('123.456.789-09');
    expect(field().value).toBe('123.456.789-09');
  });

  it('shows a value set from outside, before and after the mask is bound, without reporting it back', () => {
    const accepted = vi.fn();
    render(<Harness mask={MASKS.date} initial="01/12/2026" accepted={accepted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(field().value).toBe('');

    fireEvent.focus(field());
    fireEvent.input(field(), { target: { value: '0312' } });
    expect(field().value).toBe('03/12');
    accepted.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(field().value).toBe('');
    expect(accepted).not.toHaveBeenCalled();
  });

  it('gives the element to inputRef (a form focuses its first invalid field through it)', () => {
    const inputRef = vi.fn();
    render(<MaskedInput aria-label="Dia" mask={MASKS.date} value="" onAccept={() => {}} inputRef={inputRef} />);
    expect(inputRef).toHaveBeenCalledWith(screen.getByLabelText('Dia'));
  });
});
