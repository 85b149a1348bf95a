import { describe, expect, it } from 'vitest';
import { inDashboardOrder } from '../../../server/services/dashboard/dashboard-service';

/** A row of the dashboard statement: `sort` is its value as PostgreSQL writes a numeric. */
const row = (list: string, name: string, sort: string | null, position: number | null = null) => ({
  list,
  name,
  sort,
  position,
  a: sort,
  b: null,
  c: null,
  d: null,
});
const labels = (rows: Array<{ list: string; name: string }>) => rows.map(({ list, name }) => `${list} ${name}`);

describe('inDashboardOrder', () => {
  it('orders values descending and exactly, whatever their scale and size', () => {
    const descending = ['9007199254740993.02', '9007199254740993.01', '10.01', '10', '2', '0.50001', '0.5', '0.0001', '0', '-0.5', '-3.2', '-3.25', '-20', '-1000.5'];
    const rows = descending.map((value, index) => row('valores_a_receber', `n${index}`, value));
    expect(inDashboardOrder([...rows].reverse())).toEqual(rows);
  });

  it('orders each list by value (a null first), then loss position (none last), then name, as the four statements do', () => {
    const ordered = [
      row('aging', 'Unimed', '500.00'),
      row('aging', 'Amil', '20.10'),
      row('aging', 'Bradesco', '20.1'),
      row('data', 'middle_time', null),
      row('data', 'payment_done', '12.5'),
      row('lost', 'Paciente desistiu', '3', 1),
      row('lost', 'Outro motivo', '3', 9),
      row('lost', 'Sem motivo informado', '3', null),
      row('lost', 'Autorização negada', '1', 3),
      // ICU's root order: 'acido' < 'Acido' < 'Ácido' (case below accent), then 'Biópsia'.
      row('qtd_procedim_prev', 'acido', '2'),
      row('qtd_procedim_prev', 'Acido', '2'),
      row('qtd_procedim_prev', 'Ácido', '2'),
      row('qtd_procedim_prev', 'Biópsia', '2'),
    ];
    for (const shuffled of [[...ordered].reverse(), [...ordered.slice(7), ...ordered.slice(0, 7)]]) {
      expect(labels(inDashboardOrder(shuffled))).toEqual(labels(ordered));
    }
  });
});
