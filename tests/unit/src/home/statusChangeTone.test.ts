import { describe, expect, it } from 'vitest';
import {
  describeStatusChangeTone,
  statusChangeTone,
} from '../../../../src/features/home/statusChangeTone';

/**
 * The row colours of 'Alterações de status' (DECISIONS §6): São Paulo calendar days since the last status change
 * (≤ 7 success, 8–15 warning, > 15 danger), and danger for agendamento/realizacao whose scheduled day has passed.
 */

/** Noon of 20/03/2026 in São Paulo (UTC−3). */
const NOW = new Date('2026-03-20T15:00:00Z');

function changedOn(day: string, time = '10:00:00') {
  return { status: 'prep_doc', status_changed_at: `${day}T${time}-03:00`, schedule: null };
}

describe('statusChangeTone', () => {
  it.each([
    ['2026-03-20', 0, 'success'],
    ['2026-03-13', 7, 'success'],
    ['2026-03-12', 8, 'warning'],
    ['2026-03-05', 15, 'warning'],
    ['2026-03-04', 16, 'danger'],
    ['2025-12-01', 109, 'danger'],
  ])('a change on %s is %i days old, %s', (day, days, tone) => {
    expect(statusChangeTone(changedOn(day), NOW)).toEqual({ tone, reason: 'sinceChange', days });
  });

  it('counts São Paulo calendar days, not 24-hour periods', () => {
    // 23:59 on the 12th and 00:01 on the 13th (São Paulo) are 2 minutes apart but on different days.
    expect(statusChangeTone(changedOn('2026-03-12', '23:59:00'), NOW)?.tone).toBe('warning');
    expect(statusChangeTone(changedOn('2026-03-13', '00:01:00'), NOW)?.tone).toBe('success');
    // "Today" turns at São Paulo's midnight (03:00 UTC), not at UTC's.
    const justAfterMidnight = new Date('2026-03-21T03:01:00Z'); // 00:01 on 21/03 in São Paulo
    expect(statusChangeTone(changedOn('2026-03-13'), justAfterMidnight)).toMatchObject({ tone: 'warning', days: 8 });
    const justBeforeMidnight = new Date('2026-03-21T02:59:00Z'); // 23:59 on 20/03 in São Paulo
    expect(statusChangeTone(changedOn('2026-03-13'), justBeforeMidnight)).toMatchObject({ tone: 'success', days: 7 });
  });

  it('reads a change sent in UTC on the São Paulo day it happened', () => {
    // 02:00 UTC on the 13th is 23:00 on the 12th in São Paulo: 8 days before the 20th.
    const row = { status: 'env_doc', status_changed_at: '2026-03-13T02:00:00Z', schedule: null };
    expect(statusChangeTone(row, NOW)).toMatchObject({ tone: 'warning', days: 8 });
  });

  it('treats a change dated after today as today', () => {
    expect(statusChangeTone(changedOn('2026-03-22'), NOW)).toEqual({ tone: 'success', reason: 'sinceChange', days: 0 });
  });

  it.each(['agendamento', 'realizacao'])('is danger for %s scheduled before today, however recent the change', (status) => {
    const row = { status, status_changed_at: '2026-03-20T08:00:00-03:00', schedule: '2026-03-19T09:30:00-03:00' };
    expect(statusChangeTone(row, NOW)).toEqual({ tone: 'danger', reason: 'schedulePassed', scheduledOn: '2026-03-19' });
  });

  it('does not count a case scheduled today or later as late', () => {
    const today = { status: 'realizacao', status_changed_at: '2026-03-18T08:00:00-03:00', schedule: '2026-03-20T07:00:00-03:00' };
    expect(statusChangeTone(today, NOW)).toMatchObject({ tone: 'success', reason: 'sinceChange', days: 2 });
    const later = { ...today, schedule: '2026-04-02T07:00:00-03:00' };
    expect(statusChangeTone(later, NOW)?.reason).toBe('sinceChange');
  });

  it('compares the scheduled day in São Paulo time', () => {
    // 01:00 UTC on the 20th is 22:00 on the 19th in São Paulo: already passed at noon of the 20th.
    const row = { status: 'realizacao', status_changed_at: '2026-03-19T08:00:00-03:00', schedule: '2026-03-20T01:00:00Z' };
    expect(statusChangeTone(row, NOW)).toMatchObject({ tone: 'danger', reason: 'schedulePassed', scheduledOn: '2026-03-19' });
  });

  it.each(['pagamento', 'concluido', 'arquiv', 'autorizacao'])('ignores a past schedule for %s', (status) => {
    const row = { status, status_changed_at: '2026-03-18T08:00:00-03:00', schedule: '2026-03-01T07:00:00-03:00' };
    expect(statusChangeTone(row, NOW)).toMatchObject({ tone: 'success', reason: 'sinceChange' });
  });

  it('gives no colour for an unreadable change date', () => {
    expect(statusChangeTone({ status: 'prep_doc', status_changed_at: 'ontem', schedule: null }, NOW)).toBeNull();
  });
});

describe('describeStatusChangeTone', () => {
  it('says the tone and how long ago, in pt-BR', () => {
    expect(describeStatusChangeTone({ tone: 'success', reason: 'sinceChange', days: 0 })).toBe('Em dia · mudou hoje');
    expect(describeStatusChangeTone({ tone: 'success', reason: 'sinceChange', days: 1 })).toBe('Em dia · há 1 dia');
    expect(describeStatusChangeTone({ tone: 'warning', reason: 'sinceChange', days: 9 })).toBe('Atenção · há 9 dias');
    expect(describeStatusChangeTone({ tone: 'danger', reason: 'sinceChange', days: 16 })).toBe('Atrasada · há 16 dias');
  });

  it('names the passed scheduled day as d/M', () => {
    expect(describeStatusChangeTone({ tone: 'danger', reason: 'schedulePassed', scheduledOn: '2026-03-05' })).toBe(
      'Atrasada · agendada para 5/3',
    );
  });
});
