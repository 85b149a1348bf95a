/**
 * Pure helpers of the step panels: which step a stage is, which steps may be opened, and a Surgery read as the
 * lifecycle machine's facts (machines/surgeryLifecycle/lifecycleRules.ts).
 */
import { ACTIVE_STATUSES, isActiveStatus, STATUS_LABELS, type CaseStatus } from '../../../../machines/constants';
import {
  advanceProblems,
  applyFields,
  EMPTY_FACTS,
  type LifecycleFacts,
  type StepFields,
} from '../../../../machines/surgeryLifecycle/lifecycleRules';
import { formatDate, parseBrDate, saoPauloDateTime } from '../../../lib/format/date';
import type { Surgery } from '../types';
import type { Approvals } from './lifecycleApi';

export const STEP_COUNT = ACTIVE_STATUSES.length;

/**
 * The step bar's names: the stages' labels of SPEC §3 (STATUS_LABELS), the same the header's badge and the panels'
 * titles show, so a stage has one name on the page ('Cadastro de Cirurgia', not a second 'Indicação do paciente').
 */
export const STEP_NAMES: readonly string[] = ACTIVE_STATUSES.map((status) => STATUS_LABELS[status]);

/** The case is over: every step opens read-only. */
export function isClosedStatus(status: CaseStatus): boolean {
  return !isActiveStatus(status);
}

/**
 * Zero-based step of the 7-step indicator for a stage: the active stages are steps 0–6, concluido is past the
 * last (every step done), cancelado/arquiv (and unknown keys) show no current step.
 */
export function stepIndexOf(status: string): number {
  const index = (ACTIVE_STATUSES as readonly string[]).indexOf(status);
  if (index >= 0) return index;
  return status === 'concluido' ? ACTIVE_STATUSES.length : -1;
}

/** The step a case opens on: its current one; the payment step once concluded or cancelled; the first when archived. */
export function defaultStepIndex(status: CaseStatus): number {
  if (isActiveStatus(status)) return stepIndexOf(status);
  // An archived case may have left at any step; a concluded or cancelled one left at the payment step.
  return status === 'arquiv' ? 0 : STEP_COUNT - 1;
}

/** SPEC §2: a step opens up to the current status; any step once the case is finished (or cancelled, archived). */
export function canOpenStep(status: CaseStatus, index: number): boolean {
  if (index < 0 || index >= STEP_COUNT) return false;
  return isClosedStatus(status) || index <= stepIndexOf(status);
}

/** The stage a step shows. */
export function stepStatus(index: number): (typeof ACTIVE_STATUSES)[number] {
  return ACTIVE_STATUSES[Math.min(Math.max(index, 0), STEP_COUNT - 1)]!;
}

/** The step fields of a Surgery as the machine names them (the approvals come from approvals/{id}/ only). */
export function stepFieldsOf(surgery: Surgery): StepFields {
  return {
    document_arrivals: surgery.document_arrivals,
    schedule: saoPauloDateTime(surgery.schedule),
    accomplishment: surgery.accomplishment,
    payment_done: surgery.payment_done,
    date_payment: surgery.date_payment,
  };
}

/** The machine's facts for a case (and its approvals, when read). */
export function factsOf(surgery: Surgery, approvals?: Approvals | null): LifecycleFacts {
  return {
    ...EMPTY_FACTS,
    payment_fountains: surgery.payment_fountains,
    opme: surgery.opme,
    ...stepFieldsOf(surgery),
    ...(approvals
      ? {
          hospital_approvals: approvals.hospital_approvals,
          plan_approvals: approvals.plan_approvals,
          opme_approvals: approvals.opme_approvals,
        }
      : {}),
  };
}

/** A yyyy-MM-dd date as the masked field shows it (dd/mm/aaaa), '' when none. */
export function brDateOf(iso: string | null | undefined): string {
  return formatDate(iso);
}

/** A masked dd/mm/aaaa date as the API takes it, or null when empty, incomplete or not a real date. */
export function isoDateOf(text: string): string | null {
  return parseBrDate(text);
}

/** A note as sent: trimmed, null when blank. */
export function noteOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The problems of a step whose checks read only its own fields (env_doc, realizacao, pagamento), by the same rules
 * the machine and the server use (lifecycleRules `advanceProblems`).
 */
export function ownFieldProblems(step: 'env_doc' | 'realizacao' | 'pagamento', fields: StepFields): string[] {
  return advanceProblems(step, applyFields(EMPTY_FACTS, fields));
}
