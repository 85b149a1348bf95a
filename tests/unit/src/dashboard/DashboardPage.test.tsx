// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The client uses baseUrl '' and captures Request when it is created: resolve relative URLs first.
vi.hoisted(() => {
  const NativeRequest = globalThis.Request;
  class SameOriginRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://localhost:3000') : input, init);
    }
  }
  globalThis.Request = SameOriginRequest as typeof Request;
});

import type { Dashboard } from '../../../../src/api/dashboard';
import { DashboardPage } from '../../../../src/features/dashboard/DashboardPage';

const NBSP = '\u00a0';
const LONG_PROCEDURE = 'Herniorrafia inguinal unilateral por videolaparoscopia com colocação de tela';

const emptyGraph: Dashboard['dash_graph'] = {
  valores_a_receber: [],
  valores_recebidos: [],
  qtd_convenio_prev: [],
  qtd_convenio_real: [],
  qtd_hospital_prev: [],
  qtd_hospital_real: [],
  qtd_procedim_prev: [],
  qtd_procedim_real: [],
};

const full: Dashboard = {
  data: {
    pending_surgery_value: 18000,
    payment_done: 7250.5,
    distribution: {
      ind_paciente: 2,
      prep_doc: 1,
      env_doc: 0,
      autorizacao: 1,
      agendamento: 1,
      realizacao: 1,
      pagamento: 0,
      concluido: 3,
      cancelado: 1,
      arquiv: 0,
    },
    middle_time: 21.5,
    authorized_surgery: 2,
    pending_surgery: 4,
    payment_done_month: 0,
    fees_payments_month: 18000,
  },
  dash_graph: {
    valores_a_receber: [
      { name: 'Unimed', value: 12000 },
      { name: 'Particular', value: 6000 },
    ],
    valores_recebidos: [{ name: 'Amil', value: 7250.5 }],
    qtd_convenio_prev: [
      { name: 'Unimed', value: 3 },
      { name: 'Particular', value: 1 },
      { name: 'Amil', value: 1 },
    ],
    qtd_convenio_real: [{ name: 'Amil', value: 4 }],
    qtd_hospital_prev: [{ name: 'Hospital Santa Cruz', value: 5 }],
    qtd_hospital_real: [],
    qtd_procedim_prev: [
      { name: LONG_PROCEDURE, value: 2 },
      { name: 'Colecistectomia', value: 1 },
    ],
    qtd_procedim_real: [{ name: 'Colecistectomia', value: 1 }],
  },
  // The one cancelled case of the distribution.
  lost_by_reason: [{ reason: 'autorizacao_negada', name: 'Autorização negada', value: 1 }],
};

