import { describe, expect, it } from 'vitest';
import { clockSentence } from '../../../../src/lib/surgeries/clockText';

/**
 * The clock's sentence says what the target counts (third week, item 20): at 'Realização de cirurgia' the days since
 * the surgery, not '5 dias na etapa (prazo: 2 dias)' for a case that is not late.
 */
const NOW = new Date('2026-03-20T15:00:00Z');

const at = (status: string, changed: string, schedule: string | null, days: number, target = 2) => ({
  status,
  status_changed_at: `${changed}T10:00:00-03:00`,
  schedule: schedule ? `${schedule}T08:00:00-03:00` : null,
  days_in_stage: days,
  stage_target_days: target,
});

describe('clockSentence', () => {
  it('counts the days in the stage outside realizacao', () => {
    expect(clockSentence(at('autorizacao', '2026-03-11', null, 9, 10), NOW)).toBe('9 dias na etapa (prazo: 10 dias)');
  });

  it('counts from the surgery at realizacao', () => {
    expect(clockSentence(at('realizacao', '2026-03-15', '2026-03-17', 5), NOW)).toBe('Cirurgia há 3 dias (prazo: 2 dias após a cirurgia)');
    expect(clockSentence(at('realizacao', '2026-03-15', '2026-03-19', 5), NOW)).toBe('Cirurgia há 1 dia (prazo: 2 dias após a cirurgia)');
    expect(clockSentence(at('realizacao', '2026-03-15', '2026-03-20', 5), NOW)).toBe('Cirurgia hoje (prazo: 2 dias após a cirurgia)');
    expect(clockSentence(at('realizacao', '2026-03-15', '2026-04-02', 5), NOW)).toBe('Cirurgia em 02/04/2026 (prazo: 2 dias após a cirurgia)');
  });
});
