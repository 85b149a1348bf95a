/**
 * The colour of a row of 'Alterações de status' (secretary home, DECISIONS §6), as a pure function of the case and
 * the moment "now", so it is unit-tested without a browser:
 *
 * - days since the last status change (`status_changed_at`), counted in São Paulo calendar days: up to 7 success,
 *   8 to 15 warning, more than 15 danger;
 * - a case in agendamento or realizacao whose scheduled day (São Paulo) is before today is danger, however recent
 *   its last change.
 *
 * A change dated after today (a clock ahead of ours) counts as today. An unreadable `status_changed_at` gives no
 * colour at all rather than a wrong one.
 */
import type { CaseStatus } from '../../../machines/constants';
import { daysBetween, formatDayMonth, saoPauloDate, todayInSaoPaulo } from '../../lib/format/date';
import { fill } from '../../lib/i18n/pt-BR';
import { homeTexts } from '../../lib/i18n/home';
import type { RowTone } from '../../components/ui/DataTable';

/** The last day counted as success, and the last counted as warning (DECISIONS §6). */
const SUCCESS_MAX_DAYS = 7;
const WARNING_MAX_DAYS = 15;

/** Stages whose scheduled day should not pass while the case still sits in them. */
const SCHEDULE_WATCHED_STATUSES: readonly CaseStatus[] = ['agendamento', 'realizacao'];

type StatusChangeTone =
  | { tone: RowTone; reason: 'sinceChange'; days: number }
  | { tone: 'danger'; reason: 'schedulePassed'; scheduledOn: string };

type ToneInput = {
  status: string;
  /** ISO 8601 datetime of the last status change. */
  status_changed_at: string;
  /** ISO 8601 datetime of the scheduled surgery, or null. */
  schedule: string | null;
};

/** The tone of one case at `now` (default: this instant). */
export function statusChangeTone(
  surgery: ToneInput,
  now: Date = new Date(),
): StatusChangeTone | null {
  const today = todayInSaoPaulo(now);

  const scheduledOn = saoPauloDate(surgery.schedule);
  if (
    scheduledOn !== '' &&
    (SCHEDULE_WATCHED_STATUSES as readonly string[]).includes(surgery.status) &&
    scheduledOn < today
  ) {
    return { tone: 'danger', reason: 'schedulePassed', scheduledOn };
  }

  const changedOn = saoPauloDate(surgery.status_changed_at);
  if (changedOn === '') return null;
  const days = Math.max(0, daysBetween(changedOn, today));
  const tone: RowTone = days <= SUCCESS_MAX_DAYS ? 'success' : days <= WARNING_MAX_DAYS ? 'warning' : 'danger';
  return { tone, reason: 'sinceChange', days };
}

/** The words that go with a row's colour, e.g. 'Atenção · há 9 dias' or 'Atrasada · agendada para 3/3'. */
export function describeStatusChangeTone(result: StatusChangeTone): string {
  const T = homeTexts.changes;
  const tone = T.tone[result.tone];
  if (result.reason === 'schedulePassed') return fill(T.schedulePassed, { tone, date: formatDayMonth(result.scheduledOn) });
  if (result.days === 0) return fill(T.changedToday, { tone });
  if (result.days === 1) return fill(T.changedOneDay, { tone });
  return fill(T.changedDays, { tone, days: result.days });
}
