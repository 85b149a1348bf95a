// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SurgeryHistoryEntry } from '../../../../../src/api/clocks';
import { answer, surgeryAt } from './surgeryFixture';

/**
 * 'Histórico' on /surgery-details (issue 33 item 7): each kind of entry the server's timeline holds is written out in
 * words — the move with the required documents it went on without, the handover between two people, the ledger's
 * billing, receipt, glosa and appeal, a deleted entry, a document attached (a kind's and a named document's) and one
 * removed — each with who and when in São Paulo time. The API client is the only stand-in.
 */

const client = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }));
vi.mock('../../../../../src/api/client', () => ({
  api: client,
  bearer: { current: () => 'token-1', forRetry: async () => 'token-2' },
}));

const { CaseHistory } = await import('../../../../../src/features/surgeries/details/CaseHistory');
const { useCaseActor } = await import('../../../../../src/features/surgeries/details/caseActor');

const juliana = { id: 7, first_name: 'Juliana', last_name: 'Souza' };
const carlos = { id: 3, first_name: 'Carlos', last_name: 'Mendes' };

function entry(kind: SurgeryHistoryEntry['kind'], at: string, fields: Partial<SurgeryHistoryEntry> = {}): SurgeryHistoryEntry {
  return {
    kind,
    at,
    actor: juliana,
    from_status: null,
    to_status: null,
    reason: null,
    reason_note: null,
    missing_documents: [],
    from_holder: null,
    to_holder: null,
    amount_cents: null,
    on: null,
    document: null,
    text: null,
    ...fields,
  };
}

/** Newest first, as the server answers. 17:35 UTC is 14:35 in São Paulo. */
const TIMELINE: SurgeryHistoryEntry[] = [
  entry('document_removed', '2026-03-12T17:35:00.000Z', { document: 'medical_report' }),
  entry('document_attached', '2026-03-12T17:30:00.000Z', { document: 'Risco cirúrgico', text: 'risco.pdf' }),
  entry('document_attached', '2026-03-12T17:20:00.000Z', { document: 'patient_document', text: 'rg-frente.png' }),
  entry('glosa_appeal', '2026-03-11T17:00:00.000Z', { on: '2026-03-11', text: 'parcial', amount_cents: 12_345 }),
  entry('glosa', '2026-03-10T17:00:00.000Z', { on: '2026-03-10', amount_cents: 30_000, text: 'Código não coberto' }),
  entry('receipt_removed', '2026-03-09T18:00:00.000Z', { actor: carlos, on: '2026-03-05', amount_cents: 50_000 }),
  entry('receipt', '2026-03-09T17:00:00.000Z', { on: '2026-03-06', amount_cents: 20_000 }),
  entry('billing', '2026-03-08T17:00:00.000Z', { on: '2026-03-02', text: 'G-77' }),
  entry('holder', '2026-03-07T17:00:00.000Z', { actor: carlos, from_holder: carlos, to_holder: juliana }),
  entry('moved', '2026-03-06T17:00:00.000Z', {
    from_status: 'prep_doc',
    to_status: 'env_doc',
    missing_documents: ['Laudo médico', 'Risco cirúrgico'],
  }),
  entry('created', '2026-03-01T12:00:00.000Z', { actor: null, to_status: 'ind_paciente' }),
];

function Harness() {
  const [leave] = useState(() => vi.fn());
  const actor = useCaseActor(surgeryAt('env_doc'), { listPath: '/patients-surgery', leave });
  return <CaseHistory actor={actor} />;
}

/** Each entry's lines, newest first: its title, what changed, who and when (money's no-break space as a space). */
async function entriesShown(): Promise<string[][]> {
  const list = await screen.findByRole('list', { name: 'Histórico' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [...item.children].map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' ')));
}

beforeEach(() => {
  client.GET.mockReset();
});

afterEach(() => {
  cleanup();
});

describe("a case's 'Histórico'", () => {
  it('writes every kind of entry out in words, with who and when', async () => {
    client.GET.mockImplementation(async (path: string) =>
      path === '/surgery/api/v1/surgery/{id}/history/' ? answer(200, { results: TIMELINE }) : answer(404, { error: ['Não encontrado.'] }),
    );
    render(<Harness />);
    // Eleven entries: the ten latest first, the rest behind the button.
    expect(await entriesShown()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todo o histórico (11 registros)' }));
    expect(await entriesShown()).toEqual([
      ['Documento removido ou substituído', 'Laudo médico', 'Juliana Souza · 12/03/2026 às 14:35'],
      ['Documento anexado', 'Risco cirúrgico · risco.pdf', 'Juliana Souza · 12/03/2026 às 14:30'],
      ['Documento anexado', 'Documento do paciente · rg-frente.png', 'Juliana Souza · 12/03/2026 às 14:20'],
      ['Recurso de glosa', 'Recurso enviado em 11/03/2026', 'Resultado: Parcialmente revertida · R$ 123,45 recuperados', 'Juliana Souza · 11/03/2026 às 14:00'],
      ['Glosa lançada', 'R$ 300,00 glosados em 10/03/2026', 'Motivo: Código não coberto', 'Juliana Souza · 10/03/2026 às 14:00'],
      ['Recebimento excluído', 'R$ 500,00 de 05/03/2026', 'Carlos Mendes · 09/03/2026 às 15:00'],
      ['Recebimento lançado', 'R$ 200,00 recebidos em 06/03/2026', 'Juliana Souza · 09/03/2026 às 14:00'],
      ['Faturamento registrado', 'Faturado em 02/03/2026', 'Guia/lote: G-77', 'Juliana Souza · 08/03/2026 às 14:00'],
      ['Caso passado a outro responsável', 'Carlos Mendes → Juliana Souza', 'Carlos Mendes · 07/03/2026 às 14:00'],
      [
        'Mudança de etapa',
        'Preparação de documentação → Envio de documentação (Hospital)',
        'Avançou sem os documentos exigidos: Laudo médico, Risco cirúrgico',
        'Juliana Souza · 06/03/2026 às 14:00',
      ],
      ['Cirurgia cadastrada', 'Etapa: Cadastro de Cirurgia', '01/03/2026 às 09:00'],
    ]);
    expect(screen.getByRole('button', { name: 'Mostrar só os mais recentes' })).toBeTruthy();
  });

  it('says so when nothing could be read, and when there is nothing yet', async () => {
    client.GET.mockResolvedValue(answer(200, { results: [] }));
    render(<Harness />);
    expect(await screen.findByText('Nada registrado ainda.')).toBeTruthy();
    cleanup();
    client.GET.mockResolvedValue(answer(500, { error: ['Falhou.'] }));
    render(<Harness />);
    expect(await screen.findByText('Não foi possível carregar o histórico.')).toBeTruthy();
  });
});
