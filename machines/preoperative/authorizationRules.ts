import type { ApprovalValue, CaseStatus, PaymentSource } from '../constants';
import { brDate, daysBetween } from '../rules/dates';
import { stageIs, stagesWhere } from '../stages';
import {
  AUTHORIZATION_WARNING_DAYS,
  type AuthorizationAlertKind,
  type AuthorizationPayer,
  type AuthorizationStatus,
} from './constants';

/**
 * When an authorization record is warned about (DECISIONS §15), shared by the server (the Surgery answer's
 * `authorization_alerts`, the homes' list) and the SPA (the scheduling confirmation), so both say the same. Pure
 * functions: no IO.
 *
 * A record is watched only while the case is not yet operated (ind_paciente … realizacao) and only when it was
 * granted (aprovada or parcial) with a valid-until date. Each watched record gives at most one alert, the most
 * urgent of:
 * - `expired`: the validity ended before today;
 * - `before_schedule`: the surgery is scheduled after the validity's last day;
 * - `expiring`: the validity ends within AUTHORIZATION_WARNING_DAYS days (0 = today, up to 7 days from today).
 */

/** What the rules read of one record. */
export type AuthorizationValidity = {
  payer: AuthorizationPayer;
  status: AuthorizationStatus;
  valid_until: string | null;
};

type AuthorizationAlert = {
  payer: AuthorizationPayer;
  kind: AuthorizationAlertKind;
  valid_until: string;
  message: string;
};

/** The case facts the alerts depend on. `schedule` starts with its São Paulo day (`yyyy-MM-dd…`), or is null. */
type AlertCase = { status: CaseStatus; schedule: string | null };

/** The stages in which a case is not yet operated. */
export const WATCHED_STATUSES: readonly CaseStatus[] = stagesWhere('beforeSurgery');

/**
 * Whether a case's authorization records may still change status freely (DECISIONS §15): from the scheduling on
 * they are locked.
 */
export function authorizationOpen(status: CaseStatus): boolean {
  return stageIs(status, 'authorizationOpen');
}

/** The statuses that grant the case something with a validity. */
const GRANTED: readonly AuthorizationStatus[] = ['aprovada', 'parcial'];

/** "Autorização do hospital", "… do plano de saúde", "… da OPME". */
const SUBJECT: Record<AuthorizationPayer, string> = {
  hospital: 'Autorização do hospital',
  plano: 'Autorização do plano de saúde',
  opme: 'Autorização da OPME',
};

/** The pt-BR sentence of an alert. */
export function alertMessage(payer: AuthorizationPayer, kind: AuthorizationAlertKind, validUntil: string, today: string, scheduleDay?: string | null): string {
  const subject = SUBJECT[payer];
  const date = brDate(validUntil);
  if (kind === 'expired') return `${subject} venceu em ${date}`;
  if (kind === 'before_schedule') {
    return scheduleDay
      ? `${subject} vence antes da cirurgia (vence em ${date}; cirurgia em ${brDate(scheduleDay)})`
      : `${subject} vence antes da cirurgia (vence em ${date})`;
  }
  const days = daysBetween(today, validUntil);
  if (days <= 0) return `${subject} vence hoje (${date})`;
  if (days === 1) return `${subject} vence amanhã (${date})`;
  return `${subject} vence em ${days} dias (${date})`;
}

/** Whether a record is watched at all: granted, with a validity. */
function watched(record: AuthorizationValidity): record is AuthorizationValidity & { valid_until: string } {
  return record.valid_until !== null && GRANTED.includes(record.status);
}

/** The kind of alert a watched record gives, or null. */
function alertKind(validUntil: string, scheduleDay: string | null, today: string): AuthorizationAlertKind | null {
  if (validUntil < today) return 'expired';
  if (scheduleDay !== null && scheduleDay > validUntil) return 'before_schedule';
  return daysBetween(today, validUntil) <= AUTHORIZATION_WARNING_DAYS ? 'expiring' : null;
}

/**
 * The alerts of one case's records (`today` yyyy-MM-dd, São Paulo), soonest validity first. None once the case is
 * operated or closed.
 */
export function authorizationAlerts(
  records: readonly AuthorizationValidity[],
  surgery: AlertCase,
  today: string,
): AuthorizationAlert[] {
  if (!WATCHED_STATUSES.includes(surgery.status)) return [];
  const scheduleDay = surgery.schedule ? surgery.schedule.slice(0, 10) : null;
  const alerts: AuthorizationAlert[] = [];
  for (const record of records) {
    if (!watched(record)) continue;
    const kind = alertKind(record.valid_until, scheduleDay, today);
    if (kind) {
      alerts.push({
        payer: record.payer,
        kind,
        valid_until: record.valid_until,
        message: alertMessage(record.payer, kind, record.valid_until, today, scheduleDay),
      });
    }
  }
  return alerts.sort((a, b) => a.valid_until.localeCompare(b.valid_until));
}

/**
 * The granted records whose validity ends before `day` (yyyy-MM-dd): scheduling the surgery on `day` asks for a
 * confirmation when there is any (DECISIONS §15).
 */
export function authorizationsEndingBefore<R extends AuthorizationValidity>(records: readonly R[], day: string): R[] {
  return records.filter((record) => watched(record) && record.valid_until < day);
}

/** The payers whose authorization a case needs: the hospital always; the plan when it pays; OPME when used. */
export function applicablePayers(surgery: { payment_fountains: PaymentSource | null; opme: boolean }): AuthorizationPayer[] {
  return [
    'hospital',
    ...(surgery.payment_fountains === 'plano_saude' ? (['plano'] as const) : []),
    ...(surgery.opme ? (['opme'] as const) : []),
  ];
}

/**
 * The approval toggle (SPEC's aprovada/negada) a record's status stands for (DECISIONS §15): 'aprovada' and 'negada'
 * are their own; a 'parcial' record keeps an approval that was turned on over it (the office confirmed going ahead
 * with the partial answer, and the record still says 'Parcial'), as long as the record stays 'parcial'; any other
 * status: none. `before` is the record's status and toggle before the save.
 */
export function toggleOfRecord(
  status: AuthorizationStatus,
  before?: { status: AuthorizationStatus; toggle: ApprovalValue | null },
): ApprovalValue | null {
  if (status === 'aprovada' || status === 'negada') return status;
  return status === 'parcial' && before?.status === 'parcial' && before.toggle === 'aprovada' ? 'aprovada' : null;
}

/**
 * The record status an approval toggle writes (update/{id}/, DECISIONS §15): the toggle's own, except that turning
 * the approval on over a 'parcial' record keeps the record's answer (third week: it used to become 'Aprovada', and
 * the partial answer was lost).
 */
export function recordStatusOfToggle(current: AuthorizationStatus | null, toggle: ApprovalValue): AuthorizationStatus {
  return toggle === 'aprovada' && current === 'parcial' ? 'parcial' : toggle;
}
