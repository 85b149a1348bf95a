// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Patient } from '../../../../src/features/patients/actors';
import { PatientList } from '../../../../src/features/patients/PatientList';
import type { PatientListState } from '../../../../src/features/patients/usePatientList';

function patient(id: number, name: string, plan: string | null): Patient {
  return {
    id,
    nome_completo: name,
    foto: null,
    cellphone: '11987654321',
    convenio: plan ? { id, fantasy_name: plan } : null,
    birthday: null,
    address: null,
    full_address: null,
    cep: null,
    cpf: '529.982.247-25',
    gender: 'female',
    medic: { id: 3, first_name: 'Carlos Eduardo', last_name: 'Mendes' },
    anonymized_at: null,
    plan_card: null,
  };
}

const ready: PatientListState = {
  status: 'ready',
  items: [patient(1, 'Ana Souza', 'Unimed'), patient(2, 'Bruno Lima', null), patient(3, 'Carla Dias', 'Amil')],
  count: 45,
  hasMore: true,
  loadingMore: false,
  loadMoreFailed: false,
};

function Harness({ list, search = '', searching = false }: { list: PatientListState; search?: string; searching?: boolean }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <PatientList
      list={list}
      searchText={search}
      onSearchTextChange={handlers.search}
      searching={searching}
      appliedSearch={search}
      selectedId={selected}
      onSelect={(p) => setSelected(p.id)}
      onView={handlers.view}
      onAdd={handlers.add}
      onRetry={handlers.retry}
      onLoadMore={handlers.more}
    />
  );
}

const handlers = { search: vi.fn(), view: vi.fn(), add: vi.fn(), retry: vi.fn(), more: vi.fn() };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('PatientList', () => {
  it('shows name, plan (or "Sem convênio") and the medic’s first name, with the total', () => {
    render(<Harness list={ready} />);
    expect(screen.getByText('45 pacientes')).toBeTruthy();
    const first = screen.getByRole('button', { name: /Ana Souza/ });
    expect(first.textContent).toContain('Unimed');
    expect(first.textContent).toContain('Dr(a). Carlos');
    expect(screen.getByRole('button', { name: /Bruno Lima/ }).textContent).toContain('Sem convênio');
  });

  it('reveals "Visualizar paciente" for the selected row only', () => {
    render(<Harness list={ready} />);
    expect(screen.queryByRole('button', { name: 'Visualizar paciente' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Bruno Lima/ }));
    expect(screen.getByRole('button', { name: /Bruno Lima/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Visualizar paciente' }));
    expect(handlers.view).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('moves between rows with the arrow keys', () => {
    render(<Harness list={ready} />);
    const rows = screen.getAllByRole('button', { pressed: false });
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Bruno Lima/ }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Ana Souza/ }));
  });

  it('offers "Carregar mais" while there are more pages', () => {
    render(<Harness list={ready} />);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(handlers.more).toHaveBeenCalledOnce();
  });

  it('has designed loading, searching, empty, no-results and error states', () => {
    const { rerender } = render(<Harness list={{ ...ready, status: 'loading', items: [] }} />);
    expect(screen.getByText('Carregando pacientes...')).toBeTruthy();

    rerender(<Harness list={ready} search="ana" searching />);
    expect(screen.getAllByText('Buscando pacientes...').length).toBeGreaterThan(0);
    expect(screen.queryByRole('list')).toBeNull();

    rerender(<Harness list={{ ...ready, items: [], count: 0, hasMore: false }} />);
    expect(screen.getByText('Nenhum paciente cadastrado ainda')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar paciente' }));
    expect(handlers.add).toHaveBeenCalledOnce();

    rerender(<Harness list={{ ...ready, items: [], count: 0, hasMore: false }} search="zzz" />);
    expect(screen.getByText('Resultados para "zzz"')).toBeTruthy();
    expect(screen.getAllByText('Nenhum paciente encontrado').length).toBeGreaterThan(0);

    rerender(<Harness list={{ ...ready, status: 'error', items: [] }} />);
    expect(screen.getByRole('alert').textContent).toContain('Não foi possível carregar os pacientes');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(handlers.retry).toHaveBeenCalledOnce();
  });
});
