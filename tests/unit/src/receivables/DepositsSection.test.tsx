// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReadResult } from '../../../../src/api/read';
import type { TissStatementSummary } from '../../../../src/api/tiss';

// jsdom has no CSS.escape; React Aria's modal reads it.
if (typeof CSS === 'undefined' || !CSS.escape) {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) };
}

/**
 * 'Depósitos recebidos' on 'A receber' (issue 38 item 3): the imported payment statements and repasses (not the
 * analyses), newest first, each with its day, payer, cases paid of its guides and total; one read per medic of a
 * secretary (a 'Médico' column when several); its loading, failed and empty states; a row opens what it paid; a new
 * `refresh` reads again.
 */

const calls = vi.hoisted(() => ({ listStatements: vi.fn(), getStatement: vi.fn() }));
vi.mock('../../../../src/api/tiss', () => calls);

const { DepositsSection } = await import('../../../../src/features/receivables/DepositsSection');

const summary = (fields: Partial<TissStatementSummary> & Pick<TissStatementSummary, 'id' | 'kind'>): TissStatementSummary => ({
  number: `N-${fields.id}`,
  issued_on: '2026-03-10',
  plan_name: null,
  payer_name: 'Pagador',
  payer_document: null,
  guides: 1,
  unmatched: 0,
  receipts_count: 0,
  receipts_cents: 0,
  glosas_cents: 0,
  imported_at: '2026-03-20T12:00:00Z',
  ...fields,
});

const REPASSE = summary({ id: 1, kind: 'repasse', number: 'ab'.repeat(32), issued_on: '2026-03-19', payer_name: 'Hospital Santa Luzia', payer_document: '11222333000181', guides: 2, unmatched: 1, receipts_count: 1, receipts_cents: 123_456 });
const PAYMENT = summary({ id: 2, kind: 'pagamento', number: 'PG-7', issued_on: '2026-03-12', plan_name: 'Plano Azul', payer_name: 'PLANO AZUL SA', guides: 3, receipts_count: 3, receipts_cents: 500_000 });
const ANALYSIS = summary({ id: 3, kind: 'analise', number: 'AC-1', issued_on: '2026-03-25', plan_name: 'Plano Azul', guides: 3, glosas_cents: 30_000 });

const ok = <T,>(value: T): ReadResult<T> => ({ kind: 'ok', value });

beforeEach(() => {
  calls.listStatements.mockReset();
  calls.getStatement.mockReset();
});

afterEach(() => cleanup());

describe('DepositsSection', () => {
  it("lists a medic's deposits newest first, without the analyses; a row opens what it paid", async () => {
    calls.listStatements.mockResolvedValue(ok([PAYMENT, ANALYSIS, REPASSE]));
    calls.getStatement.mockResolvedValue(
      ok({ ...REPASSE, lots: [], glosas: [], receipts: [{ surgery_id: 55, patient_name: 'Maria Conceição', received_on: '2026-03-19', amount_cents: 123_456, deposit_reference: 'Repasse de Hospital Santa Luzia de 19/03/2026' }] }),
    );
    render(<DepositsSection owners="self" refresh={0} />);
    expect(screen.getByText('Carregando os depósitos...')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Depósitos recebidos' });
    expect(calls.listStatements).toHaveBeenCalledWith(null, expect.any(AbortSignal));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['19/03/2026', 'Hospital Santa LuziaRepasse', '1 de 2 guias', 'R$\u00a01.234,56'],
      ['12/03/2026', 'Plano AzulPagamento nº PG-7', '3 de 3 guias', 'R$\u00a05.000,00'],
    ]);
    expect(within(table).queryByRole('columnheader', { name: 'Médico' })).toBeNull();

    fireEvent.click(rows[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Repasse de Hospital Santa Luzia de 19/03/2026' });
    expect(calls.getStatement).toHaveBeenCalledWith(null, 1, expect.any(AbortSignal));
    expect((await within(dialog).findByRole('link', { name: 'Maria Conceição' })).getAttribute('href')).toBe('/surgery-details/55');
    expect(within(dialog).getByText('Total: 1 cirurgia paga')).toBeTruthy();
    expect(within(dialog).queryByText(/lote/i)).toBeNull();
  });

  it("reads each of a secretary's medics, with a 'Médico' column, and again on a new refresh", async () => {
    calls.listStatements.mockImplementation(async (medic: number) => ok(medic === 3 ? [REPASSE] : [PAYMENT]));
    const medics = [
      { id: 3, first_name: 'Ana', last_name: 'Souza' },
      { id: 4, first_name: 'Beto', last_name: 'Lima' },
    ] as never;
    const { rerender } = render(<DepositsSection owners={medics} refresh={0} />);
    const table = await screen.findByRole('table', { name: 'Depósitos recebidos' });
    expect(calls.listStatements.mock.calls.map(([medic]) => medic)).toEqual([3, 4]);
    expect(within(table).getByRole('columnheader', { name: 'Médico' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Hospital Santa Luzia/ }).textContent).toContain('Ana Souza');
    expect(within(table).getByRole('row', { name: /Plano Azul/ }).textContent).toContain('Beto Lima');

    calls.listStatements.mockImplementation(async (medic: number) => ok(medic === 3 ? [REPASSE, summary({ id: 9, kind: 'repasse', issued_on: '2026-03-21', payer_name: 'Coop Nova' })] : [PAYMENT]));
    rerender(<DepositsSection owners={medics} refresh={1} />);
    // The rows stay while the list is read again.
    expect(screen.getByRole('table', { name: 'Depósitos recebidos' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Depósitos recebidos' })).getAllByRole('row')).toHaveLength(4));
    expect(calls.listStatements).toHaveBeenCalledTimes(4);
  });

  it('says when there is no deposit yet, and when the list could not be read (with a retry)', async () => {
    calls.listStatements.mockResolvedValueOnce(ok([ANALYSIS]));
    render(<DepositsSection owners="self" refresh={0} />);
    expect(await screen.findByText('Nenhum depósito importado ainda.')).toBeTruthy();
    cleanup();

    calls.listStatements.mockResolvedValueOnce({ kind: 'error' }).mockResolvedValueOnce(ok([REPASSE]));
    render(<DepositsSection owners="self" refresh={0} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível carregar os depósitos importados.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' })));
    expect(await screen.findByRole('table', { name: 'Depósitos recebidos' })).toBeTruthy();
  });

  it("shows the ten latest, then every one on 'Mostrar todos'", async () => {
    const many = Array.from({ length: 12 }, (_, index) => summary({ id: 100 + index, kind: 'repasse', issued_on: `2026-03-${String(index + 1).padStart(2, '0')}`, payer_name: `Hospital ${index + 1}` }));
    calls.listStatements.mockResolvedValue(ok(many));
    render(<DepositsSection owners="self" refresh={0} />);
    const table = await screen.findByRole('table', { name: 'Depósitos recebidos' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Hospital 12');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todos (12)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByRole('button', { name: 'Mostrar só os mais recentes' })).toBeTruthy();
  });
});
