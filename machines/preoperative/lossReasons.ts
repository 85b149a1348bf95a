import { LOSS_REASON_LABELS, LOSS_REASONS, type LossReason } from './constants';

/**
 * The loss reasons' labels, guard, lengths and shapes (issue 13) without the reasons' schemas (./reasonSchemas.ts,
 * arktype, which re-exports these): the server uses them without loading the schemas at start (issue 41, goal 5), and
 * the case page names a reason at first paint, loading the archive and cancel dialogs' checks only when one opens
 * (goal 6).
 */

/** At most this many characters of free text beside the reason. */
export const LOSS_REASON_NOTE_MAX = 500;

/** How the dashboard names the lost cases whose move carried no reason (archived before issue 13, or by the API). */
export const NO_LOSS_REASON_LABEL = 'Sem motivo informado';

/** A reason's pt-BR label; null (no reason given) is NO_LOSS_REASON_LABEL. */
export function lossReasonLabel(reason: LossReason | null): string {
  return reason === null ? NO_LOSS_REASON_LABEL : LOSS_REASON_LABELS[reason];
}

export function isLossReason(value: unknown): value is LossReason {
  return typeof value === 'string' && (LOSS_REASONS as readonly string[]).includes(value);
}

/** What the dialogs hold: the select's value ('' before a choice) and the text. */
export type LossReasonValues = { reason: string; reason_note: string };

/** What a move carries (the dialog's values once valid); the API body's reason fields. */
export type LossReasonChoice = { reason: LossReason; reason_note: string | null };
