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

/**
 * 'Importar repasse (CSV)' (issue 38 item 3): the dialog asks who paid and the deposit's day first, checked here with
 * the server's rules and messages (per field), says which columns the CSV needs, then sends the fields and the CSV to
 * the repasse preview and import; the server's field errors land on the fields.
 */
const REPASSE_PREVIEW: TissStatementFile = {
  kind: 'repasse',
  medic_id: 3,
  hash_valid: true,
  discrepancies: [],
  statements: [
    {
      kind: 'repasse',
      number: 'a'.repeat(64),
      issued_on: '2026-03-19',
      plan: null,
      payer: { name: 'Hospital Santa Luzia', document: '11222333000181' },
      imported_at: null,
      guides: [
        {
          guide_number: '41', lot_number: null, plan_guide_number: null, match: 'guide_number', surgery_id: 55, patient_name: 'Maria Conceição',
          billed_cents: 250_000, informed_cents: null, released_cents: 123_456,
          receipts: [
            {
              payer: 'hospital', received_on: '2026-03-19', amount_cents: 123_456, deposit_reference: 'Repasse de Hospital Santa Luzia de 19/03/2026',
              payer_document: '11222333000181', payer_name: 'Hospital Santa Luzia', irrf_cents: 1_852, iss_cents: 0, pis_cofins_csll_cents: 0, withholding_cents: 1_852, note: null,
            },
          ],
          glosas: [], notes: [], posts: true,
        },
        {
          guide_number: 'X-999', lot_number: null, plan_guide_number: null, match: null, surgery_id: null, patient_name: null,
          billed_cents: null, informed_cents: null, released_cents: 10_000,
          receipts: [
            {
              payer: 'hospital', received_on: '2026-03-19', amount_cents: 10_000, deposit_reference: 'Repasse de Hospital Santa Luzia de 19/03/2026',
              payer_document: '11222333000181', payer_name: 'Hospital Santa Luzia', irrf_cents: 0, iss_cents: 0, pis_cofins_csll_cents: 0, withholding_cents: 0, note: null,
            },
          ],
          glosas: [],
          notes: ['Nenhuma cirurgia encontrada pelo número da guia, nem pela senha de autorização.'], posts: false,
        },
      ],
      totals: { guides: 2, unmatched: 1, receipts_cents: 123_456, glosas_cents: 0 },
    },
  ],
};

/** The repasse dialog, opened from its button. */
async function openRepasse() {
  fireEvent.click(screen.getByRole('button', { name: 'Importar repasse (CSV)' }));
  return screen.findByRole('dialog', { name: 'Importar repasse (CSV)' });
}

/** Types the repasse's fields as a secretary would (the CNPJ and the day as digits: the masks add the rest). */
function fillRepasse(dialog: HTMLElement, values: { payer?: string; name?: string; cnpj?: string; day?: string }) {
  if (values.payer !== undefined) fireEvent.change(within(dialog).getByLabelText('Quem pagou'), { target: { value: values.payer } });
  if (values.name !== undefined) fireEvent.change(within(dialog).getByLabelText('Nome de quem pagou'), { target: { value: values.name } });
  if (values.cnpj !== undefined) fireEvent.input(within(dialog).getByLabelText('CNPJ de quem pagou'), { target: { value: values.cnpj } });
  if (values.day !== undefined) fireEvent.input(within(dialog).getByLabelText('Data do depósito'), { target: { value: values.day } });
}

/** The field's error line (Field.tsx: the message the control is described by). */
const errorOf = (dialog: HTMLElement, label: string) => {
  const control = within(dialog).getByLabelText(label);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
};

