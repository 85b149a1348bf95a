// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MonthCalendarGrid } from '../../../../src/components/ui/MonthCalendarGrid';

/**
 * The homes' month calendar without React Aria (src/components/ui/MonthCalendarGrid.tsx): the names, marks, month
 * changes and keyboard the React Aria calendar gave the homes (tests/unit/src/components/Calendar.test.tsx).
 */

afterEach(() => cleanup());

function descriptionOf(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function day(name: RegExp) {
  return within(screen.getByRole('grid')).getByRole('button', { name });
}

function renderCalendar(props: Partial<Parameters<typeof MonthCalendarGrid>[0]> = {}) {
  const onChange = vi.fn();
  const onVisibleMonthChange = vi.fn();
  const view = render(
    <MonthCalendarGrid
      label="Cirurgias do mês"
      value="2026-03-05"
      onChange={onChange}
      onVisibleMonthChange={onVisibleMonthChange}
      previousLabel="Mês anterior"
      nextLabel="Próximo mês"
      todayLabel="Hoje, {day}"
      selectedLabel="{day} selecionado"
      {...props}
    />,
  );
  return { onChange, onVisibleMonthChange, ...view };
}

describe('MonthCalendarGrid', () => {
  it('shows the month in pt-BR, names the days as React Aria did and reports a picked day as yyyy-MM-dd', () => {
    const { onChange } = renderCalendar();
    expect(document.querySelector('h3')?.textContent).toBe('março de 2026');
    expect(screen.getByRole('application', { name: 'Cirurgias do mês, março de 2026' })).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Cirurgias do mês, março de 2026' })).toBeTruthy();
    expect(day(/\b5 de março/).getAttribute('aria-label')).toBe('quinta-feira, 5 de março de 2026 selecionado');
    expect(day(/\b5 de março/).closest('td')?.getAttribute('aria-selected')).toBe('true');
    // March 2026 starts on a Sunday and has 31 days: five weeks, the last one ending in April (disabled, hidden).
    expect(screen.getAllByRole('row')).toHaveLength(5);
    expect(screen.getByRole('grid').querySelector('[data-date="2026-04-04"]')?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(day(/\b17 de março de 2026/));
    expect(onChange).toHaveBeenCalledWith('2026-03-17');
  });

  it("says 'Hoje' for today", () => {
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    renderCalendar({ value: today });
    expect(screen.getByRole('grid').querySelector('[data-today]')?.getAttribute('aria-label')).toMatch(/^Hoje, .* selecionado$/);
  });

  it('marks the given days with a dot and describes them for screen readers; drops a mark when the marks change', () => {
    const view = renderCalendar({ marks: new Map([['2026-03-10', '2 cirurgias'], ['2026-03-05', '1 cirurgia']]) });
    const tenth = day(/\b10 de março de 2026/);
    expect(tenth.getAttribute('data-marked')).toBe('true');
    expect(descriptionOf(tenth)).toBe('2 cirurgias');
    expect(descriptionOf(day(/\b5 de março de 2026/))).toBe('1 cirurgia');
    expect(day(/\b11 de março de 2026/).hasAttribute('aria-describedby')).toBe(false);
    view.rerender(
      <MonthCalendarGrid
        label="Cirurgias do mês"
        value="2026-03-05"
        onChange={() => {}}
        marks={new Map([['2026-03-12', '3 cirurgias']])}
        previousLabel="Mês anterior"
        nextLabel="Próximo mês"
        todayLabel="Hoje, {day}"
        selectedLabel="{day} selecionado"
      />,
    );
    expect(day(/\b10 de março de 2026/).hasAttribute('data-marked')).toBe(false);
    expect(descriptionOf(day(/\b12 de março de 2026/))).toBe('3 cirurgias');
  });

  it('tells which month is shown when the user pages through months, not when a day of it is picked', () => {
    const { onVisibleMonthChange } = renderCalendar();
    fireEvent.click(day(/\b20 de março de 2026/));
    expect(onVisibleMonthChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    expect(document.querySelector('h3')?.textContent).toBe('abril de 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    expect(onVisibleMonthChange.mock.calls.map(([month]) => month)).toEqual(['2026-04', '2026-03', '2026-02']);
  });

  it('moves by the keyboard with one day in the tab order, and picks with Enter', () => {
    const { onChange, onVisibleMonthChange } = renderCalendar({ value: '2026-03-31' });
    const grid = screen.getByRole('grid');
    const focusable = () => [...grid.querySelectorAll('[tabindex="0"]')].map((cell) => cell.getAttribute('data-date'));
    expect(focusable()).toEqual(['2026-03-31']);
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(focusable()).toEqual(['2026-03-30']);
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(focusable()).toEqual(['2026-03-23']);
    fireEvent.keyDown(grid, { key: 'End' });
    expect(focusable()).toEqual(['2026-03-31']);
    fireEvent.keyDown(grid, { key: 'PageUp' });
    expect(focusable()).toEqual(['2026-02-28']);
    expect(onVisibleMonthChange).toHaveBeenLastCalledWith('2026-02');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(onVisibleMonthChange).toHaveBeenLastCalledWith('2026-03');
    fireEvent.keyDown(grid, { key: 'PageDown', shiftKey: true });
    expect(focusable()).toEqual(['2027-03-01']);
    fireEvent.keyDown(grid, { key: 'Home' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('2027-03-08');
  });
});
