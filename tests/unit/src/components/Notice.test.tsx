// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Notice } from '../../../../src/components/ui/Notice';

afterEach(() => cleanup());

describe('Notice', () => {
  it('is a polite status named by its title while loading, empty or without results', () => {
    const { rerender } = render(<Notice kind="loading" title="Carregando o painel..." />);
    expect(screen.getByRole('status', { name: 'Carregando o painel...' })).toBeTruthy();
    rerender(<Notice kind="empty" title="Não há nada para hoje" text="Escolha outro dia no calendário." />);
    expect(screen.getByRole('status', { name: 'Não há nada para hoje' }).textContent).toContain(
      'Escolha outro dia no calendário.',
    );
    rerender(<Notice kind="noResults" title="Nenhum paciente encontrado" />);
    expect(screen.getByRole('status', { name: 'Nenhum paciente encontrado' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("is an alert with 'Tentar novamente' when a read failed", () => {
    const retry = vi.fn();
    render(<Notice kind="failed" title="Não foi possível carregar o painel" onRetry={retry} />);
    expect(screen.getByRole('alert', { name: 'Não foi possível carregar o painel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('stays silent when told another region speaks, and shows its own action', () => {
    render(
      <Notice
        kind="empty"
        title="Nenhum paciente cadastrado ainda"
        action={<button type="button">Cadastrar paciente</button>}
        announce={false}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cadastrar paciente' })).toBeTruthy();
  });
});
