import { describe, expect, it } from 'vitest';
import {
  alertMessage,
  applicablePayers,
  authorizationAlerts,
  authorizationsEndingBefore,
  recordStatusOfToggle,
  toggleOfRecord,
  type AuthorizationValidity,
} from '../../../machines/preoperative/authorizationRules';
import { daysBetween } from '../../../machines/rules/dates';

const TODAY = '2026-11-27';
const record = (over: Partial<AuthorizationValidity> = {}): AuthorizationValidity => ({
  payer: 'hospital',
  status: 'aprovada',
  valid_until: '2026-11-30',
  ...over,
});
const active = { status: 'autorizacao' as const, schedule: null };

describe('authorizationAlerts', () => {
  it('warns about a validity within 7 days, with the days left', () => {
    expect(authorizationAlerts([record()], active, TODAY)).toEqual([
      { payer: 'hospital', kind: 'expiring', valid_until: '2026-11-30', message: 'Autorização do hospital vence em 3 dias (30/11/2026)' },
    ]);
  });

  it('says today and tomorrow in words, and stops warning after 7 days', () => {
    expect(authorizationAlerts([record({ valid_until: TODAY })], active, TODAY)[0]?.message).toBe(
      'Autorização do hospital vence hoje (27/11/2026)',
    );
    expect(authorizationAlerts([record({ valid_until: '2026-11-28' })], active, TODAY)[0]?.message).toBe(
      'Autorização do hospital vence amanhã (28/11/2026)',
    );
    expect(authorizationAlerts([record({ valid_until: '2026-12-04' })], active, TODAY)).toHaveLength(1);
    expect(authorizationAlerts([record({ valid_until: '2026-12-05' })], active, TODAY)).toEqual([]);
  });

  it('an expired validity', () => {
    expect(authorizationAlerts([record({ payer: 'plano', valid_until: '2026-11-20' })], active, TODAY)).toEqual([
      { payer: 'plano', kind: 'expired', valid_until: '2026-11-20', message: 'Autorização do plano de saúde venceu em 20/11/2026' },
    ]);
  });

  it('a validity that ends before the scheduled day, even far from today', () => {
    const alerts = authorizationAlerts(
      [record({ payer: 'opme', valid_until: '2027-01-10' })],
      { status: 'agendamento', schedule: '2027-01-15T10:00:00-03:00' },
      TODAY,
    );
    expect(alerts).toEqual([
      {
        payer: 'opme',
        kind: 'before_schedule',
        valid_until: '2027-01-10',
        message: 'Autorização da OPME vence antes da cirurgia (vence em 10/01/2027; cirurgia em 15/01/2027)',
      },
    ]);
    // On the validity's last day the surgery is still covered.
    expect(authorizationAlerts([record({ valid_until: '2027-01-15' })], { status: 'agendamento', schedule: '2027-01-15 08:00:00' }, TODAY)).toEqual([]);
  });

  it('expired wins over before_schedule, which wins over expiring', () => {
    const schedule = '2026-12-10 08:00:00';
    expect(authorizationAlerts([record({ valid_until: '2026-11-01' })], { status: 'agendamento', schedule }, TODAY)[0]?.kind).toBe('expired');
    expect(authorizationAlerts([record({ valid_until: '2026-11-29' })], { status: 'agendamento', schedule }, TODAY)[0]?.kind).toBe(
      'before_schedule',
    );
  });

  it('only granted records with a validity, only before the surgery is done', () => {
    for (const status of ['pendente', 'solicitada', 'negada'] as const) {
      expect(authorizationAlerts([record({ status })], active, TODAY)).toEqual([]);
    }
    expect(authorizationAlerts([record({ status: 'parcial' })], active, TODAY)).toHaveLength(1);
    expect(authorizationAlerts([record({ valid_until: null })], active, TODAY)).toEqual([]);
    expect(authorizationAlerts([record()], { status: 'realizacao', schedule: null }, TODAY)).toHaveLength(1);
    for (const status of ['pagamento', 'concluido', 'cancelado', 'arquiv'] as const) {
      expect(authorizationAlerts([record({ valid_until: '2026-11-01' })], { status, schedule: null }, TODAY)).toEqual([]);
    }
  });

  it('several records: soonest validity first', () => {
    const alerts = authorizationAlerts(
      [record({ payer: 'hospital', valid_until: '2026-12-01' }), record({ payer: 'plano', valid_until: '2026-11-10' })],
      active,
      TODAY,
    );
    expect(alerts.map((alert) => alert.payer)).toEqual(['plano', 'hospital']);
  });
});

describe('helpers', () => {
  it('daysBetween counts calendar days across months and years', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2026-11-27', '2026-11-20')).toBe(-7);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });

  it('alertMessage without a schedule day', () => {
    expect(alertMessage('hospital', 'before_schedule', '2026-12-01', TODAY)).toBe('Autorização do hospital vence antes da cirurgia (vence em 01/12/2026)');
  });

  it('authorizationsEndingBefore: granted records ending before the day', () => {
    const records = [
      record({ payer: 'hospital', valid_until: '2026-12-01' }),
      record({ payer: 'plano', valid_until: '2026-12-20' }),
      record({ payer: 'opme', status: 'solicitada', valid_until: '2026-11-01' }),
    ];
    expect(authorizationsEndingBefore(records, '2026-12-10').map((r) => r.payer)).toEqual(['hospital']);
    expect(authorizationsEndingBefore(records, '2026-12-01')).toEqual([]);
  });

  it('applicablePayers', () => {
    expect(applicablePayers({ payment_fountains: 'particular', opme: false })).toEqual(['hospital']);
    expect(applicablePayers({ payment_fountains: 'plano_saude', opme: true })).toEqual(['hospital', 'plano', 'opme']);
    expect(applicablePayers({ payment_fountains: null, opme: true })).toEqual(['hospital', 'opme']);
  });
});

describe('the approval toggle and a parcial record (third week, item 9)', () => {
  it('turning the approval on over a parcial record keeps parcial; every other toggle writes its own status', () => {
    expect(recordStatusOfToggle('parcial', 'aprovada')).toBe('parcial');
    expect(recordStatusOfToggle('parcial', 'negada')).toBe('negada');
    expect(recordStatusOfToggle('solicitada', 'aprovada')).toBe('aprovada');
    expect(recordStatusOfToggle(null, 'aprovada')).toBe('aprovada');
  });

  it('a record saved parcial keeps an approval given over its parcial answer, and only that', () => {
    expect(toggleOfRecord('aprovada')).toBe('aprovada');
    expect(toggleOfRecord('negada')).toBe('negada');
    expect(toggleOfRecord('parcial', { status: 'parcial', toggle: 'aprovada' })).toBe('aprovada');
    expect(toggleOfRecord('parcial', { status: 'aprovada', toggle: 'aprovada' })).toBeNull();
    expect(toggleOfRecord('parcial', { status: 'parcial', toggle: null })).toBeNull();
    expect(toggleOfRecord('solicitada', { status: 'parcial', toggle: 'aprovada' })).toBeNull();
  });
});
