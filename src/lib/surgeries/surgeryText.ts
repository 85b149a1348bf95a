/** How a surgery's fields read in lists and headers (SPEC §2): labels, joined procedures, d/M schedule. */
import { CASE_STATUSES, PAYMENT_SOURCE_LABELS, STATUS_LABELS, type CaseStatus } from '../../../machines/constants';
import { daysBetween, formatDayMonth, saoPauloDate, todayInSaoPaulo } from '../format/date';
import { fill } from '../i18n/pt-BR';
import { surgeriesTexts } from '../i18n/surgeries';
import type { Surgery } from '../../api/surgeryList';

const T = surgeriesTexts.table;

/** The ten stages as the stage filters offer them (SPEC §3 labels). */
export const STAGE_OPTIONS = CASE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** The stage label, or 'Desconhecido' for a key this build does not know. */
export function statusLabel(status: string | null | undefined): string {
  return status && Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as CaseStatus] : T.unknownStatus;
}

/** The payment source label, or '-' when there is none. */
export function paymentSourceLabel(source: Surgery['payment_fountains']): string {
  return source ? (PAYMENT_SOURCE_LABELS[source] ?? T.none) : T.none;
}

/** Procedures joined by comma (SPEC §2), '-' when there are none. */
export function proceduresText(procedures: readonly { description: string }[]): string {
  return procedures.length > 0 ? procedures.map((item) => item.description).join(', ') : T.none;
}

/** d/M of the scheduled date in São Paulo, or '-'. */
export function scheduleText(schedule: string | null): string {
  return formatDayMonth(schedule) || T.noSchedule;
}

export function medicName(medic: Surgery['medic']): string {
  return `${medic.first_name} ${medic.last_name}`.trim();
}

/** The first name and the last surname ('Carlos Eduardo Mendes' → 'Carlos Mendes'): the tables' narrow column. */
export function medicShortName(medic: Surgery['medic']): string {
  const surname = medic.last_name.trim().split(/\s+/).pop() ?? '';
  return `${medic.first_name.trim().split(/\s+/)[0] ?? ''} ${surname}`.trim();
}

/** São Paulo calendar days from the last status change to `now` (0 for a change dated later), or null if unreadable. */
function daysSinceChange(changedAt: string, now: Date = new Date()): number | null {
  const changedOn = saoPauloDate(changedAt);
  if (changedOn === '') return null;
  return Math.max(0, daysBetween(changedOn, todayInSaoPaulo(now)));
}

/** 'hoje', 'há 1 dia', 'há 9 dias' since the last status change ('-' if unreadable). */
export function changedAgoText(changedAt: string, now: Date = new Date()): string {
  const days = daysSinceChange(changedAt, now);
  if (days === null) return T.none;
  if (days === 0) return T.changedToday;
  return days === 1 ? T.changedOneDay : fill(T.changedDays, { days });
}