function answerWith(...bodies: Array<Dashboard | number>) {
  const fetch = vi.fn(async () => {
    const body = bodies.length > 1 ? bodies.shift()! : bodies[0]!;
    if (typeof body === 'number') return new Response(JSON.stringify({ error: ['x'] }), { status: body });
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function widgetValue(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('shows the four widgets with the figures formatted pt-BR', async () => {
    answerWith(full);
    render(<DashboardPage />);
    expect(screen.getByRole('status', { name: 'Carregando o painel...' })).toBeTruthy();
    await screen.findByText('Recebimento previsto(R$)');
    expect(widgetValue('Recebimento previsto(R$)')).toBe(`R$${NBSP}18.000,00`);
    expect(widgetValue('Valor recebido (R$)')).toBe(`R$${NBSP}7.250,50`);
    expect(widgetValue('Quantidade de cirurgias')).toBe('10');
    expect(widgetValue('Tempo médio (dias/cirurgias)')).toBe('21,5');
  });

  it('draws one arc per money item and one bar per count item, each chart named', async () => {
    answerWith(full);
    const { container } = render(<DashboardPage />);
    const toReceive = await screen.findByRole('figure', { name: 'Valores a receber' });
    expect(toReceive.querySelectorAll('path[data-arc]')).toHaveLength(2);
    expect(within(toReceive).getByText("R$ 12.000,00")).toBeTruthy();
    expect(within(toReceive).getByText('66,7%')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Valores recebidos' }).querySelectorAll('path[data-arc]')).toHaveLength(1);
    const counts: Array<[string, number]> = [
      ['Cirurgias por convênio: Previstas', 3],
      ['Cirurgias por convênio: Realizadas', 1],
      ['Cirurgias por hospital: Previstas', 1],
      ['Cirurgias por procedimentos: Previstas', 2],
      ['Cirurgias por procedimentos: Realizadas', 1],
    ];
    for (const [name, bars] of counts) {
      expect(screen.getByRole('figure', { name }).querySelectorAll('rect[data-bar]'), name).toHaveLength(bars);
    }
    expect(container.querySelectorAll('figure')).toHaveLength(8);
  });

  it('gives a plan one colour across the money charts and the convênio charts', async () => {
    answerWith(full);
    render(<DashboardPage />);
    const received = await screen.findByRole('figure', { name: 'Valores recebidos' });
    const amilArc = received.querySelector('path[data-arc]')!;
    const byPlan = screen.getByRole('figure', { name: 'Cirurgias por convênio: Previstas' });
    const bars = byPlan.querySelectorAll('rect[data-bar]');
    expect(amilArc.getAttribute('fill')).toBe(bars[2]!.getAttribute('fill'));
    const toReceive = screen.getByRole('figure', { name: 'Valores a receber' }).querySelectorAll('path[data-arc]');
    expect(toReceive[0]!.getAttribute('fill')).toBe(bars[0]!.getAttribute('fill'));
    expect(amilArc.getAttribute('fill')).not.toBe(toReceive[0]!.getAttribute('fill'));
  });

  it('gives the same name the same colour in both charts of a pair', async () => {
    answerWith(full);
    render(<DashboardPage />);
    const planned = await screen.findByRole('figure', { name: 'Cirurgias por convênio: Previstas' });
    const carriedOut = screen.getByRole('figure', { name: 'Cirurgias por convênio: Realizadas' });
    const amilPlanned = planned.querySelectorAll('rect[data-bar]')[2]!;
    const amilCarriedOut = carriedOut.querySelectorAll('rect[data-bar]')[0]!;
    expect(amilCarriedOut.getAttribute('fill')).toBe(amilPlanned.getAttribute('fill'));
    expect(planned.querySelectorAll('rect[data-bar]')[0]!.getAttribute('fill')).not.toBe(amilPlanned.getAttribute('fill'));
  });

  it('cuts a long name in the drawing and keeps the full text as tooltip and text alternative', async () => {
    answerWith(full);
    render(<DashboardPage />);
    const chart = await screen.findByRole('figure', { name: 'Cirurgias por procedimentos: Previstas' });
    const label = chart.querySelector('svg text')!;
    expect(label.querySelector('title')?.textContent).toBe(`${LONG_PROCEDURE}: 2`);
    expect(label.textContent).toContain('…');
    const alternative = within(chart).getByRole('list', { name: 'Dados do gráfico Cirurgias por procedimentos: Previstas' });
    expect(within(alternative).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `${LONG_PROCEDURE}: 2 cirurgias`,
      'Colecistectomia: 1 cirurgia',
    ]);
  });

  it('totals a procedure chart in procedimentos and the other count charts in cirurgias (issue 11, item 4)', async () => {
    answerWith(full);
    render(<DashboardPage />);
    const byProcedure = await screen.findByRole('figure', { name: 'Cirurgias por procedimentos: Previstas' });
    // Two bars of 2 and 1 surgeries: 3 procedures, not 3 surgeries (a case with two procedures is in both bars).
    expect(within(byProcedure).getByText('3 procedimentos')).toBeTruthy();
    expect(within(byProcedure).queryByText('3 cirurgias')).toBeNull();
    const carriedOut = screen.getByRole('figure', { name: 'Cirurgias por procedimentos: Realizadas' });
    expect(within(carriedOut).getByText('1 procedimento')).toBeTruthy();
    expect(within(screen.getByRole('figure', { name: 'Cirurgias por convênio: Realizadas' })).getByText('4 cirurgias')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Cirurgias por procedimentos' });
    expect(
      within(section).getByText(
        'Cada barra conta as cirurgias com aquele procedimento; uma cirurgia com mais de um procedimento conta em cada um.',
      ),
    ).toBeTruthy();
  });

  it('says "Dados não disponíveis!" in each chart whose list is empty', async () => {
    answerWith({ ...full, dash_graph: emptyGraph });
    render(<DashboardPage />);
    await screen.findByRole('figure', { name: 'Valores a receber' });
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(8);
    for (const figure of figures) expect(within(figure).getByText('Dados não disponíveis!')).toBeTruthy();
    expect(document.querySelectorAll('path[data-arc], rect[data-bar]')).toHaveLength(0);
  });

  it('lists the lost cases by reason, largest first, each read with its count and share (issue 13)', async () => {
    answerWith({
      ...full,
      lost_by_reason: [
        { reason: 'paciente_desistiu', name: 'Paciente desistiu', value: 3 },
        { reason: null, name: 'Sem motivo informado', value: 2 },
        { reason: 'outro', name: 'Outro motivo', value: 1 },
        { reason: 'financeiro', name: 'Motivo financeiro', value: 1 },
      ],
    });
    render(<DashboardPage />);
    const panel = await screen.findByRole('region', { name: 'Cirurgias perdidas por motivo' });
    expect(within(panel).getByText('7 cirurgias perdidas')).toBeTruthy();
    const rows = within(within(panel).getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Paciente desistiu: 3 cirurgias (42,9%)',
      'Sem motivo informado: 2 cirurgias (28,6%)',
      'Outro motivo: 1 cirurgia (14,3%)',
      'Motivo financeiro: 1 cirurgia (14,3%)',
    ]);
  });

  it('says when no case was lost', async () => {
    answerWith({ ...full, lost_by_reason: [] });
    render(<DashboardPage />);
    const panel = await screen.findByRole('region', { name: 'Cirurgias perdidas por motivo' });
    expect(within(panel).getByText('Nenhuma cirurgia cancelada ou arquivada.')).toBeTruthy();
    expect(within(panel).queryByRole('list')).toBeNull();
  });

  it('shows only the empty charts as empty', async () => {
    answerWith(full);
    render(<DashboardPage />);
    await screen.findByRole('figure', { name: 'Valores a receber' });
    expect(screen.getAllByText('Dados não disponíveis!')).toHaveLength(1);
    const hospitalReal = screen.getByRole('figure', { name: 'Cirurgias por hospital: Realizadas' });
    expect(within(hospitalReal).getByText('Dados não disponíveis!')).toBeTruthy();
  });

  it('shows a neutral failure with a retry that reads again', async () => {
    const fetch = answerWith(500, full);
    render(<DashboardPage />);
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByText('Não foi possível carregar o painel')).toBeTruthy();
    fireEvent.click(retry);
    await screen.findByRole('figure', { name: 'Valores a receber' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
