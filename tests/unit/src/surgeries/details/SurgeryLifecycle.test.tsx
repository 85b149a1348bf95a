// @vitest-environment jsdom
import type { MutableRefObject } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseStatus } from '../../../../../machines/constants';
import { conflictMessage } from '../../../../../machines/surgeryLifecycle/lifecycleRules';
import type { Surgery } from '../../../../../src/features/surgeries/types';
import { answer, surgeryAt } from './surgeryFixture';

/**
 * The step panels of /surgery-details (src/features/surgeries/details), rendered with the real lifecycle machine
 * and a mocked API client: SPEC §5's messages before anything is sent, the approval switches, which steps open,
 * the back move's failure, the archive dialog and the 409 jump after 400 ms.
 */

const client = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn() }));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastWarning: vi.fn(), toastWarningWithAction: vi.fn(), toastError: vi.fn() }));

vi.mock('../../../../../src/api/client', () => ({
  api: client,
  bearer: { current: () => 'token', forRetry: async () => null },
}));
vi.mock('../../../../../src/lib/toast', () => toasts);

const { SurgeryLifecycle, loadAllPanels } = await import('../../../../../src/features/surgeries/details/SurgeryLifecycle');
// Each step's panel is a chunk loaded when first on view (issue 41): loaded here, as on a page that has shown them.
await loadAllPanels();
const { useCaseActor } = await import('../../../../../src/features/surgeries/details/caseActor');
const { setDraftOwner } = await import('../../../../../src/lib/drafts/draftStore');
type FormDraft = import('../../../../../src/lib/drafts/useFormDraft').FormDraft;

// jsdom has no CSS.escape; React Aria's modal reads it.
if (typeof CSS === 'undefined' || !CSS.escape) {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) };
}

const leave = vi.fn();

/** The page's part: the case's lifecycle actor, started from the case as first read. */
function Harness({ initial, draftRef }: { initial: Surgery; draftRef?: MutableRefObject<FormDraft | null> }) {
  const actor = useCaseActor(initial, { listPath: '/patients-surgery', leave });
  return <SurgeryLifecycle actor={actor} draftRef={draftRef} listPath="/patients-surgery" leave={leave} />;
}

/** Renders the case at `status`; `server` answers GET surgery/{id}/ (the case read again after a conflict jump). */
function renderAt(status: CaseStatus, overrides: Partial<Surgery> = {}, server?: () => Surgery) {
  if (server) {
    client.GET.mockImplementation(async (path: string) =>
      path === '/surgery/api/v1/surgery/{id}/' ? answer(200, server()) : answer(404, { error: ['Não encontrado.'] }),
    );
  }
  return render(<Harness initial={surgeryAt(status, overrides)} />);
}

function panelTitle(): string {
  return screen.getAllByRole('heading', { level: 2 })[0]!.textContent ?? '';
}

function putCalls() {
  return client.PUT.mock.calls as unknown as [string, { params: { path: { id: number } }; body: Record<string, unknown> }][];
}

function typeInto(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.input(input, { target: { value } });
  fireEvent.change(input, { target: { value } });
}

