/**
 * The colour of a row of 'Alterações de status' (secretary home), as a pure function of the case and the moment
 * "now", so it is unit-tested without a browser. Third week: the home showed two lateness clocks that could disagree
 * on one row ('Em dia · há 4 dias' beside 'Atrasado: 4 dias na etapa'). There is now one clock, the days-in-stage
 * clock of DECISIONS §15 (its target per stage, counted from the surgery at realizacao:
 * machines/preoperative/clockRules.ts), and the row's colour says where the case stands against it:
 *
 * - danger: the case is overdue (the server's `overdue`, the same flag as the 'Na etapa' column's 'Atrasado');
 * - warning: the target's last day (tomorrow it is overdue);
 * - success: before that.
 *
 * The words beside the colour keep SPEC's last change ('há 4 dias'). A closed case (no clock) or an unreadable
 * `status_changed_at` gives no colour at all rather than a wrong one.
 */
import { targetStanding, type TargetStanding } from '../../../machines/preoperative/clockRules';
import { daysBetween, saoPauloDate, todayInSaoPaulo } from '../../lib/format/date';
import { caseTargetCount } from '../../lib/surgeries/clockText';
import { fill } from '../../lib/i18n/pt-BR';
import { homeTexts } from '../../lib/i18n/home';
import type { RowTone } from '../../components/ui/DataTable';

const TONE_OF_STANDING: Record<TargetStanding, RowTone> = { onTime: 'success', lastDay: 'warning', overdue: 'danger' };

type StatusChangeTone = { tone: RowTone; days: number };

type ToneInput = {
  status: string;
  /** ISO 8601 datetime of the last status change. */
  status_changed_at: string;
  /** ISO 8601 datetime of the scheduled surgery, or null. */
  schedule: string | null;
  /** The clock as the server answers it (null for a closed case). */
  days_in_stage: number | null;
  stage_target_days: number | null;
  overdue: boolean;
};

/** The tone of one case at `now` (default: this instant). */
export function statusChangeTone(surgery: ToneInput, now: Date = new Date()): StatusChangeTone | null {
  if (surgery.days_in_stage === null || surgery.stage_target_days === null) return null;
  const changedOn = saoPauloDate(surgery.status_changed_at);
  const count = caseTargetCount(surgery, now);
  if (changedOn === '' || !count) return null;
  const days = Math.max(0, daysBetween(changedOn, todayInSaoPaulo(now)));
  // The server's flag decides 'overdue', so the row and its 'Atrasado' badge never disagree (a page left open past
  // midnight counts one day more than the answer it shows: that is its last day, not yet overdue).
  const standing: TargetStanding = surgery.overdue ? 'overdue' : targetStanding(count, surgery.stage_target_days) === 'onTime' ? 'onTime' : 'lastDay';
  return { tone: TONE_OF_STANDING[standing], days };
}

/** The words that go with a row's colour, e.g. 'No prazo · há 4 dias' or 'Atrasado · mudou hoje'. */
export function describeStatusChangeTone(result: StatusChangeTone): string {
  const T = homeTexts.changes;
  const tone = T.tone[result.tone];
  if (result.days === 0) return fill(T.changedToday, { tone });
  if (result.days === 1) return fill(T.changedOneDay, { tone });
  return fill(T.changedDays, { tone, days: result.days });
}
