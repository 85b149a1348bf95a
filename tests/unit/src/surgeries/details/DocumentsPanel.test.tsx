// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Surgery } from '../../../../../src/features/surgeries/types';
import { surgeryAt } from './surgeryFixture';
import { FakeXhr } from '../../fakeXhr';

// jsdom has no CSS.escape; React Aria's modal (the removal's confirmation) reads it.
if (typeof CSS === 'undefined' || !CSS.escape) {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) };
}

/**
 * The documents step (SPEC §4; DECISIONS §7): files refused in the browser, and the upload through
 * XMLHttpRequest with the session's Bearer token, its progress shown, and new_status env_doc.
 */

const client = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastWarning: vi.fn(), toastError: vi.fn() }));
vi.mock('../../../../../src/api/client', () => ({
  api: client,
  bearer: { current: () => 'token-1', forRetry: async () => 'token-2' },
}));
vi.mock('../../../../../src/lib/toast', () => toasts);

const { SurgeryLifecycle, loadAllPanels } = await import('../../../../../src/features/surgeries/details/SurgeryLifecycle');
// Each step's panel is a chunk loaded when first on view (issue 41): loaded here, as on a page that has shown them.
await loadAllPanels();
const { useCaseActor } = await import('../../../../../src/features/surgeries/details/caseActor');

function Harness({ initial }: { initial: Surgery }) {
  const [leave] = useState(() => vi.fn());
  const actor = useCaseActor(initial, { listPath: '/patients-surgery', leave });
  return <SurgeryLifecycle actor={actor} listPath="/patients-surgery" leave={leave} />;
}

async function choose(kind: string, file: File) {
  const input = document.querySelector<HTMLInputElement>(`input[type="file"][name="${kind}"]`);
  if (!input) throw new Error(`no input for ${kind}`);
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  await act(async () => {
    fireEvent.input(input);
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

describe('documents step', () => {
  it('shows the stored documents and offers only the plan template slot when the case has a plan', () => {
    render(<Harness initial={surgeryAt('prep_doc', { medical_report: '/files/laudo?signature=x', health_plan: null })} />);
    expect(screen.getByRole('link', { name: 'Abrir Laudo médico em uma nova aba' }).getAttribute('href')).toBe('/files/laudo?signature=x');
    expect(screen.getAllByText('Nenhum arquivo enviado')).toHaveLength(7);
    expect(screen.queryByText('Modelo do convênio preenchido')).toBeNull();
    expect(screen.getByText('Modelo do hospital preenchido')).toBeTruthy();
  });

  it('lists every file of a kind with its own link and asks before removing one (issue 33 #10b)', async () => {
    const files = [
      { id: 7, kind: 'patient_document' as const, document: null, name: 'rg-frente.pdf', uploaded_at: '2026-12-02T09:15:00-03:00', link: '/files/7?signature=a' },
      { id: 8, kind: 'patient_document' as const, document: null, name: 'rg-verso.png', uploaded_at: '2026-12-02T09:20:00-03:00', link: '/files/8?signature=b' },
    ];
    const initial = surgeryAt('prep_doc', { patient_document: '/files/latest?signature=c', document_files: files });
    client.DELETE.mockResolvedValue({ data: { ...initial, document_files: [files[1]] }, response: new Response(null, { status: 200 }) });
    render(<Harness initial={initial} />);
    expect(screen.getByText('2 arquivos enviados · o último em 02/12/2026 às 09:20')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir rg-frente.pdf em uma nova aba' }).getAttribute('href')).toBe('/files/7?signature=a');
    expect(screen.getByRole('link', { name: 'Abrir rg-verso.png em uma nova aba' }).getAttribute('href')).toBe('/files/8?signature=b');
    fireEvent.click(screen.getByRole('button', { name: 'Remover o arquivo rg-frente.pdf' }));
    expect(client.DELETE).not.toHaveBeenCalled();
    // The confirmation's dialog loads when it first opens (ConfirmDialog's LazyModal, issue 41 goal 6).
    expect(await screen.findByText('rg-frente.pdf sai desta cirurgia; os outros arquivos do documento ficam. A remoção fica no histórico.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remover arquivo' }));
    });
    await waitFor(() => expect(toasts.toastSuccess).toHaveBeenCalledWith('Arquivo removido.'));
    expect(client.DELETE).toHaveBeenCalledWith('/surgery/api/v1/surgery/{id}/document_files/{fileId}/', { params: { path: { id: initial.id, fileId: 7 } } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Abrir rg-frente.pdf em uma nova aba' })).toBeNull());
  });

  it('refuses a file that is neither a PDF nor an image, and one over 10 MB', async () => {
    render(<Harness initial={surgeryAt('prep_doc')} />);
    await choose('doctor_request', new File(['x'], 'pedido.txt', { type: 'text/plain' }));
    expect(screen.getByText('Use um PDF ou uma imagem (JPEG, PNG ou WebP).')).toBeTruthy();
    const big = new File(['x'], 'laudo.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await choose('medical_report', big);
    expect(screen.getByText('O arquivo passa de 10 MB.')).toBeTruthy();
    expect(screen.queryByText('Arquivo selecionado!')).toBeNull();
  });

  it('uploads the chosen files with the Bearer token, shows the progress and moves to env_doc', async () => {
    render(<Harness initial={surgeryAt('prep_doc')} />);
    await choose('doctor_request', new File(['%PDF-1.4'], 'pedido.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Arquivo selecionado!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const request = FakeXhr.sent[0]!;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/surgery/api/v1/include_surgery_files/41/');
    expect(request.headers.Authorization).toBe('Bearer token-1');
    expect(request.body?.get('new_status')).toBe('env_doc');
    expect((request.body?.get('doctor_request') as File).name).toBe('pedido.pdf');
    expect(screen.getByRole('button', { name: 'Enviando...' })).toBeTruthy();

    act(() => request.progress(40, 100));
    expect(screen.getByText('Enviando documentos... 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Envio dos documentos' }).getAttribute('aria-valuenow')).toBe('40');

    await act(async () => request.answer(200, surgeryAt('env_doc', { doctor_request: '/files/pedido?signature=y' })));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })[0]!.textContent).toBe('Envio de documentação (Hospital)'));
  });

  it('retries once with a fresh token after a 401, and shows a 400 answer as warnings', async () => {
    render(<Harness initial={surgeryAt('prep_doc')} />);
    await choose('patient_document', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'rg.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar documentos' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await act(async () => FakeXhr.sent[0]!.answer(401, { error: ['Sessão expirada. Entre novamente.'] }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.headers.Authorization).toBe('Bearer token-2');
    expect(FakeXhr.sent[1]!.body?.get('new_status')).toBe('prep_doc');
    await act(async () => FakeXhr.sent[1]!.answer(400, { error: ['Documento do paciente: envie um PDF ou uma imagem.'] }));
    await waitFor(() => expect(toasts.toastWarning).toHaveBeenCalledWith('Documento do paciente: envie um PDF ou uma imagem.'));
    expect(screen.getByText('Arquivo selecionado!')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })[0]!.textContent).toBe('Preparação de documentação');
  });
});
