// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar } from '../../../../src/components/ui/Calendar';

/**
 * The month calendar (src/components/ui/Calendar.tsx): picking a day, and what the homes added on top of the
 * scheduling panel's use — marked days (a dot plus words for screen readers) and the shown month's changes.
 */

afterEach(() => cleanup());

/** The accessible description of an element: the text of the elements its aria-describedby names. */
function descriptionOf(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function day(name: RegExp) {
  return within(screen.getByRole('grid')).getByRole('button', { name });
}

function renderCalendar(props: Partial<Parameters<typeof Calendar>[0]> = {}) {
  const onChange = vi.fn();
  const onVisibleMonthChange = vi.fn();
  const view = render(
    <Calendar
      label="Cirurgias do mês"
      value="2026-03-05"
      onChange={onChange}
      onVisibleMonthChange={onVisibleMonthChange}
      previousLabel="Mês anterior"
      nextLabel="Próximo mês"
      {...props}
    />,
  );
  return { onChange, onVisibleMonthChange, ...view };
}

describe('Calendar', () => {
  it('shows the month in pt-BR and reports a picked day as yyyy-MM-dd', () => {
    const { onChange } = renderCalendar();
    expect(document.querySelector('h3')?.textContent).toMatch(/março de 2026/);
    fireEvent.click(day(/\b17 de março de 2026/));
    expect(onChange).toHaveBeenCalledWith('2026-03-17');
  });

  it('marks the given days with a dot and describes them for screen readers', () => {
    renderCalendar({ marks: new Map([['2026-03-10', '2 cirurgias'], ['2026-03-05', '1 cirurgia']]) });
    const tenth = day(/\b10 de março de 2026/);
    expect(tenth.getAttribute('data-marked')).toBe('true');
    expect(descriptionOf(tenth)).toBe('2 cirurgias');
    // The selected day keeps its mark too.
    expect(descriptionOf(day(/\b5 de março de 2026/))).toBe('1 cirurgia');
    const eleventh = day(/\b11 de março de 2026/);
    expect(eleventh.hasAttribute('data-marked')).toBe(false);
    expect(eleventh.hasAttribute('aria-describedby')).toBe(false);
  });

  it('drops a mark when the marks change', () => {
    const view = renderCalendar({ marks: new Map([['2026-03-10', '2 cirurgias']]) });
    expect(descriptionOf(day(/\b10 de março de 2026/))).toBe('2 cirurgias');
    view.rerender(
      <Calendar
        label="Cirurgias do mês"
        value="2026-03-05"
        onChange={() => {}}
        marks={new Map([['2026-03-12', '3 cirurgias']])}
        previousLabel="Mês anterior"
        nextLabel="Próximo mês"
      />,
    );
    const tenth = day(/\b10 de março de 2026/);
    expect(tenth.hasAttribute('data-marked')).toBe(false);
    expect(tenth.hasAttribute('aria-describedby')).toBe(false);
    expect(descriptionOf(day(/\b12 de março de 2026/))).toBe('3 cirurgias');
  });

  it('tells which month is shown when the user pages through months', () => {
    const { onVisibleMonthChange } = renderCalendar();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    expect(onVisibleMonthChange).toHaveBeenLastCalledWith('2026-04');
    expect(document.querySelector('h3')?.textContent).toMatch(/abril de 2026/);
    fireEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    expect(onVisibleMonthChange.mock.calls.map(([month]) => month)).toEqual(['2026-04', '2026-03', '2026-02']);
  });

  it('does not report the shown month again when a day of it is picked', () => {
    const { onVisibleMonthChange } = renderCalendar();
    fireEvent.click(day(/\b20 de março de 2026/));
    expect(onVisibleMonthChange).not.toHaveBeenCalled();
  });

  it('names itself by a visible label, or only for assistive technology with hideLabel', () => {
    renderCalendar();
    expect(screen.getByText('Cirurgias do mês')).toBeTruthy();
    cleanup();
    renderCalendar({ hideLabel: true });
    expect(screen.queryByText('Cirurgias do mês')).toBeNull();
    expect(screen.getByRole('application', { name: /Cirurgias do mês/ })).toBeTruthy();
  });
});
