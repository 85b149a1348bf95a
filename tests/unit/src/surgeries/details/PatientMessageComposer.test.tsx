// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseMessages } from '../../../../../src/api/patientMessages';
import { answer } from './surgeryFixture';

/**
 * 'Enviar mensagem' of the case's 'Mensagens ao paciente' (issue 39 item 2): the WhatsApp tab is opened in the click
 * and sent to the wa.me link once the server answers (a tab opened after the answer is stopped by popup blockers), its
 * opener cut; a refused send closes it and says why; a blocked tab leaves the link to click. The filled text goes as
 * the template's name, an edited one as typed; without the channel's consent the button is off and says why. The API
 * client and window.open are the only stand-ins.
 */

const client = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }));
vi.mock('../../../../../src/api/client', () => ({
  api: client,
  bearer: { current: () => 'token-1', forRetry: async () => 'token-2' },
}));

const { PatientMessageComposer } = await import('../../../../../src/features/surgeries/details/PatientMessageComposer');

const WA = 'https://wa.me/5521987654321?text=Ol%C3%A1';
const consent = { email: null, consented_on: '2026-03-01', recorded_by: null, recorded_at: '2026-03-01T12:00:00.000Z' };

function caseMessages(fields: Partial<CaseMessages> = {}): CaseMessages {
  return {
    surgery_id: 41,
    patient_id: 9,
    has_cellphone: true,
    anonymized: false,
    consents: [{ channel: 'whatsapp', ...consent }],
    drafts: [
      { template: 'agendamento', title: 'Data da cirurgia', text: 'Olá, Ana!\n\nSua cirurgia é em 15/12/2026.', empty: [] },
      { template: 'pre_operatorio', title: 'Orientações pré-operatórias', text: 'Olá, Ana!', empty: ['data_cirurgia', 'observacao_agendamento'] },
      { template: 'documentos', title: 'Documentos para levar', text: 'Olá, Ana! Leve os documentos.', empty: [] },
      { template: 'retorno', title: 'Retorno pós-operatório', text: 'Olá, Ana! Marque o retorno.', empty: [] },
    ],
    sent: [],
    ...fields,
  };
}

const sentMessage = {
  id: 3,
  template: 'agendamento',
  title: 'Data da cirurgia',
  channel: 'whatsapp',
  recipient: '21987654321',
  text: 'Olá, Ana!',
  sent_at: '2026-03-02T12:00:00.000Z',
  sent_by: null,
};

/** A stand-in for the tab window.open answers: where it was sent, whether it was closed. */
function fakeTab() {
  return { opener: {} as unknown, closed: false, location: { replace: vi.fn() }, close: vi.fn() };
}

let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  client.POST.mockReset();
  open = vi.fn();
  vi.stubGlobal('open', open);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the case's 'Enviar mensagem'", () => {
  it('opens the tab in the click, cuts its opener and sends it to the wa.me link; the filled text goes as the template alone', async () => {
    const tab = fakeTab();
    open.mockReturnValue(tab);
    let answerNow!: () => void;
    client.POST.mockReturnValue(new Promise((resolve) => (answerNow = () => resolve(answer(201, { message: sentMessage, whatsapp_url: WA })))));
    const onSent = vi.fn();
    render(<PatientMessageComposer data={caseMessages()} onSent={onSent} />);

    fireEvent.click(screen.getByRole('button', { name: 'Abrir no WhatsApp' }));
    // Opened before the server answered, as a blank tab, without 'noopener' (which would answer null).
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Enviando...' })).toHaveProperty('disabled', true);

    answerNow();
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(WA));
    expect(client.POST).toHaveBeenCalledWith('/surgery/api/v1/surgery/{id}/messages/', {
      params: { path: { id: 41 } },
      body: { template: 'agendamento', channel: 'whatsapp' },
    });
    expect(onSent).toHaveBeenCalledWith(sentMessage);
    expect(screen.getByRole('link', { name: 'Abrir a conversa no WhatsApp' }).getAttribute('href')).toBe(WA);
  });

  it('closes the tab when the server refuses, and shows its message; an edited text goes as typed', async () => {
    const tab = fakeTab();
    open.mockReturnValue(tab);
    client.POST.mockResolvedValue(answer(400, { error: ['O paciente não tem celular cadastrado.'], channel: ['O paciente não tem celular cadastrado.'] }));
    const onSent = vi.fn();
    render(<PatientMessageComposer data={caseMessages()} onSent={onSent} />);
    fireEvent.change(screen.getByLabelText('Texto da mensagem'), { target: { value: 'Ana, até amanhã.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir no WhatsApp' }));

    expect((await screen.findByRole('alert')).textContent).toBe('O paciente não tem celular cadastrado.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(client.POST.mock.calls[0]![1].body).toEqual({ template: 'agendamento', channel: 'whatsapp', text: 'Ana, até amanhã.' });
    expect(onSent).not.toHaveBeenCalled();
  });

  it('leaves the link to click when the browser blocked the tab', async () => {
    open.mockReturnValue(null);
    client.POST.mockResolvedValue(answer(201, { message: sentMessage, whatsapp_url: WA }));
    render(<PatientMessageComposer data={caseMessages()} onSent={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir no WhatsApp' }));
    const link = await screen.findByRole('link', { name: 'Abrir a conversa no WhatsApp' });
    expect(link.getAttribute('href')).toBe(WA);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("is off without the channel's consent or the cellphone, says why, and names the fields the case lacks", () => {
    render(<PatientMessageComposer data={caseMessages({ has_cellphone: false })} onSent={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Abrir no WhatsApp' })).toHaveProperty('disabled', true);
    expect(screen.getByText('O paciente não tem celular cadastrado: cadastre o celular para enviar pelo WhatsApp.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Canal'), { target: { value: 'email' } });
    expect(screen.getByRole('button', { name: 'Enviar por e-mail' })).toHaveProperty('disabled', true);
    expect(screen.getByText('O paciente não autorizou contato por e-mail. Registre o consentimento antes de enviar a mensagem.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Modelo'), { target: { value: 'pre_operatorio' } });
    expect((screen.getByLabelText('Texto da mensagem') as HTMLTextAreaElement).value).toBe('Olá, Ana!');
    expect(
      screen.getByText('Sem valor neste caso: Data agendada da cirurgia, Observação do agendamento. Complete o caso ou ajuste o texto antes de enviar.'),
    ).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});
