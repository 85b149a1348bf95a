import { describe, expect, it } from 'vitest';
import {
  dashboardWidgets,
  isDashboardShape,
  formatDays,
  formatShare,
  totalOf,
  totalSurgeries,
  truncateLabel,
} from '../../../../src/lib/dashboard/figures';
import type { DashboardFigures } from '../../../../src/api/dashboard';

const NBSP = '\u00a0';

const data: DashboardFigures = {
  pending_surgery_value: 45250.5,
  payment_done: 1234567.8,
  distribution: {
    ind_paciente: 3,
    prep_doc: 2,
    env_doc: 1,
    autorizacao: 4,
    agendamento: 5,
    realizacao: 0,
    pagamento: 2,
    concluido: 10,
    cancelado: 1,
    arquiv: 2,
  },
  middle_time: 12.5,
  authorized_surgery: 7,
  pending_surgery: 10,
  payment_done_month: 0,
  fees_payments_month: 0,
  open_amount: 0,
};

describe('dashboard figures', () => {
  it('sums every stage of the distribution for "Quantidade de cirurgias"', () => {
    expect(totalSurgeries(data.distribution)).toBe(30);
  });

  it('formats the four widgets in SPEC order (BRL, count, days)', () => {
    expect(dashboardWidgets(data)).toEqual([
      { key: 'expected', value: `R$${NBSP}45.250,50` },
      { key: 'received', value: `R$${NBSP}1.234.567,80` },
      { key: 'surgeries', value: '30' },
      { key: 'averageTime', value: '12,5' },
    ]);
  });

  it('shows whole days without a decimal and thousands with a dot', () => {
    expect(formatDays(12)).toBe('12');
    expect(formatDays(0)).toBe('0');
    expect(formatDays(1234.56)).toBe('1.234,6');
  });

  it("shows '—', not 0, when there is no mean time (no concluded case)", () => {
    expect(formatDays(null)).toBe('—');
    expect(formatDays(Number.NaN)).toBe('—');
    expect(dashboardWidgets({ ...data, middle_time: null }).find((w) => w.key === 'averageTime')?.value).toBe('—');
  });

  it('gives shares of a total as pt-BR percentages', () => {
    expect(formatShare(1, 3)).toBe('33,3%');
    expect(formatShare(5, 0)).toBe('0%');
    expect(totalOf([{ name: 'a', value: 2 }, { name: 'b', value: 3.5 }])).toBe(5.5);
  });

  it('cuts long labels with an ellipsis, keeping whole characters', () => {
    expect(truncateLabel('Unimed', 10)).toBe('Unimed');
    expect(truncateLabel('Herniorrafia inguinal unilateral', 13)).toBe('Herniorrafia…');
    expect(truncateLabel('Colecistectomia', 8)).toBe('Colecis…');
    expect(truncateLabel('Ação conjunta', 4)).toBe('Açã…');
    expect([...truncateLabel('x'.repeat(50), 20)]).toHaveLength(20);
  });

  it('recognises a complete answer and refuses a broken one', () => {
    const graph = Object.fromEntries(
      ['valores_a_receber', 'valores_recebidos', 'qtd_convenio_prev', 'qtd_convenio_real', 'qtd_hospital_prev', 'qtd_hospital_real', 'qtd_procedim_prev', 'qtd_procedim_real'].map((key) => [key, []]),
    );
    expect(isDashboardShape({ data, dash_graph: graph, lost_by_reason: [] })).toBe(true);
    expect(isDashboardShape({ data, dash_graph: graph })).toBe(false);
    expect(isDashboardShape({ results: [] })).toBe(false);
    expect(isDashboardShape({ data, dash_graph: { ...graph, qtd_procedim_real: undefined }, lost_by_reason: [] })).toBe(false);
    expect(isDashboardShape({ data: { ...data, distribution: null }, dash_graph: graph, lost_by_reason: [] })).toBe(false);
  });
});
