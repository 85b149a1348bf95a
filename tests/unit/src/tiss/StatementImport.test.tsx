// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TissStatementFile } from '../../../../src/api/tiss';
import { FakeXhr } from '../fakeXhr';

// jsdom has no CSS.escape; React Aria's modal reads it.
if (typeof CSS === 'undefined' || !CSS.escape) {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) };
}

/**
 * 'Importar demonstrativo' (issue 38): the file goes to the preview by POST through XMLHttpRequest with the Bearer
 * token, its progress shown; the preview names each guide's case or 'Não encontrada' and what will be posted; 'Lançar
 * no sistema' POSTs the same file to the import; a refusal shows the server's message in the dialog (role=alert).
 */

const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastWarning: vi.fn(), toastError: vi.fn() }));
vi.mock('../../../../src/api/client', () => ({
  api: { GET: vi.fn() },
  bearer: { current: () => 'token-1', forRetry: async () => 'token-2' },
}));
vi.mock('../../../../src/lib/toast', () => toasts);

const { StatementImport } = await import('../../../../src/components/billing/StatementImport');

const PREVIEW: TissStatementFile = {
  kind: 'analise',
  medic_id: 3,
  hash_valid: false,
  discrepancies: ['Guia 7: a soma das glosas (R$ 1,00) difere do total informado (R$ 2,00).'],
  statements: [
    {
      kind: 'analise',
      number: 'AC-9',
      issued_on: '2026-03-18',
      plan: { id: 1, name: 'Plano Azul', ans_registry: '123456' },
      payer: { name: 'PLANO AZUL SA', document: '11222333000181' },
      imported_at: null,
      guides: [
        {
          guide_number: '41', lot_number: '7', plan_guide_number: null, match: 'guide_number', surgery_id: 55, patient_name: 'Maria Conceição',
          billed_cents: 250_000, informed_cents: 250_000, released_cents: 220_000, receipts: [],
          glosas: [{ code: '1714', description: 'Valor do serviço superior ao valor de tabela', amount_cents: 30_000, note: null }], notes: [], posts: true,
        },
        {
          guide_number: 'PAPEL-1', lot_number: '7', plan_guide_number: null, match: null, surgery_id: null, patient_name: null,
          billed_cents: null, informed_cents: 10_000, released_cents: 10_000, receipts: [], glosas: [],
          notes: ['Nenhuma cirurgia encontrada pelo número da guia, nem pela carteira, data e procedimento.'], posts: false,
        },
      ],
      totals: { guides: 2, unmatched: 1, receipts_cents: 0, glosas_cents: 30_000 },
    },
  ],
};