beforeEach(() => {
  client.GET.mockReset();
  client.PUT.mockReset();
  for (const mock of Object.values(toasts)) mock.mockReset();
  leave.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('step panels: SPEC §5 messages before sending', () => {
  it('asks for the sending date and sends it as yyyy-MM-dd', async () => {
    client.PUT.mockResolvedValue(answer(200, surgeryAt('autorizacao', { document_arrivals: '2026-03-05' })));
    client.GET.mockResolvedValue(answer(200, { hospital_approvals: null, plan_approvals: null, opme_approvals: null, opme: false, health_plan_approval: true }));
    renderAt('env_doc');
    expect(panelTitle()).toBe('Envio de documentação (Hospital)');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    expect(await screen.findByText('Preencha a data de envio da documentação!')).toBeTruthy();
    expect(client.PUT).not.toHaveBeenCalled();

    typeInto('Data de envio da documentação', '05/03/2026');
    typeInto('Observações do envio (opcional)', 'Entregue na recepção');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    await waitFor(() => expect(panelTitle()).toBe('Autorização'));
    expect(putCalls()[0]![0]).toBe('/surgery/api/v1/update/{id}/');
    expect(putCalls()[0]![1].body).toEqual({
      new_status: 'autorizacao',
      document_arrivals: '2026-03-05',
      document_note: 'Entregue na recepção',
      version: 3,
    });
  });

  it('refuses a date that does not exist with "Data invalida!" at the accomplishment step', async () => {
    renderAt('realizacao');
    typeInto('Data da realização', '31/02/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    expect(await screen.findByText('Data invalida!')).toBeTruthy();
    expect(client.PUT).not.toHaveBeenCalled();
  });

  it('asks before recording a surgery on a day before its scheduled one (third week)', async () => {
    client.PUT.mockResolvedValue(answer(200, surgeryAt('pagamento', { accomplishment: '2026-03-08' })));
    renderAt('realizacao', { schedule: '2026-03-10T08:00:00-03:00', accomplishment: null });
    const date = screen.getByLabelText('Data da realização') as HTMLInputElement;
    fireEvent.input(date, { target: { value: '' } });
    fireEvent.change(date, { target: { value: '' } });
    typeInto('Data da realização', '08/03/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Realizada antes do dia agendado?' });
    expect(ask.textContent).toContain(
      'A cirurgia estava agendada para 10/03/2026, e a data informada é 08/03/2026, antes disso. Confirme que ela foi realizada em 08/03/2026.',
    );
    expect(client.PUT).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Não, corrigir a data' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(client.PUT).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    const again = await screen.findByRole('alertdialog', { name: 'Realizada antes do dia agendado?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Sim, realizada em 08/03/2026' }));
    await waitFor(() => expect(client.PUT).toHaveBeenCalledTimes(1));
    expect(putCalls()[0]![1].body).toMatchObject({ new_status: 'pagamento', accomplishment: '2026-03-08' });
  });

  it('needs a day on the calendar and a valid hour to schedule', async () => {
    renderAt('agendamento');
    typeInto('Hora', '25:10');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    expect(await screen.findByText('Selecione o dia no calendário!')).toBeTruthy();
    expect(screen.getByText('Hora invalida!')).toBeTruthy();
    expect(client.PUT).not.toHaveBeenCalled();
  });

  it('sends the picked day and hour as the São Paulo schedule', async () => {
    client.PUT.mockResolvedValue(answer(200, surgeryAt('realizacao', { schedule: '2026-03-10T14:30:00-03:00' })));
    renderAt('agendamento', { schedule: '2026-03-09T08:00:00-03:00' });
    const grid = screen.getByRole('grid');
    fireEvent.click(within(grid).getByRole('button', { name: /10 de março de 2026/ }));
    expect(screen.getByText('Dia escolhido: 10/03/2026')).toBeTruthy();
    typeInto('Hora', '14:30');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    // 10/03/2026 has passed (this suite runs after it): said beside the hour and asked before sending (third week).
    expect(screen.getByText('10/03/2026 já passou: a cirurgia ficará agendada para uma data passada.')).toBeTruthy();
    const ask = await screen.findByRole('alertdialog', { name: 'Agendar numa data que já passou?' });
    expect(ask.textContent).toContain(
      'O dia escolhido (10/03/2026) é anterior a hoje. Se a cirurgia já aconteceu nesse dia, confirme; se foi um engano, escolha outro dia.',
    );
    expect(client.PUT).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Sim, agendar em 10/03/2026' }));
    await waitFor(() => expect(client.PUT).toHaveBeenCalledTimes(1));
    expect(putCalls()[0]![1].body).toMatchObject({ new_status: 'realizacao', schedule: '2026-03-10 14:30:00' });
  });

  it('a day that has passed is not sent when the person answers no', async () => {
    renderAt('agendamento', { schedule: '2026-03-09T08:00:00-03:00' });
    fireEvent.click(within(screen.getByRole('grid')).getByRole('button', { name: /10 de março de 2026/ }));
    typeInto('Hora', '14:30');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Agendar numa data que já passou?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Não, escolher outro dia' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(client.PUT).not.toHaveBeenCalled();
  });

  it('asks for the value received and a valid payment date', async () => {
    renderAt('pagamento');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar recebimento' }));
    expect(await screen.findByText('Insira um valor recebido!')).toBeTruthy();
    expect(screen.getByText('Data invalida!')).toBeTruthy();
    expect(client.PUT).not.toHaveBeenCalled();
  });

  it('finishes the case: concluido, "Finalizado com sucesso!" and /surgery-status', async () => {
    client.PUT.mockResolvedValue(answer(200, surgeryAt('concluido', { payment_done: 1234.56, date_payment: '2026-04-02' })));
    renderAt('pagamento');
    const value = screen.getByLabelText('Valor recebido');
    fireEvent.input(value, { target: { value: 'R$ 1.234,56' } });
    fireEvent.change(value, { target: { value: 'R$ 1.234,56' } });
    typeInto('Data do pagamento', '02/04/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar recebimento' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/surgery-status'));
    expect(putCalls()[0]![1].body).toEqual({
      new_status: 'concluido',
      payment_done: 1234.56,
      date_payment: '2026-04-02',
      payment_notes: null,
      version: 3,
    });
    expect(toasts.toastSuccess).toHaveBeenCalledWith('Finalizado com sucesso!');
  });
});

describe('authorization step', () => {
  const pending = { hospital_approvals: null, plan_approvals: null, opme_approvals: null, opme: false, health_plan_approval: true };

  it('flips an approval only when the server accepted it', async () => {
    client.GET.mockResolvedValue(answer(200, pending));
    client.PUT.mockResolvedValueOnce(answer(400, { error: ['Dados inválidos.'] }));
    renderAt('autorizacao');
    const hospital = await screen.findByRole('switch', { name: 'Aprovação do hospital: Aprovada' });
    expect((hospital as HTMLInputElement).checked).toBe(false);
    expect(within(hospital.closest('[data-approval]') as HTMLElement).getByText('Pendente')).toBeTruthy();

    fireEvent.click(hospital);
    await waitFor(() => expect(toasts.toastWarning).toHaveBeenCalledWith('Dados inválidos.'));
    expect((hospital as HTMLInputElement).checked).toBe(false);
    expect(putCalls()[0]![1].body).toEqual({
      new_status: 'autorizacao',
      hospital_approvals: 'aprovada',
      hospital_approvals_note: null,
      version: 3,
    });

    client.PUT.mockResolvedValueOnce(answer(200, surgeryAt('autorizacao')));
    fireEvent.click(hospital);
    await waitFor(() => expect((hospital as HTMLInputElement).checked).toBe(true));
    const box = hospital.closest('[data-approval]') as HTMLElement;
    expect(within(box).queryByText('Pendente')).toBeNull();
    expect(within(box).getAllByText('Aprovada')).toHaveLength(2);
  });

  it('says SPEC §8\'s generic messages when a move fails without a message of its own', async () => {
    client.GET.mockResolvedValue(answer(200, pending));
    renderAt('autorizacao');
    const hospital = await screen.findByRole('switch', { name: 'Aprovação do hospital: Aprovada' });

    client.PUT.mockResolvedValueOnce(answer(400, '<html>Bad Request</html>'));
    fireEvent.click(hospital);
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Ocorreu um erro desconhecido!'));

    client.PUT.mockResolvedValueOnce(answer(500, { detail: 'boom' }));
    fireEvent.click(hospital);
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Ocorreu um erro interno!'));

    client.PUT.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(hospital);
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Ocorreu um erro, tente novamente!'));

    client.PUT.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    fireEvent.click(hospital);
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Ocorreu um erro tente novamente!'));
    expect((hospital as HTMLInputElement).checked).toBe(false);
  });

  it('shows only why the OPME and plan approvals do not apply (no switch, no notes), third week', async () => {
    client.GET.mockResolvedValue(answer(200, { ...pending, health_plan_approval: false }));
    renderAt('autorizacao', { payment_fountains: 'particular', health_plan: null });
    const hospital = await screen.findByRole('switch', { name: 'Aprovação do hospital: Aprovada' });
    expect((hospital as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('switch', { name: 'Aprovação do convênio: Aprovada' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Aprovação de OPME: Aprovada' })).toBeNull();
    expect(screen.queryByLabelText('Observações do convênio')).toBeNull();
    expect(screen.queryByLabelText('Observações de OPME')).toBeNull();
    expect(document.querySelector('[data-approval="hospital"]')!.textContent).toContain('Observações do hospital');
    const plan = document.querySelector('[data-approval="plan"]')!;
    expect(plan.textContent).toBe('Aprovação do convênioNão se aplicaA fonte pagadora não é plano de saúde.');
    expect(document.querySelector('[data-approval="opme"]')!.textContent).toBe('Aprovação de OPMENão se aplicaA cirurgia não usa OPME.');
  });

  it('does not move on until every approval that applies is approved', async () => {
    client.GET.mockResolvedValue(answer(200, { ...pending, hospital_approvals: 'aprovada', plan_approvals: 'negada' }));
    renderAt('autorizacao');
    await screen.findByRole('switch', { name: 'Aprovação do hospital: Aprovada' });
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    await waitFor(() => expect(toasts.toastWarning).toHaveBeenCalledWith('Todos os status tem que está aprovado!'));
    expect(client.PUT).not.toHaveBeenCalled();
  });
});

describe('step indicator', () => {
  function stepButton(n: number) {
    return screen.getByRole('button', { name: new RegExp(`^(Abrir a etapa|Etapa) ${n}:`) }) as HTMLButtonElement;
  }

  it('opens the steps up to the current one, the earlier ones read-only', () => {
    renderAt('env_doc', { document_arrivals: null, doctor_request: '/surgery/api/v1/files/41/doctor_request/?expires=1&signature=x' });
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => stepButton(n).disabled)).toEqual([false, false, false, true, true, true, true]);
    // The step bar names each stage as SPEC §3 does, as the panel's title and the header do (one name per stage).
    expect(document.querySelector('[aria-current="step"]')?.textContent).toBe('3Envio de documentação (Hospital)');
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => stepButton(n).textContent?.replace(/^\d/, ''))).toEqual([
      'Cadastro de Cirurgia',
      'Preparação de documentação',
      'Envio de documentação (Hospital)',
      'Autorização',
      'Agendamento de cirurgia',
      'Realização de cirurgia',
      'Pagamento de honorário',
    ]);

    fireEvent.click(stepButton(2));
    expect(panelTitle()).toBe('Preparação de documentação');
    expect(screen.getByText('Somente leitura')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir Pedido médico em uma nova aba' }).getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Próximo passo' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ir para a etapa atual' }));
    expect(panelTitle()).toBe('Envio de documentação (Hospital)');
    expect(screen.getByRole('button', { name: 'Próximo passo' })).toBeTruthy();
  });

  it('opens every step, read-only, once the case is finished', () => {
    renderAt('concluido', { payment_done: 3000, date_payment: '2026-04-02' });
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => stepButton(n).disabled)).toEqual(Array(7).fill(false));
    expect(panelTitle()).toBe('Pagamento de honorário');
    expect(screen.getByText('R$ 3.000,00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar recebimento' })).toBeNull();
    fireEvent.click(stepButton(1));
    expect(panelTitle()).toBe('Cadastro de Cirurgia');
    expect(screen.queryByRole('button', { name: 'Arquivar ciclo' })).toBeNull();
  });
});

describe('back, archive and the conflict jump', () => {
  it('says "Não foi possível voltar etapa" when the back move fails', async () => {
    client.PUT.mockResolvedValue(answer(500, { error: ['Ocorreu um erro interno!'] }));
    renderAt('env_doc');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar etapa' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Não foi possível voltar etapa'));
    expect(putCalls()[0]![1].body).toEqual({ new_status: 'prep_doc', version: 3 });
    expect(panelTitle()).toBe('Envio de documentação (Hospital)');
  });

  it('sends the user back to the list from the first step', () => {
    renderAt('ind_paciente');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(leave).toHaveBeenCalledWith('/patients-surgery');
    expect(client.PUT).not.toHaveBeenCalled();
  });

  it('archives after "Tem certeza?" with a reason and "Sim, arquivar!"', async () => {
    client.PUT.mockResolvedValue(answer(200, surgeryAt('arquiv')));
    renderAt('agendamento');
    fireEvent.click(screen.getByRole('button', { name: 'Arquivar ciclo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    // Without a reason nothing is sent: the select says why.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, arquivar!' }));
    expect(await within(dialog).findByText('Selecione o motivo.')).toBeTruthy();
    expect(client.PUT).not.toHaveBeenCalled();
    // 'Outro motivo' needs its text.
    fireEvent.change(within(dialog).getByLabelText('Motivo do arquivamento'), { target: { value: 'outro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, arquivar!' }));
    expect(await within(dialog).findByText('Descreva o motivo.')).toBeTruthy();
    expect(client.PUT).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Descrição do motivo/), { target: { value: '  Mudou de cidade. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, arquivar!' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/patients-surgery'));
    expect(putCalls()[0]![0]).toBe('/surgery/api/v1/archive_surgery/{id}/');
    expect(putCalls()[0]![1].body).toEqual({ version: 3, reason: 'outro', reason_note: 'Mudou de cidade.' });
    expect(toasts.toastSuccess).toHaveBeenCalledWith('Cirurgia arquivado com sucesso!');
  });

  it('cancels with the reason chosen, its text optional', async () => {
    client.PUT.mockResolvedValue(answer(200, surgeryAt('cancelado')));
    renderAt('pagamento');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar cirurgia' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza?' });
    fireEvent.change(within(dialog).getByLabelText('Motivo do cancelamento'), { target: { value: 'financeiro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar!' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/patients-surgery'));
    expect(putCalls()[0]).toEqual(['/surgery/api/v1/cancel_surgery/{id}/', expect.objectContaining({ body: { version: 3, reason: 'financeiro', reason_note: null } })]);
    expect(toasts.toastSuccess).toHaveBeenCalledWith('Cirurgia cancelada com sucesso!');
  });

  it('shows why a lost case was closed', () => {
    renderAt('cancelado', { loss_reason: 'autorizacao_negada', loss_reason_note: 'Guia negada pelo plano.' });
    expect(screen.getByText('Motivo: Autorização negada — Guia negada pelo plano.')).toBeTruthy();
  });

  it('offers cancelling at the payment step only, with "Sim, cancelar!" / "Fechar"', async () => {
    renderAt('pagamento');
    expect(screen.queryByRole('button', { name: 'Arquivar ciclo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar cirurgia' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza?' });
    expect(within(dialog).getByRole('button', { name: 'Sim, cancelar!' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(client.PUT).not.toHaveBeenCalled();
  });

  it('warns on a 409 and shows the actual step 400 ms later, with the case read again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const message = conflictMessage('agendamento');
    client.PUT.mockResolvedValue(answer(409, { message, status: { actual_status: 'agendamento' } }));
    const server = vi.fn(() => surgeryAt('agendamento', { document_arrivals: '2026-03-05', schedule_note: 'Jejum de 8 horas' }));
    renderAt('env_doc', {}, server);

    typeInto('Data de envio da documentação', '05/03/2026');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    // The stale tab is told in plain words what happened, with a way to reload (not the server's technical text).
    expect(toasts.toastWarningWithAction).toHaveBeenCalledWith(
      'Este caso foi alterado por outra pessoa ou em outra aba depois que você o abriu, e a sua alteração não foi salva. Recarregue o caso para ver como ele está agora e, se ainda for preciso, faça a alteração de novo.',
      'Recarregar o caso',
      expect.any(Function),
      { id: 'stale-case' },
    );
    expect(toasts.toastWarning).not.toHaveBeenCalledWith(message);
    expect(panelTitle()).toBe('Envio de documentação (Hospital)');
    expect(screen.getByText('Atualizando a etapa...')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(399);
    });
    expect(panelTitle()).toBe('Envio de documentação (Hospital)');
    expect(server).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(panelTitle()).toBe('Agendamento de cirurgia');
    expect(server).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Observações do agendamento (opcional)') as HTMLTextAreaElement).value).toBe('Jejum de 8 horas');
    expect(screen.queryByText('Atualizando a etapa...')).toBeNull();
  });
});

describe('step drafts (docs/first-week/drafts.md)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setDraftOwner(5);
  });
  afterEach(() => setDraftOwner(null));

  const draftKeys = () => Object.keys(sessionStorage).filter((key) => key.startsWith('draft:')).sort();

  it('keeps the typing per user, case and step, puts it back on the next open and hands it to the page', () => {
    const first = renderAt('env_doc');
    typeInto('Observações do envio (opcional)', 'Entregue na recepção');
    expect(draftKeys()).toEqual(['draft:5:surgery/41/env_doc']);
    first.unmount();

    const draftRef: MutableRefObject<FormDraft | null> = { current: null };
    render(<Harness initial={surgeryAt('env_doc')} draftRef={draftRef} />);
    expect((screen.getByLabelText('Observações do envio (opcional)') as HTMLTextAreaElement).value).toBe('Entregue na recepção');
    expect(screen.getByText('Rascunho restaurado.')).toBeTruthy();
    expect(draftRef.current?.hasChanges()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    expect((screen.getByLabelText('Observações do envio (opcional)') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText('Rascunho restaurado.')).toBeNull();
    expect(draftRef.current?.hasChanges()).toBe(false);
    expect(draftKeys()).toEqual([]);
  });

  it('forgets the step draft once the step is sent, and every draft of the case when it is archived', async () => {
    client.PUT.mockResolvedValue(answer(200, surgeryAt('autorizacao', { document_arrivals: '2026-03-05' })));
    client.GET.mockResolvedValue(answer(200, { hospital_approvals: null, plan_approvals: null, opme_approvals: null, opme: false, health_plan_approval: true }));
    renderAt('env_doc');
    typeInto('Data de envio da documentação', '05/03/2026');
    typeInto('Observações do envio (opcional)', 'Entregue na recepção');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    await waitFor(() => expect(panelTitle()).toBe('Autorização'));
    expect(draftKeys()).toEqual([]);

    await screen.findByLabelText('Observações do hospital (opcional)');
    typeInto('Observações do hospital (opcional)', 'Aguardando');
    expect(draftKeys()).toEqual(['draft:5:surgery/41/autorizacao']);
    client.PUT.mockResolvedValue(answer(200, surgeryAt('arquiv')));
    fireEvent.click(screen.getByRole('button', { name: 'Arquivar ciclo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza?' });
    fireEvent.change(within(dialog).getByLabelText('Motivo do arquivamento'), { target: { value: 'paciente_desistiu' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, arquivar!' }));
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(draftKeys()).toEqual([]);
  });
});
