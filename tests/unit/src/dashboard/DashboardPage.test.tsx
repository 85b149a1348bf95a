// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
    open_amount: 0,
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
  period: { key: 'all', from: null, to: null },
  // Issue 14's money views (their own tests below).
  money: { aging: [], glosas_by_payer: [], glosas_by_reason: [], days_to_payment: [], expected_vs_received: [] },
};

const money: Dashboard['money'] = {
  aging: [
    { name: 'Unimed', d0_30: 100, d31_60: 0, d61_90: 250.5, d90_plus: 1000 },
    { name: 'Particular', d0_30: 80, d31_60: 0, d61_90: 0, d90_plus: 0 },
  ],
  glosas_by_payer: [{ name: 'Unimed', expected: 10000, glosa: 1234.56, rate: 0.1235 }],
  glosas_by_reason: [
    { code: '1402', name: 'Procedimento não autorizado', glosas: 2, glosa: 1000 },
    { code: null, name: 'Motivo TISS não informado', glosas: 1, glosa: 234.56 },
  ],
  days_to_payment: [
    { name: 'Unimed', median_days: 45.5, cases: 4 },
    { name: 'Particular', median_days: 1, cases: 1 },
  ],
  expected_vs_received: [
    { month: '2026-01', expected: 1000, received: 0 },
    { month: '2026-02', expected: 0, received: 500 },
    { month: '2026-03', expected: 2000, received: 1500.25 },
  ],
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
    // The eight SPEC charts and the five money views.
    expect(container.querySelectorAll('figure')).toHaveLength(13);
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
    const figures = screen.getAllByRole('figure').slice(0, 8);
    for (const figure of figures) expect(within(figure).getByText('Dados não disponíveis!')).toBeTruthy();
    // The money views (empty here) say so in their own words, so SPEC's text stays the eight charts'.
    expect(screen.getAllByText('Dados não disponíveis!')).toHaveLength(8);
    expect(screen.getAllByText('Sem valores no período.')).toHaveLength(5);
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

  it('draws the five money views with their tables as text alternatives (issue 14)', async () => {
    answerWith({ ...full, money });
    render(<DashboardPage />);
    const aging = await screen.findByRole('figure', { name: 'Envelhecimento dos recebíveis' });
    const agingTable = within(aging).getByRole('table', { name: 'Dados do gráfico Envelhecimento dos recebíveis' });
    const unimed = within(agingTable).getByRole('row', { name: /Unimed/ });
    expect(within(unimed).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(
      [100, 0, 250.5, 1000, 1350.5].map((value) => `R$${NBSP}${value.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`),
    );
    const glosas = screen.getByRole('figure', { name: 'Glosas por pagador' });
    const glosaRow = within(glosas).getByRole('row', { name: /Unimed/ });
    expect(within(glosaRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      `R$${NBSP}10.000,00`,
      `R$${NBSP}1.234,56`,
      '12,4%',
    ]);
    const reasons = screen.getByRole('figure', { name: 'Glosas por motivo' });
    expect(reasons.querySelector('figcaption p')?.textContent).toBe(`Total: R$${NBSP}1.234,56 · 3 glosas`);
    const reasonRows = within(reasons).getAllByRole('row').slice(1);
    expect(reasonRows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['1402 · Procedimento não autorizado', '2', `R$${NBSP}1.000,00`],
      ['Motivo TISS não informado', '1', `R$${NBSP}234,56`],
    ]);
    const days = screen.getByRole('figure', { name: 'Dias até o pagamento' });
    expect(within(days).getByText('5 casos')).toBeTruthy();
    expect(within(within(days).getByRole('row', { name: /Unimed/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '45,5',
      '4',
    ]);
    const series = screen.getByRole('figure', { name: 'Esperado x recebido por mês' });
    expect(series.querySelectorAll('rect[data-bar]')).toHaveLength(6);
    // At the test's plot width (under 520 px, as on a phone) the values are shown under the bars, short months.
    const march = within(series).getByRole('row', { name: /mar\/26/ });
    expect(within(march).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([`R$${NBSP}2.000,00`, `R$${NBSP}1.500,25`]);
  });

  it("keeps the period control's choice and checks a custom range with the API's messages", async () => {
    const fetch = answerWith(full);
    const changes: unknown[] = [];
    render(<DashboardPage onSearchChange={(search) => changes.push(search)} />);
    await screen.findByRole('figure', { name: 'Valores a receber' });
    expect(String((fetch.mock.calls[0] as unknown[])[0] instanceof Request ? ((fetch.mock.calls[0] as unknown[])[0] as Request).url : '')).toMatch(
      /\/surgery\/api\/v1\/dashboard\/$/,
    );
    expect(screen.getByText('Todos os registros, desde o primeiro caso.')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Período' });
    fireEvent.change(select, { target: { value: 'last_3_months' } });
    expect(changes).toEqual([{ period: 'last_3_months' }]);
    fireEvent.change(select, { target: { value: 'custom' } });
    fireEvent.input(screen.getByLabelText('De'), { target: { value: '02/03/2026' } });
    fireEvent.input(screen.getByLabelText('Até'), { target: { value: '01/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    // The range's checks (arktype) are their own chunk, loaded when 'Personalizado' is chosen: the answer is async.
    expect(await screen.findByText('A data final (Até) não pode ser anterior à data inicial (De).')).toBeTruthy();
    expect(changes).toHaveLength(1);
    fireEvent.input(screen.getByLabelText('Até'), { target: { value: '31/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(changes).toEqual([{ period: 'last_3_months' }, { period: 'custom', from: '2026-03-02', to: '2026-03-31' }]),
    );
  });

  it('reads the dashboard of the period it is given', async () => {
    const fetch = answerWith({ ...full, period: { key: 'custom', from: '2026-01-01', to: '2026-01-31' } });
    render(<DashboardPage search={{ period: 'custom', from: '2026-01-01', to: '2026-01-31' }} />);
    await screen.findByText('De 01/01/2026 até 31/01/2026');
    const request = (fetch.mock.calls[0] as unknown[])[0] as Request;
    expect(new URL(request.url).search).toBe('?period=custom&from=2026-01-01&to=2026-01-31');
  });
});
