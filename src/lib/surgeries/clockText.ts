/**
 * The days-in-stage clock in words (DECISIONS §15), saying what the target counts: the days in the stage, or, at
 * 'Realização de cirurgia', the days since the surgery (machines/preoperative/clockRules.ts `targetCount`, the twin of
 * the server's overdue rule). Shared by the surgery tables and the homes' overdue panel.
 */
import { targetCount, type TargetCount } from '../../../machines/preoperative/clockRules';
import { formatDate, saoPauloDate, todayInSaoPaulo } from '../format/date';
import { clocksTexts } from '../i18n/clocks';
import { fill } from '../i18n/pt-BR';

const C = clocksTexts.list;

type ClockFields = { status: string; status_changed_at: string; schedule: string | null };

/** What the case's target counts at `now`, or null when its stage day cannot be read. */
export function caseTargetCount(surgery: ClockFields, now: Date = new Date()): TargetCount | null {
  const stageDay = saoPauloDate(surgery.status_changed_at);
  if (stageDay === '') return null;
  return targetCount(surgery.status, stageDay, saoPauloDate(surgery.schedule) || null, todayInSaoPaulo(now));
}

/**
 * '9 dias na etapa (prazo: 5 dias)', or at realizacao 'Cirurgia há 3 dias (prazo: 2 dias após a cirurgia)' ('hoje',
 * 'em dd/mm/aaaa' before it).
 */
export function clockSentence(
  surgery: ClockFields & { days_in_stage: number; stage_target_days: number | null },
  now: Date = new Date(),
): string {
  const target = surgery.stage_target_days ?? '-';
  const count = caseTargetCount(surgery, now);
  if (count?.from !== 'surgery') return fill(C.daysLong, { n: surgery.days_in_stage, target });
  if (count.days < 0) return fill(C.surgeryOn, { date: formatDate(count.surgeryDay), target });
  if (count.days === 0) return fill(C.surgeryToday, { target });
  return count.days === 1 ? fill(C.surgeryOneDayAgo, { target }) : fill(C.surgeryDaysAgo, { n: count.days, target });
}