async function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  expect(input.accept).toBe('.xml,application/xml,text/xml');
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  await act(async () => {
    fireEvent.change(input);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function answer(xhr: FakeXhr, status: number, body: unknown) {
  await act(async () => {
    xhr.answer(status, body);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  for (const mock of Object.values(toasts)) mock.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StatementImport', () => {
  // Testing Library reads the page's no-break spaces (R$ 300,00) as spaces; the toast's text is compared as sent.
  it('previews with progress, shows what will be posted, imports the same file and tells the page', async () => {
    const onImported = vi.fn();
    render(<StatementImport medic={3} onImported={onImported} />);
    const file = new File(['<xml/>'], 'demonstrativo.xml', { type: 'application/xml' });
    await choose(file);
    const [preview] = FakeXhr.sent;
    expect(preview).toMatchObject({ method: 'POST', url: '/surgery/api/v1/tiss/statements/preview/?medic=3', headers: { Authorization: 'Bearer token-1' } });
    expect(preview!.body!.get('file')).toBeInstanceOf(File);
    await act(async () => preview!.progress(40, 100));
    const dialog = await screen.findByRole('dialog', { name: 'Importar demonstrativo' });
    expect(within(dialog).getByText('Enviando… 40%')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');

    await answer(preview!, 200, PREVIEW);
    const shown = screen.getByRole('dialog', { name: 'Conferir o demonstrativo' });
    expect(within(shown).getByRole('heading', { name: 'Demonstrativo de análise de conta nº AC-9' })).toBeTruthy();
    expect(within(shown).getByText('Plano Azul · Emitido em 18/03/2026')).toBeTruthy();
    expect(within(shown).getByText(/\(hash\) do arquivo não confere/)).toBeTruthy();
    expect(within(shown).getByText(/^Os totais do próprio demonstrativo não fecham/)).toBeTruthy();
    expect(within(shown).getByText("Guia 7: a soma das glosas (R$ 1,00) difere do total informado (R$ 2,00).")).toBeTruthy();
    const table = within(shown).getByRole('table', { name: 'Guias do demonstrativo nº AC-9' });
    expect(within(table).getByRole('link', { name: 'Abrir a cirurgia de Maria Conceição' }).getAttribute('href')).toBe('/surgery-details/55');
    expect(within(table).getByText('Glosa R$ 300,00 · 1714 Valor do serviço superior ao valor de tabela')).toBeTruthy();
    expect(within(table).getByText('Não encontrada')).toBeTruthy();
    expect(within(shown).getByText('2 guias · 1 sem cirurgia · recebimentos R$ 0,00 · glosas R$ 300,00')).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Lançar no sistema' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const posted = FakeXhr.sent[1]!;
    expect(posted).toMatchObject({ method: 'POST', url: '/surgery/api/v1/tiss/statements/?medic=3' });
    expect((posted.body!.get('file') as File).name).toBe('demonstrativo.xml');
    expect(await (posted.body!.get('file') as File).text()).toBe('<xml/>');
    await answer(posted, 201, { ...PREVIEW, statements: [{ ...PREVIEW.statements[0]!, imported_at: '2026-03-20T15:00:00Z' }] });
    expect(toasts.toastSuccess).toHaveBeenCalledWith('Demonstrativo importado: 2 guias · 1 sem cirurgia · recebimentos R$\u00a00,00 · glosas R$\u00a0300,00.');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it("shows a refused file's message and an import's 409 in the dialog", async () => {
    const onImported = vi.fn();
    render(<StatementImport medic={null} onImported={onImported} />);
    await choose(new File(['x'], 'nota.xml'));
    expect(FakeXhr.sent[0]!.url).toBe('/surgery/api/v1/tiss/statements/preview/');
    await answer(FakeXhr.sent[0]!, 400, { error: ['O arquivo não é um XML válido (linha 1).'] });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('O arquivo não é um XML válido (linha 1).');

    await choose(new File(['<xml/>'], 'demonstrativo.xml'));
    await answer(FakeXhr.sent[1]!, 200, PREVIEW);
    fireEvent.click(screen.getByRole('button', { name: 'Lançar no sistema' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    await answer(FakeXhr.sent[2]!, 409, { error: ['Este demonstrativo já foi importado em 20/03/2026: nada foi lançado de novo.'] });
    expect((await screen.findByRole('alert')).textContent).toContain('Este demonstrativo já foi importado em 20/03/2026');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('disables the import of a file whose statements were all imported', async () => {
    render(<StatementImport medic={3} onImported={vi.fn()} />);
    await choose(new File(['<xml/>'], 'demonstrativo.xml'));
    await answer(FakeXhr.sent[0]!, 200, { ...PREVIEW, hash_valid: true, statements: [{ ...PREVIEW.statements[0]!, imported_at: '2026-03-20T15:00:00Z' }] });
    const dialog = await screen.findByRole('dialog', { name: 'Conferir o demonstrativo' });
    expect(within(dialog).getByText('Já importado em 20/03/2026: nada será lançado de novo.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Lançar no sistema' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByText(/hash/)).toBeNull();
  });

  it('asks a secretary with several medics to pick one before the file', async () => {
    const medics = [
      { id: 3, first_name: 'Ana', last_name: 'Souza' },
      { id: 4, first_name: 'Beto', last_name: 'Lima' },
    ];
    render(<StatementImport medic={null} pickFrom={medics as never} onImported={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Importar demonstrativo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar demonstrativo' });
    const pick = within(dialog).getByRole('button', { name: 'Escolher arquivo XML' }) as HTMLButtonElement;
    expect(pick.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Médico'), { target: { value: '4' } });
    expect(pick.disabled).toBe(false);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [new File(['<xml/>'], 'd.xml')] });
    await act(async () => {
      fireEvent.change(input);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(FakeXhr.sent[0]!.url).toBe('/surgery/api/v1/tiss/statements/preview/?medic=4');
  });
});
