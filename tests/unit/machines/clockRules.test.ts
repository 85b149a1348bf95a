import { describe, expect, it } from 'vitest';
import { targetCount, targetStanding } from '../../../machines/preoperative/clockRules';

/** What the days-in-stage target counts (DECISIONS §15; the twin of server/services/surgeries/clocks.ts). */
describe('targetCount / targetStanding', () => {
  const today = '2026-03-20';

  it('counts the days in the stage, never below 0', () => {
    expect(targetCount('autorizacao', '2026-03-10', null, today)).toEqual({ from: 'stage', days: 10 });
    expect(targetCount('autorizacao', '2026-03-22', null, today)).toEqual({ from: 'stage', days: 0 });
    // The schedule matters only at realizacao.
    expect(targetCount('agendamento', '2026-03-10', '2026-03-19', today)).toEqual({ from: 'stage', days: 10 });
  });

  it('at realizacao counts from the surgery’s day when it is not before the stage’s first day', () => {
    expect(targetCount('realizacao', '2026-03-15', '2026-03-17', today)).toEqual({ from: 'surgery', days: 3, surgeryDay: '2026-03-17' });
    expect(targetCount('realizacao', '2026-03-15', '2026-04-02', today)).toEqual({ from: 'surgery', days: -13, surgeryDay: '2026-04-02' });
    // Scheduled before the case reached the stage (moved back and forth): the stage's first day.
    expect(targetCount('realizacao', '2026-03-15', '2026-03-01', today)).toEqual({ from: 'stage', days: 5 });
    expect(targetCount('realizacao', '2026-03-15', null, today)).toEqual({ from: 'stage', days: 5 });
  });

  it('is overdue only past the target, on its last day at the target', () => {
    expect(targetStanding({ from: 'stage', days: 3 }, 3)).toBe('lastDay');
    expect(targetStanding({ from: 'stage', days: 4 }, 3)).toBe('overdue');
    expect(targetStanding({ from: 'stage', days: 0 }, 3)).toBe('onTime');
    expect(targetStanding({ from: 'surgery', days: -4, surgeryDay: '2026-03-24' }, 2)).toBe('onTime');
  });
});
