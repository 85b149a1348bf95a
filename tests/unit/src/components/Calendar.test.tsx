// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar } from '../../../../src/components/ui/Calendar';

/**
 * The scheduling step's month calendar (src/components/ui/Calendar.tsx): picking a day, paging months, its label and
 * its error. The homes' calendar is MonthCalendarGrid (its own test).
 */

afterEach(() => cleanup());

function day(name: RegExp) {
  return within(screen.getByRole('grid')).getByRole('button', { name });
}

function renderCalendar(props: Partial<Parameters<typeof Calendar>[0]> = {}) {
  const onChange = vi.fn();
  const view = render(
    <Calendar label="Data da cirurgia" value="2026-03-05" onChange={onChange} previousLabel="Mês anterior" nextLabel="Próximo mês" {...props} />,
  );
  return { onChange, ...view };
}

describe('Calendar', () => {
  it('shows the month in pt-BR and reports a picked day as yyyy-MM-dd', () => {
    const { onChange } = renderCalendar();
    expect(document.querySelector('h3')?.textContent).toMatch(/março de 2026/);
    fireEvent.click(day(/\b17 de março de 2026/));
    expect(onChange).toHaveBeenCalledWith('2026-03-17');
  });

  it('pages through months with its arrows', () => {
    renderCalendar();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    expect(document.querySelector('h3')?.textContent).toMatch(/abril de 2026/);
    fireEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    expect(document.querySelector('h3')?.textContent).toMatch(/fevereiro de 2026/);
  });

  it('is named by its visible label and described by its error', () => {
    renderCalendar({ error: 'Escolha o dia da cirurgia.' });
    expect(screen.getByText('Data da cirurgia')).toBeTruthy();
    const calendar = screen.getByRole('application', { name: /Data da cirurgia/ });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Escolha o dia da cirurgia.');
    expect((calendar.getAttribute('aria-describedby') ?? '').split(' ')).toContain(alert.id);
  });
});
