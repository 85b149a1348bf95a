import { describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS } from '../../../machines/ledger/constants';
import { addYears, customRangeProblems, dashboardQueryOf, dashboardQuerySchema, PERIOD_MESSAGES as P, periodRange } from '../../../machines/ledger/periodSchemas';
import { check } from '../../../machines/validation/problems';
import { saoPauloDay } from '../../../server/services/sao-paulo-time';

describe('periodRange', () => {
  it('gives whole calendar months ending with the current one', () => {
    expect(periodRange('this_month', '2026-03-10')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(periodRange('last_3_months', '2026-03-10')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodRange('this_year', '2026-03-10')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('last_12_months', '2026-03-10')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(periodRange('all', '2026-03-10')).toEqual({ from: null, to: null });
    expect(periodRange('custom', '2026-03-10', '2025-02-03', '2025-05-06')).toEqual({ from: '2025-02-03', to: '2025-05-06' });
  });

  it('ends each month on its last day: 31 January, 28 and 29 February, 31 December', () => {
    expect(periodRange('this_month', '2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(periodRange('this_month', '2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('this_month', '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('last_3_months', '2028-02-29')).toEqual({ from: '2027-12-01', to: '2028-02-29' });
    expect(periodRange('this_month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodRange('this_year', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    // Across the new year: January's last 3 and 12 months start in the year before.
    expect(periodRange('last_3_months', '2027-01-01')).toEqual({ from: '2026-11-01', to: '2027-01-31' });
    expect(periodRange('last_12_months', '2027-01-01')).toEqual({ from: '2026-02-01', to: '2027-01-31' });
    expect(periodRange('last_12_months', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it("follows São Paulo's day at its midnight (03:00Z), not UTC's", () => {
    // 2026-02-01T02:59:59Z is still 31 January in São Paulo; one second later it is 1 February.
    expect(periodRange('this_month', saoPauloDay(new Date('2026-02-01T02:59:59Z')))).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(periodRange('this_month', saoPauloDay(new Date('2026-02-01T03:00:00Z')))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('this_year', saoPauloDay(new Date('2027-01-01T02:59:59Z')))).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('this_year', saoPauloDay(new Date('2027-01-01T03:00:00Z')))).toEqual({ from: '2027-01-01', to: '2027-12-31' });
  });

  it('adds years keeping 29 February as 28 February', () => {
    expect(addYears('2028-02-29', 10)).toBe('2038-02-28');
    expect(addYears('2026-01-31', 10)).toBe('2036-01-31');
  });
});

describe('dashboardQuerySchema', () => {
  it("reads an absent or empty period as 'all' and ignores the dates outside 'custom'", () => {
    const read = (input: unknown) => {
      const result = check(dashboardQuerySchema, input);
      if (!result.ok) return result.problems;
      const problems = customRangeProblems(result.value);
      return problems.error.length > 0 ? problems : dashboardQueryOf(result.value);
    };
    expect(read({})).toEqual({ period: 'all', from: null, to: null });
    expect(read({ period: '' })).toEqual({ period: 'all', from: null, to: null });
    for (const period of DASHBOARD_PERIODS.filter((key) => key !== 'custom')) {
      expect(read({ period, from: '2026-01-01', to: '2026-01-31' })).toEqual({ period, from: null, to: null });
    }
    expect(read({ period: 'custom', from: '2026-01-01', to: '2026-01-01' })).toEqual({ period: 'custom', from: '2026-01-01', to: '2026-01-01' });
  });

  it('answers pt-BR messages per field', () => {
    const problems = (input: unknown) => {
      const result = check(dashboardQuerySchema, input);
      if (!result.ok) return result.problems;
      const range = customRangeProblems(result.value);
      return range.error.length > 0 ? range : null;
    };
    expect(problems({ period: 'semana' })).toEqual({ error: [P.invalidPeriod], fields: { period: [P.invalidPeriod] } });
    expect(problems({ period: 'custom' })).toEqual({
      error: [P.fromRequired, P.toRequired],
      fields: { from: [P.fromRequired], to: [P.toRequired] },
    });
    expect(problems({ period: 'custom', from: '2026-02-30', to: '31/03/2026' })).toEqual({
      error: [P.invalidFrom, P.invalidTo],
      fields: { from: [P.invalidFrom], to: [P.invalidTo] },
    });
    expect(problems({ period: 'custom', from: '2026-03-02', to: '2026-03-01' })).toEqual({
      error: [P.toBeforeFrom],
      fields: { to: [P.toBeforeFrom] },
    });
    // Ten years at most: 2016-01-01..2025-12-31 is ten years; one more day is too long.
    expect(problems({ period: 'custom', from: '2016-01-01', to: '2025-12-31' })).toBeNull();
    expect(problems({ period: 'custom', from: '2016-01-01', to: '2026-01-01' })).toEqual({ error: [P.tooLong], fields: { to: [P.tooLong] } });
    expect(problems({ period: ['all', 'custom'] })?.fields.period).toEqual(['Parâmetro repetido na consulta.']);
  });
});
