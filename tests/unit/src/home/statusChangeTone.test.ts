import { describe, expect, it } from 'vitest';
import { describeStatusChangeTone, statusChangeTone } from '../../../../src/features/home/statusChangeTone';

/**
 * The row colours of 'Alterações de status' (third week, item 8): one clock, DECISIONS §15's days in stage against
 * the stage's target (at realizacao counted from the surgery), with the server's `overdue` deciding the red rows, so
 * a row never says 'Em dia' beside its own 'Atrasado'.
 */

/** Noon of 20/03/2026 in São Paulo (UTC−3). */
const NOW = new Date('2026-03-20T15:00:00Z');

type Row = Parameters<typeof statusChangeTone>[0];

function row(over: Partial<Row> & { changed: string }): Row {
  const { changed, ...rest } = over;
  return {
    status: 'prep_doc',
    status_changed_at: `${changed}T10:00:00-03:00`,
    schedule: null,
    days_in_stage: 0,
    stage_target_days: 5,
    overdue: false,
    ...rest,
  };
}

describe('statusChangeTone', () => {
  it('is danger exactly when the server says the case is overdue (the same flag as the row’s "Atrasado")', () => {
    // The row: 4 days in a 3-day stage read 'Em dia · há 4 dias' beside 'Atrasado: 4 dias na etapa'.
    const late = row({ status: 'ind_paciente', changed: '2026-03-16', days_in_stage: 4, stage_target_days: 3, overdue: true });
    expect(statusChangeTone(late, NOW)).toEqual({ tone: 'danger', days: 4 });
    expect(describeStatusChangeTone(statusChangeTone(late, NOW)!)).toBe('Atrasado · há 4 dias');
  });

  it.each([
    ['2026-03-20', 0, 'success', 'No prazo · mudou hoje'],
    ['2026-03-19', 1, 'success', 'No prazo · há 1 dia'],
    ['2026-03-16', 4, 'success', 'No prazo · há 4 dias'],
    ['2026-03-15', 5, 'warning', 'Último dia · há 5 dias'],
  ])('a case in a 5-day stage since %s (%i days) is %s: "%s"', (changed, days, tone, words) => {
    const result = statusChangeTone(row({ changed, days_in_stage: days }), NOW);
    expect(result).toEqual({ tone, days });
    expect(describeStatusChangeTone(result!)).toBe(words);
  });

  it('at realizacao counts from the surgery, as the target does: not late 5 days into the stage with the surgery yesterday', () => {
    const waiting = row({
      status: 'realizacao',
      changed: '2026-03-15',
      schedule: '2026-03-19T11:00:00-03:00',
      days_in_stage: 5,
      stage_target_days: 2,
    });
    expect(statusChangeTone(waiting, NOW)).toEqual({ tone: 'success', days: 5 });
    expect(statusChangeTone({ ...waiting, schedule: '2026-03-18T11:00:00-03:00' }, NOW)?.tone).toBe('warning');
    expect(statusChangeTone({ ...waiting, schedule: '2026-03-17T11:00:00-03:00', overdue: true }, NOW)?.tone).toBe('danger');
  });

  it('a page left open past midnight shows the last day, never a red row the server did not flag', () => {
    expect(statusChangeTone(row({ changed: '2026-03-14', days_in_stage: 5 }), NOW)?.tone).toBe('warning');
  });

  it('gives no colour to a closed case (no clock) or an unreadable change', () => {
    expect(statusChangeTone(row({ changed: '2026-03-01', status: 'concluido', days_in_stage: null, stage_target_days: null }), NOW)).toBeNull();
    expect(statusChangeTone({ ...row({ changed: '2026-03-01' }), status_changed_at: 'ontem' }, NOW)).toBeNull();
  });
});