/** Clicks `button` ('Escolher arquivo CSV'); when it opens the file chooser, `file` is chosen. Answers whether it opened. */
async function chooseCsv(dialog: HTMLElement, file: File, button = 'Escolher arquivo CSV') {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  expect(input.accept).toBe('.csv,text/csv');
  const click = vi.spyOn(input, 'click').mockImplementation(() => {});
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  const opened = click.mock.calls.length > 0;
  click.mockRestore();
  if (!opened) return false;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  await act(async () => {
    fireEvent.change(input);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return true;
}

describe('StatementImport, repasse', () => {
  const csv = () => new File(['Guia;Valor\n41;1.234,56\nX-999;100,00\n'], 'repasse.csv', { type: 'text/csv' });

  it('checks who paid and the day before the file, with the server’s messages on each field', async () => {
    render(<StatementImport medic={3} onImported={vi.fn()} source="repasse" />);
    const dialog = await openRepasse();
    expect(within(dialog).getByText(/precisa das colunas "Guia" e "Valor"; "Data", "IRRF", "ISS", "PIS\/COFINS\/CSLL" e "Paciente" são opcionais/)).toBeTruthy();
    expect(within(dialog).getByText(/Separado por ponto e vírgula, como o Excel salva\./)).toBeTruthy();
    const payers = [...(within(dialog).getByLabelText('Quem pagou') as HTMLSelectElement).options].filter((option) => !option.disabled).map((option) => option.textContent);
    expect(payers).toEqual(['Plano de Saúde', 'Hospital', 'Cooperativa', 'Outro']);

    // Nothing typed: each field says what it needs, and the file chooser does not open.
    expect(await chooseCsv(dialog, csv())).toBe(false);
    expect(errorOf(dialog, 'Quem pagou')).toBe('Escolha quem pagou o repasse.');
    expect(errorOf(dialog, 'Nome de quem pagou')).toBe('Informe o nome de quem pagou.');
    expect(errorOf(dialog, 'CNPJ de quem pagou')).toBe('Informe um CNPJ válido de quem pagou.');
    expect(errorOf(dialog, 'Data do depósito')).toBe('Informe a data do depósito (dd/mm/aaaa).');
    expect(within(dialog).getByLabelText('CNPJ de quem pagou').getAttribute('aria-invalid')).toBe('true');

    // Typing a field clears its error; a wrong CNPJ and a future day are refused as the server would.
    fillRepasse(dialog, { payer: 'hospital', name: 'Hospital Santa Luzia', cnpj: '11222333000182', day: '01012099' });
    expect(errorOf(dialog, 'Quem pagou')).toBe('');
    expect((within(dialog).getByLabelText('CNPJ de quem pagou') as HTMLInputElement).value).toBe('11.222.333/0001-82');
    expect(await chooseCsv(dialog, csv())).toBe(false);
    expect(errorOf(dialog, 'Nome de quem pagou')).toBe('');
    expect(errorOf(dialog, 'CNPJ de quem pagou')).toBe('Informe um CNPJ válido de quem pagou.');
    expect(errorOf(dialog, 'Data do depósito')).toBe('A data do depósito não pode ser futura.');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('sends the fields then the CSV to the preview, shows it, imports the same and tells the page', async () => {
    const onImported = vi.fn();
    render(<StatementImport medic={3} onImported={onImported} source="repasse" />);
    const dialog = await openRepasse();
    fillRepasse(dialog, { payer: 'hospital', name: '  Hospital   Santa Luzia ', cnpj: '11222333000181', day: '19032026' });
    expect(await chooseCsv(dialog, csv())).toBe(true);
    const [preview] = FakeXhr.sent;
    expect(preview).toMatchObject({ method: 'POST', url: '/surgery/api/v1/repasses/preview/?medic=3', headers: { Authorization: 'Bearer token-1' } });
    // The multipart: the text fields as the server reads them, in order, then the file.
    expect([...preview!.body!.keys()]).toEqual(['payer', 'payer_name', 'payer_document', 'received_on', 'file']);
    expect(Object.fromEntries([...preview!.body!.entries()].filter(([name]) => name !== 'file'))).toEqual({
      payer: 'hospital',
      payer_name: 'Hospital Santa Luzia',
      payer_document: '11222333000181',
      received_on: '2026-03-19',
    });
    expect(await (preview!.body!.get('file') as File).text()).toBe('Guia;Valor\n41;1.234,56\nX-999;100,00\n');
    await act(async () => preview!.progress(30, 100));
    expect(within(screen.getByRole('dialog')).getByText('Enviando… 30%')).toBeTruthy();

    await answer(preview!, 200, REPASSE_PREVIEW);
    const shown = screen.getByRole('dialog', { name: 'Conferir o repasse' });
    expect(within(shown).getByRole('heading', { name: 'Repasse de Hospital Santa Luzia de 19/03/2026' })).toBeTruthy();
    expect(within(shown).getByText('Hospital Santa Luzia · CNPJ 11.222.333/0001-81')).toBeTruthy();
    expect(within(shown).queryByRole('group', { name: 'Quem pagou o repasse' })).toBeNull();
    const table = within(shown).getByRole('table', { name: 'Guias do repasse' });
    expect(within(table).getByRole('columnheader', { name: 'Faturado' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Pago' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Abrir a cirurgia de Maria Conceição' }).getAttribute('href')).toBe('/surgery-details/55');
    expect(within(table).getByText('Recebimento R$ 1.234,56 em 19/03/2026, retenções R$ 18,52')).toBeTruthy();
    // The line without a case posts nothing (the server still names its receipt): it says so, and why.
    const unknown = within(table).getByText('X-999').closest('tr')!;
    expect(within(unknown).getByText('Não encontrada')).toBeTruthy();
    expect(within(unknown).getByText('Nada a lançar')).toBeTruthy();
    expect(within(unknown).queryByText(/Recebimento/)).toBeNull();
    expect(within(unknown).getByText('Nenhuma cirurgia encontrada pelo número da guia, nem pela senha de autorização.')).toBeTruthy();
    expect(within(shown).getByText('2 guias · 1 sem cirurgia · recebimentos R$ 1.234,56 · glosas R$ 0,00')).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Lançar no sistema' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const posted = FakeXhr.sent[1]!;
    expect(posted).toMatchObject({ method: 'POST', url: '/surgery/api/v1/repasses/?medic=3' });
    expect([...posted.body!.entries()].filter(([name]) => name !== 'file')).toEqual([...preview!.body!.entries()].filter(([name]) => name !== 'file'));
    expect((posted.body!.get('file') as File).name).toBe('repasse.csv');
    await answer(posted, 201, { ...REPASSE_PREVIEW, statements: [{ ...REPASSE_PREVIEW.statements[0]!, imported_at: '2026-03-20T15:00:00Z' }] });
    expect(toasts.toastSuccess).toHaveBeenCalledWith('Repasse importado: 2 guias · 1 sem cirurgia · recebimentos R$\u00a01.234,56 · glosas R$\u00a00,00.');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in the dialog and its field errors on the fields; a 409 on import", async () => {
    const onImported = vi.fn();
    render(<StatementImport medic={null} onImported={onImported} source="repasse" />);
    const dialog = await openRepasse();
    fillRepasse(dialog, { payer: 'coop', name: 'Unimed Coop', cnpj: '11222333000181', day: '19032026' });
    expect(await chooseCsv(dialog, csv())).toBe(true);
    expect(FakeXhr.sent[0]!.url).toBe('/surgery/api/v1/repasses/preview/');
    await answer(FakeXhr.sent[0]!, 400, { error: ['A data do depósito não pode ser futura.'], received_on: ['A data do depósito não pode ser futura.'] });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A data do depósito não pode ser futura.');
    const refused = screen.getByRole('dialog', { name: 'Importar repasse (CSV)' });
    expect(errorOf(refused, 'Data do depósito')).toBe('A data do depósito não pode ser futura.');

    // The day corrected, another try.
    fillRepasse(refused, { day: '18032026' });
    expect(errorOf(refused, 'Data do depósito')).toBe('');
    expect(await chooseCsv(refused, csv(), 'Escolher outro arquivo')).toBe(true);
    expect(FakeXhr.sent[1]!.body!.get('received_on')).toBe('2026-03-18');
    await answer(FakeXhr.sent[1]!, 200, REPASSE_PREVIEW);
    fireEvent.click(screen.getByRole('button', { name: 'Lançar no sistema' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    await answer(FakeXhr.sent[2]!, 409, { error: ['Este arquivo de repasse já foi importado em 20/03/2026: nada foi lançado de novo.'] });
    expect((await screen.findByRole('alert')).textContent).toContain('Este arquivo de repasse já foi importado em 20/03/2026');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('asks a secretary with several medics for the medic too', async () => {
    const medics = [
      { id: 3, first_name: 'Ana', last_name: 'Souza' },
      { id: 4, first_name: 'Beto', last_name: 'Lima' },
    ];
    render(<StatementImport medic={null} pickFrom={medics as never} onImported={vi.fn()} source="repasse" />);
    const dialog = await openRepasse();
    expect((within(dialog).getByRole('button', { name: 'Escolher arquivo CSV' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Médico'), { target: { value: '4' } });
    fillRepasse(dialog, { payer: 'outro', name: 'Clínica Parceira', cnpj: '11222333000181', day: '19032026' });
    expect(await chooseCsv(dialog, csv())).toBe(true);
    expect(FakeXhr.sent[0]!.url).toBe('/surgery/api/v1/repasses/preview/?medic=4');
  });
});
